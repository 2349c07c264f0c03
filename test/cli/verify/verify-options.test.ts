import { describe, expect, it } from 'vitest'
import { toVerifierOptions } from '../../../src/cli/verify/verify-command.ts'
import { parseVerifyOptions, VERIFY_USAGE, VerifyUsageError } from '../../../src/cli/verify/verify-options.ts'
import { createTestSandbox } from '../../support/test-app.ts'

const SANDBOX_URL = 'http://127.0.0.1:43210'

describe('verify options', () => {
  it('passes the Pact Broker options to the Pact Verifier', () => {
    const options = parseVerifyOptions(
      [
        '--broker-url',
        'https://broker.example',
        '--broker-token',
        'secret',
        '--provider',
        'bank-api',
        '--consumer-version-selectors',
        '[{"mainBranch":true},{"deployedOrReleased":true}]',
        '--enable-pending',
        '--provider-version',
        '1.4.0',
        '--provider-branch',
        'main',
        '--publish',
      ],
      {},
    )
    expect(toVerifierOptions(options, SANDBOX_URL)).toEqual({
      provider: 'bank-api',
      providerBaseUrl: SANDBOX_URL,
      pactBrokerUrl: 'https://broker.example',
      pactBrokerToken: 'secret',
      consumerVersionSelectors: [{ mainBranch: true }, { deployedOrReleased: true }],
      enablePending: true,
      providerVersion: '1.4.0',
      providerVersionBranch: 'main',
      publishVerificationResult: true,
      logLevel: 'error',
    })
  })

  it('takes pact files, folders and URLs, tags, and the broker settings of the environment', () => {
    const options = parseVerifyOptions(['--pact', 'pacts', '--pact', 'https://example.com/pact.json', '--consumer-version-tag', 'prod'], {
      PACT_BROKER_BASE_URL: 'https://broker.example',
      PACT_BROKER_USERNAME: 'ci',
      PACT_BROKER_PASSWORD: 'pw',
    })
    expect(toVerifierOptions(options, SANDBOX_URL)).toMatchObject({
      pactUrls: ['pacts', 'https://example.com/pact.json'],
      pactBrokerUrl: 'https://broker.example',
      pactBrokerUsername: 'ci',
      pactBrokerPassword: 'pw',
      consumerVersionTags: ['prod'],
      provider: 'mortgage-partner-portal',
    })
    expect(toVerifierOptions(options, SANDBOX_URL)).not.toHaveProperty('publishVerificationResult')
  })

  it("selects the consumers' main branch and deployed or released versions when no selection is given", () => {
    const options = parseVerifyOptions(['--broker-url', 'https://broker.example'], {})
    expect(toVerifierOptions(options, SANDBOX_URL).consumerVersionSelectors).toEqual([{ mainBranch: true }, { deployedOrReleased: true }])
  })

  it("publishes under the sandbox's own version unless told otherwise (the version /v1/health/version answers, not the partner's commit)", async () => {
    const s = await createTestSandbox()
    const version = await (await s.request('/v1/health/version')).text()
    expect(version).toMatch(/^\d+\.\d+\.\d+/)
    const options = parseVerifyOptions(['--broker-url', 'https://broker.example', '--publish', '--provider-branch', 'main'], {})
    expect(toVerifierOptions(options, SANDBOX_URL)).toMatchObject({ providerVersion: version, providerVersionBranch: 'main', publishVerificationResult: true })
    expect(parseVerifyOptions(['--pact', 'p.json'], {}).providerVersion).toBe(version)
    expect(VERIFY_USAGE).toContain(`the sandbox's own version, ${version}`)
  })

  it.each([
    [[], /--pact .* or --broker-url/],
    [['--pact', 'p.json', '--publish'], /--publish needs --broker-url/],
    [['--pact', 'p.json', '--consumer-version-selectors', '{bad'], /not JSON/],
    [['--pact', 'p.json', '--log-level', 'loud'], /--log-level/],
    [['--pact', 'p.json', '--colour'], /Unknown option '--colour'/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseVerifyOptions(argv, {})).toThrow(VerifyUsageError)
    expect(() => parseVerifyOptions(argv, {})).toThrow(message)
  })
})
