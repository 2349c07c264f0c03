import { describe, expect, it } from 'vitest'
import { toVerifierOptions } from '../../src/pact-verification/verify-command.ts'
import { parseVerifyOptions, VerifyUsageError } from '../../src/pact-verification/verify-options.ts'

const SANDBOX_URL = 'http://127.0.0.1:43210'

describe('verify options', () => {
  it('passes the Pact Broker options to the Pact Verifier', () => {
    const options = parseVerifyOptions(
      [
        '--broker-url', 'https://broker.example',
        '--broker-token', 'secret',
        '--provider', 'bank-api',
        '--consumer-version-selectors', '[{"mainBranch":true},{"deployedOrReleased":true}]',
        '--enable-pending',
        '--provider-version', '1.4.0',
        '--provider-branch', 'main',
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

  it.each([
    [[], /--pact .* or --broker-url/],
    [['--pact', 'p.json', '--publish'], /--publish needs --broker-url/],
    [['--broker-url', 'https://b.example', '--publish'], /--publish needs --provider-version/],
    [['--pact', 'p.json', '--consumer-version-selectors', '{bad'], /not JSON/],
    [['--pact', 'p.json', '--log-level', 'loud'], /--log-level/],
    [['--pact', 'p.json', '--colour'], /Unknown option '--colour'/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseVerifyOptions(argv, {})).toThrow(VerifyUsageError)
    expect(() => parseVerifyOptions(argv, {})).toThrow(message)
  })
})
