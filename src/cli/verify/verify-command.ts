import { Verifier, type VerifierOptions } from '@pact-foundation/pact'
import { expectedMessages } from './pact-messages.ts'
import { createProviderStateBridge } from './provider-state-bridge.ts'
import { staticCheck } from './static-check.ts'
import { formatVerificationReport, parseVerifierResults, type VerificationResults } from './verification-report.ts'
import { startVerificationSandbox } from './verification-sandbox.ts'
import { parseVerifyOptions, VERIFY_USAGE, VerifyUsageError, type VerifyOptions } from './verify-options.ts'

export interface VerifyIo {
  out(text: string): void
  err(text: string): void
}

const processIo: VerifyIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
}

export interface VerificationOutcome {
  passed: boolean
  results: VerificationResults | null
  report: string
  verificationMs: number
}

/** Pact's recommended selection when none is given: the consumers' main branch and what is deployed or released. */
const DEFAULT_SELECTORS = [{ mainBranch: true }, { deployedOrReleased: true }]

/** The Pact Verifier options of a run: pact sources, broker selection and publication, log level. */
export function toVerifierOptions(options: VerifyOptions, providerBaseUrl: string): VerifierOptions {
  const broker: Partial<VerifierOptions> = options.brokerUrl
    ? {
        pactBrokerUrl: options.brokerUrl,
        ...(options.brokerToken ? { pactBrokerToken: options.brokerToken } : {}),
        ...(options.brokerUsername ? { pactBrokerUsername: options.brokerUsername } : {}),
        ...(options.brokerPassword ? { pactBrokerPassword: options.brokerPassword } : {}),
        ...(options.consumerVersionSelectors ? { consumerVersionSelectors: options.consumerVersionSelectors } : {}),
        ...(options.consumerVersionTags.length ? { consumerVersionTags: options.consumerVersionTags } : {}),
        ...(!options.consumerVersionSelectors && !options.consumerVersionTags.length ? { consumerVersionSelectors: DEFAULT_SELECTORS } : {}),
        enablePending: options.enablePending,
        ...(options.includeWipPactsSince ? { includeWipPactsSince: options.includeWipPactsSince } : {}),
      }
    : {}
  return {
    provider: options.provider,
    providerBaseUrl,
    ...(options.pacts.length ? { pactUrls: options.pacts } : {}),
    ...broker,
    providerVersion: options.providerVersion,
    ...(options.providerBranch ? { providerVersionBranch: options.providerBranch } : {}),
    ...(options.providerVersionTags.length ? { providerVersionTags: options.providerVersionTags } : {}),
    ...(options.buildUrl ? { buildUrl: options.buildUrl } : {}),
    ...(options.publish ? { publishVerificationResult: true } : {}),
    logLevel: options.logLevel,
  }
}

/**
 * Verifies the pacts against a sandbox started for the purpose: the Pact Verifier replays each
 * interaction, its provider states run as sandbox fixtures (state handlers) and its requests go
 * through the request filter (fresh sandbox per interaction, fresh token of the state's partner).
 */
export async function verifyPacts(options: VerifyOptions): Promise<VerificationOutcome> {
  // The Pact core reports anonymous usage unless told not to; a sandbox in a partner's CI should not.
  process.env.PACT_DO_NOT_TRACK ??= 'true'
  const started = performance.now()
  // A partner's own scenarios (X-Sandbox-Scenario in its pacts) load as they do in `serve`.
  const scenariosDir = process.env.SANDBOX_SCENARIOS_DIR?.trim()
  const sandbox = await startVerificationSandbox(scenariosDir ? { scenariosDir } : {})
  const startupMs = performance.now() - started
  const bridge = createProviderStateBridge(sandbox, await expectedMessages(options))
  const sources = [...options.pacts, ...(options.brokerUrl ? [`${options.brokerUrl} (provider ${options.provider})`] : [])]
  let results: VerificationResults | null = null
  let fatal: string | undefined
  const verificationStarted = performance.now()
  try {
    const verifier = new Verifier({
      ...toVerifierOptions(options, sandbox.url),
      stateHandlers: bridge.stateHandlers as VerifierOptions['stateHandlers'],
      requestFilter: bridge.requestFilter as VerifierOptions['requestFilter'],
      // The pacts' message interactions (notifications), verified beside the HTTP ones.
      messageProviders: bridge.messageProviders as VerifierOptions['messageProviders'],
    })
    results = parseVerifierResults(await verifier.verifyProvider())
  } catch (error) {
    results = parseVerifierResults(error)
    if (!results) fatal = error instanceof Error ? error.message : String(error)
  } finally {
    await sandbox.close()
  }
  const verificationMs = performance.now() - verificationStarted
  const report = formatVerificationReport({
    version: sandbox.version,
    sources,
    results,
    ...(fatal ? { fatal } : {}),
    stateFailures: bridge.failures(),
    startupMs,
    verificationMs,
  })
  return { passed: results !== null && results.errors.length === 0, results, report, verificationMs }
}

/**
 * `mortgage-sandbox verify`: 0 when every interaction passes, 1 when one fails (or the pacts
 * cannot be read), 2 on bad usage.
 */
export async function runVerify(argv: string[], io: VerifyIo = processIo): Promise<number> {
  let options: VerifyOptions
  try {
    options = parseVerifyOptions(argv)
  } catch (error) {
    if (!(error instanceof VerifyUsageError)) throw error
    io.err(`mortgage-sandbox verify: ${error.message}\n\n${VERIFY_USAGE}\n`)
    return 2
  }
  if (options.help) {
    io.out(VERIFY_USAGE + '\n')
    return 0
  }
  if (options.staticOnly) {
    const { ok, report } = await staticCheck(options)
    io.out(report)
    return ok ? 0 : 1
  }
  const outcome = await verifyPacts(options)
  io.out(outcome.report)
  return outcome.passed ? 0 : 1
}
