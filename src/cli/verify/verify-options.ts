import { parseArgs } from 'node:util'
import { fromRoot, packageVersion } from '../../platform/package-root.ts'

/** The provider name pacts use for this API (any name verifies from files; a broker needs the right one). */
export const DEFAULT_PROVIDER = 'mortgage-partner-portal'

export const VERIFY_USAGE = `Usage: mortgage-sandbox verify --pact <file|folder|url> [options]
       mortgage-sandbox verify --broker-url <url> [options]

Verifies Pact consumer contracts against this sandbox: started in-process on a free loopback port
with a throwaway database; each interaction runs on a fresh copy, its provider states loaded as
sandbox fixtures, its Authorization header replaced by a fresh token of the state's partner.
Message interactions (V3 messages, V4 asynchronous messages) get the notification they name (their
metadata notificationType, a code or an id, else a code in their description), made by the code
that sends real ones. Exits 1 when any interaction fails, 2 on bad usage.

Pacts:
  --pact <file|folder|url>            a pact file, a folder of pact files or a pact URL (repeatable)
  --provider <name>                   provider name in the pacts / broker (default ${DEFAULT_PROVIDER})

Pact Broker (PACT_BROKER_BASE_URL, PACT_BROKER_TOKEN, PACT_BROKER_USERNAME/PASSWORD also work):
  --broker-url <url>                  fetch the pacts for --provider from this broker
  --broker-token <token>              bearer token of the broker
  --broker-username <name>, --broker-password <password>
  --consumer-version-selectors <json> default '[{"mainBranch":true},{"deployedOrReleased":true}]'
  --consumer-version-tag <tag>        consumer version tag to verify (repeatable)
  --enable-pending                    pending pacts do not fail the build
  --include-wip-pacts-since <date>    also verify work-in-progress pacts since this date
  --provider-version <version>        version of the verified provider, published with --publish
                                      (default: the sandbox's own version, ${packageVersion()}, as
                                      GET /v1/health/version answers it: not your commit)
  --provider-branch <branch>          branch of the verified provider
  --provider-version-tag <tag>        tag of the verified provider version (repeatable)
  --build-url <url>                   link to the CI build, shown by the broker
  --publish                           publish the verification results to the broker

Other:
  --static                            check the pacts against the OpenAPI document only
                                      (swagger-mock-validator): no sandbox, a fast first check;
                                      message interactions are left to the verification
  --spec <file|url>                   OpenAPI document for --static (default: the sandbox's own)
  --log-level <level>                 Pact log level: trace, debug, info, warn, error (default error)
  -h, --help                          this text`

export interface VerifyOptions {
  pacts: string[]
  provider: string
  brokerUrl?: string
  brokerToken?: string
  brokerUsername?: string
  brokerPassword?: string
  consumerVersionSelectors?: Array<Record<string, unknown>>
  consumerVersionTags: string[]
  enablePending: boolean
  includeWipPactsSince?: string
  /** The sandbox's own version unless given: the results describe the bank's API as the sandbox plays it. */
  providerVersion: string
  providerBranch?: string
  providerVersionTags: string[]
  buildUrl?: string
  publish: boolean
  staticOnly: boolean
  spec: string
  logLevel: 'trace' | 'debug' | 'info' | 'warn' | 'error'
  help: boolean
}

/** Bad usage of the command: exit 2 with the message and the usage text. */
export class VerifyUsageError extends Error {
  override name = 'VerifyUsageError'
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error'] as const

function selectorsOf(text: string | undefined): Array<Record<string, unknown>> | undefined {
  if (text === undefined) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new VerifyUsageError(`--consumer-version-selectors is not JSON: ${text}`)
  }
  const list = Array.isArray(parsed) ? parsed : [parsed]
  if (!list.every((s) => typeof s === 'object' && s !== null && !Array.isArray(s))) {
    throw new VerifyUsageError('--consumer-version-selectors must be a JSON object or an array of objects')
  }
  return list as Array<Record<string, unknown>>
}

/**
 * Reads the arguments of `verify` (after the command name); the broker settings fall back on the
 * environment variables the Pact tools use, the provider version on the sandbox's own version.
 * @throws VerifyUsageError on unknown options or missing values.
 */
export function parseVerifyOptions(argv: string[], env: Record<string, string | undefined> = process.env, sandboxVersion: string = packageVersion()): VerifyOptions {
  let values: ReturnType<typeof parse>['values']
  try {
    values = parse(argv).values
  } catch (error) {
    throw new VerifyUsageError(error instanceof Error ? error.message : String(error))
  }
  const logLevel = values['log-level'] ?? 'error'
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) throw new VerifyUsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}`)
  const options: VerifyOptions = {
    pacts: values.pact ?? [],
    provider: values.provider ?? DEFAULT_PROVIDER,
    brokerUrl: values['broker-url'] ?? env.PACT_BROKER_BASE_URL,
    brokerToken: values['broker-token'] ?? env.PACT_BROKER_TOKEN,
    brokerUsername: values['broker-username'] ?? env.PACT_BROKER_USERNAME,
    brokerPassword: values['broker-password'] ?? env.PACT_BROKER_PASSWORD,
    consumerVersionSelectors: selectorsOf(values['consumer-version-selectors']),
    consumerVersionTags: values['consumer-version-tag'] ?? [],
    enablePending: values['enable-pending'] ?? false,
    includeWipPactsSince: values['include-wip-pacts-since'],
    providerVersion: values['provider-version'] ?? sandboxVersion,
    providerBranch: values['provider-branch'],
    providerVersionTags: values['provider-version-tag'] ?? [],
    buildUrl: values['build-url'],
    publish: values.publish ?? false,
    staticOnly: values.static ?? false,
    spec: values.spec ?? fromRoot('contracts', 'openapi.json'),
    logLevel: logLevel as VerifyOptions['logLevel'],
    help: values.help ?? false,
  }
  if (options.help) return options
  if (options.pacts.length === 0 && !options.brokerUrl) throw new VerifyUsageError('give --pact <file|folder|url> or --broker-url <url>')
  if (options.publish && !options.brokerUrl) throw new VerifyUsageError('--publish needs --broker-url')
  return options
}

/** The options `verify` takes (node:util parseArgs): the CI examples' flags are checked against these. */
export const VERIFY_OPTIONS = {
  pact: { type: 'string', multiple: true },
  provider: { type: 'string' },
  'broker-url': { type: 'string' },
  'broker-token': { type: 'string' },
  'broker-username': { type: 'string' },
  'broker-password': { type: 'string' },
  'consumer-version-selectors': { type: 'string' },
  'consumer-version-tag': { type: 'string', multiple: true },
  'enable-pending': { type: 'boolean' },
  'include-wip-pacts-since': { type: 'string' },
  'provider-version': { type: 'string' },
  'provider-branch': { type: 'string' },
  'provider-version-tag': { type: 'string', multiple: true },
  'build-url': { type: 'string' },
  publish: { type: 'boolean' },
  static: { type: 'boolean' },
  spec: { type: 'string' },
  'log-level': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

function parse(argv: string[]) {
  return parseArgs({ args: argv, strict: true, allowPositionals: false, options: VERIFY_OPTIONS })
}
