// The table of docs/configuration.md, written from the environment's schema (src/platform/config-environment.ts):
// each variable's name, its default (by mode where the mode decides it, read from the Config that
// loadConfig builds), what it accepts and what it means. scripts/write-config-table.ts writes it; a
// test keeps the page's copy equal to it.
import { z } from 'zod'
import { type Config, loadConfig } from '../src/platform/config.ts'
import { envSchema } from '../src/platform/config-environment.ts'

type Variable = keyof typeof envSchema.shape

interface Row {
  meaning: string
  /** The default where the schema has none: what the sandbox takes instead, in words. */
  byDefault?: string
  /** The default the mode decides, read from the Config of each mode (null: 0, no bound). */
  byMode?: (config: Config) => number | string | boolean | null
}

const MB = 1024 * 1024

/** What each variable means. Typed by the schema: a variable added there without a row here does not compile. */
const ROWS: Record<Variable, Row> = {
  PORT: { meaning: 'the port the server listens on' },
  HOST: { meaning: 'the address the server listens on' },
  SANDBOX_DB: {
    meaning:
      "the SQLite file (its folder created); `:memory:` for a throwaway sandbox. The files are the owner's only (0600), and so is their folder (0700) when nothing else is in it",
  },
  SANDBOX_JWT_SECRET: { byDefault: 'generated once, kept in the database', meaning: 'the token signing secret; when set, it is never written anywhere' },
  SANDBOX_SECRETS_KEY: {
    byDefault: 'none; required hosted',
    meaning:
      "the key the database's signing secrets are sealed under (AES-256-GCM): the generated token secret, the certification key, the partners' webhook secrets. Unset: stored in clear. Keep it: without it, or with another, a database sealed under it does not start",
  },
  SANDBOX_TOKEN_TTL_SECONDS: { meaning: 'how long a token lasts' },
  SANDBOX_SCENARIOS_DIR: { meaning: 'a folder of scenario files (JSON or YAML), loaded after the shipped ones (docs/scenarios.md "An operator\'s folder")' },
  SANDBOX_TIME_SCALE: {
    meaning:
      "multiplies every sandbox delay (the callbacks' retry schedule, scenario steps): `0.001` turns 5 min into 0.3 s. Not scenario latency nor the 15 s callback timeout: those test a client's timeouts and a receiver's",
  },
  SANDBOX_CALLBACK_ALLOW_HTTP: { meaning: 'accept plain http callback addresses' },
  SANDBOX_CALLBACK_ALLOW_PRIVATE: { meaning: 'accept callback addresses that resolve to loopback or private ranges' },
  SANDBOX_LISTENERS_PER_PARTNER: { meaning: 'listeners (`mortgage-sandbox listen`) a partner may have connected at once; `0`: no bound' },
  SANDBOX_CALLBACK_CA_FILE: { meaning: 'extra CA certificates (PEM) trusted for callback delivery' },
  SANDBOX_SMTP_URL: { meaning: "relay e-mails over SMTP as well as capturing them: to each partner's verified addresses (its contact address once verified)" },
  LOG_LEVEL: { meaning: 'the least level logged' },
  LOG_FORMAT: {
    meaning:
      '`json` (one JSON line per event, pino), `pretty` (readable lines, a startup summary of addresses, logins and database), or `auto`: pretty on a terminal, JSON otherwise',
  },
  SANDBOX_MODE: { meaning: '`local` (one developer) or `hosted` (every partner of the bank): the defaults of the settings that say "local" and "hosted"' },
  SANDBOX_PUBLIC_URL: { meaning: "the hosted sandbox's public address: the first server of the OpenAPI documents it serves" },
  SANDBOX_SIGNUP: { byMode: (c) => c.signup, meaning: '`POST /sandbox/signup`: `open`, `invite` (an invitation code of the operator) or `off`' },
  SANDBOX_OPERATOR_TOKEN: { byDefault: 'none; required hosted', meaning: "the operator API's bearer token" },
  SANDBOX_DEMO_IDENTITIES: { byMode: (c) => c.demoIdentities, meaning: '`broker-a`, `broker-a2` and `broker-b` may log in' },
  SANDBOX_RETENTION_DAYS: { byMode: (c) => c.retentionDays, meaning: "partners' data older than this is swept; `0` keeps it" },
  SANDBOX_AUDIT_RETENTION_DAYS: {
    meaning: "audit entries older than this are swept, whatever became of their partner (a reset and a partner's deletion keep them); `0` keeps them",
  },
  SANDBOX_RATE_LIMIT: {
    byMode: (c) => c.rateLimit?.perSecond ?? null,
    meaning: "requests a second per partner (a token bucket), the API's and the console's pages; `0`: no limit, and no fair share at all",
  },
  SANDBOX_RATE_LIMIT_BURST: {
    byDefault: '10 × the rate',
    meaning: "with a rate limit: the bucket's size, tokens at once (a request takes one, and one more for each `SANDBOX_RATE_LIMIT_COST_MS` of server time past its first)",
  },
  SANDBOX_RATE_LIMIT_COST_MS: { meaning: "with a rate limit: the server time (ms) one request's token covers; a longer request counts as its time over this" },
  SANDBOX_PARTNER_CONCURRENCY: { meaning: "with a rate limit: a partner's requests running at once; `0`: no bound" },
  SANDBOX_PARTNER_QUEUE: { meaning: "with a rate limit: a partner's requests waiting for their turn; one more answers 429" },
  SANDBOX_PARTNER_QUEUE_WAIT_MS: { meaning: 'with a rate limit: how long a request waits for its turn (ms) before a 429' },
  SANDBOX_ESIS_THREADS: { byDefault: 'the cores less one, at least 1', meaning: 'threads rendering ESIS PDFs, off the event loop' },
  SANDBOX_ESIS_RENDERS_PER_PARTNER: { byMode: (c) => c.esisRendering.perPartner, meaning: "a partner's ESIS renders running or waiting; `0`: no bound" },
  SANDBOX_ESIS_RENDER_QUEUE: { meaning: 'ESIS renders of every partner waiting for a thread' },
  SANDBOX_ESIS_RENDER_MS_PER_SECOND: {
    meaning: "with a rate limit: a partner's ESIS render budget, render-thread time (ms) a second; a render past it answers 429, the partner's other requests go on",
  },
  SANDBOX_ESIS_RENDER_BURST_MS: { meaning: "with a rate limit: the render budget's size, render-thread time (ms) at once (a 480-month loan's ESIS takes about 85 ms)" },
  SANDBOX_QUOTA_SIMULATIONS: { byMode: (c) => c.quotas.simulations, meaning: 'stored simulations per partner; `0`: no quota' },
  SANDBOX_QUOTA_PROCESSES: { byMode: (c) => c.quotas.processes, meaning: 'stored processes per partner; `0`: no quota' },
  SANDBOX_QUOTA_DOCUMENT_MB: {
    byMode: (c) => (c.quotas.documentBytes === null ? null : c.quotas.documentBytes / MB),
    meaning: "stored documents' megabytes per partner; `0`: no quota",
  },
  SANDBOX_QUOTA_CALLBACKS: { byMode: (c) => c.quotas.callbackConfigurations, meaning: 'callback configurations per partner; `0`: no quota' },
  SANDBOX_QUOTA_SCENARIOS: { byMode: (c) => c.quotas.scenarios, meaning: "a partner's own scenarios; `0`: no quota" },
  SANDBOX_QUOTA_STORAGE_MB: {
    byMode: (c) => (c.quotas.storageBytes === null ? null : c.quotas.storageBytes / MB),
    meaning:
      'every stored megabyte per partner (documents, e-mails with their attachments, messages, own scenarios, the journal, which keeps its `SANDBOX_JOURNAL_MAX_MB` inside it); `0`: no quota',
  },
  SANDBOX_MAILS_PER_DAY: { byMode: (c) => c.mail.perDay, meaning: 'e-mails a partner may send a day, captured or relayed; `0`: no bound' },
  SANDBOX_SMTP_RECIPIENTS: {
    meaning: "`verified`: the relay sends to partners' contact and verified addresses only; `any`: to every address (a local catch-all SMTP server only; refused hosted)",
  },
  SANDBOX_SIGNUPS_PER_HOUR: { byMode: (c) => c.signupsPerHour, meaning: 'sign-ups an hour from one client address; `0`: no bound' },
  SANDBOX_SQLITE_CACHE_MB: { meaning: "SQLite's page cache, per connection" },
  SANDBOX_TRUST_PROXY: {
    meaning:
      'behind reverse proxies: how many hops are yours (`true` is 1), or their addresses and CIDR ranges (`10.0.0.0/8,fd00::/8`); the client address (throttles, the audit trail) is then the right-most `X-Forwarded-For` entry they did not add',
  },
  SANDBOX_JOURNAL_MAX_ENTRIES: { byMode: (c) => c.journal.maxEntries, meaning: "the request journal's newest entries kept per partner; `0` turns the journal off" },
  SANDBOX_JOURNAL_MAX_PER_SECOND: { meaning: 'requests journaled a second per partner; the rest are counted in the log, not kept' },
  SANDBOX_JOURNAL_MAX_MB: {
    byMode: (c) => c.journal.maxBytes / MB,
    meaning: 'the most the journal keeps per partner, oldest entries dropped first; less than `SANDBOX_QUOTA_STORAGE_MB`',
  },
  SANDBOX_CERTIFICATION_TIMEOUT_SECONDS: { meaning: "how long a certification probe waits for the partner's receiver" },
  SANDBOX_FAULT_TIMEOUT_MS: { meaning: 'the longest (and default) hold of a `timeout` fault' },
  SANDBOX_FAULT_SLOW_BODY_MS: { meaning: 'the longest (and default) trickle of a `slow-body` fault' },
  SANDBOX_FAULTS_HELD: { meaning: 'connections held by `timeout` and `slow-body` faults at once, in the sandbox' },
  SANDBOX_FAULTS_HELD_PER_PARTNER: { meaning: 'connections held by `timeout` and `slow-body` faults at once, of one partner' },
  SANDBOX_PASSWORD_COST: {
    byDefault: '16384 (2^14, with r=8, p=5)',
    meaning: "scrypt's N for new password hashes; lower only on a local test rig that logs in very often; a hosted sandbox refuses less than the default",
  },
  SANDBOX_LOGINS_PER_USER_BURST: { byMode: (c) => c.logins.perUser.burst, meaning: 'successful logins of one username at once (429, 010511, past them)' },
  SANDBOX_LOGINS_PER_USER_PER_MINUTE: { byMode: (c) => c.logins.perUser.perMinute, meaning: 'then successful logins of one username a minute' },
  SANDBOX_LOGINS_PER_ADDRESS_BURST: { byMode: (c) => c.logins.perAddress.burst, meaning: 'successful logins from one client address (an IPv6 one by its /64) at once' },
  SANDBOX_LOGINS_PER_ADDRESS_PER_MINUTE: { byMode: (c) => c.logins.perAddress.perMinute, meaning: 'then successful logins from one client address a minute' },
  SANDBOX_PASSWORD_HASHES: {
    byDefault: 'the cores, from 1 to 4',
    meaning: 'password hashes at once of each priority (a partner’s only one, and a burst’s below everything), each in a thread of its own, 16 MiB each at the default cost',
  },
  SANDBOX_LOGIN_QUEUE_PER_PARTNER: { byMode: (c) => c.logins.queuePerPartner, meaning: 'password hashes of one partner waiting for their turn; one more answers 429 (010512)' },
  SANDBOX_LOGIN_QUEUE: { byMode: (c) => c.logins.queue, meaning: 'password hashes of every partner waiting; one more answers 429 (010512)' },
  SANDBOX_METRICS: { meaning: '`GET /metrics` in the Prometheus format; `false`: no metrics, no cost (docs/operating.md "Metrics")' },
  SANDBOX_METRICS_TOKEN: { meaning: 'the bearer token a scrape must bring; a hosted sandbox without one keeps `/metrics` closed (403)' },
  SANDBOX_BACKUP_EVERY_MINUTES: { meaning: 'the server backs its database up every so many minutes (checked copies); `0`: no scheduled backups' },
  SANDBOX_BACKUP_KEEP: { meaning: 'the newest scheduled backups kept' },
  SANDBOX_BACKUP_DIR: { meaning: 'where the scheduled backups go (`/backups` in the deployment of `deploy/`)' },
}

export const CONFIG_TABLE_START = '<!-- config-table: written from src/platform/config-environment.ts by scripts/write-config-table.ts -->'
export const CONFIG_TABLE_END = '<!-- config-table end -->'

const code = (value: unknown) => `\`${String(value)}\``
const FLAG = ['0', '1', 'true', 'false', 'yes', 'no']

interface JsonSchema {
  type?: string
  enum?: string[]
  minimum?: number
  maximum?: number
  minLength?: number
}

/** What a variable accepts, from its JSON Schema; a rule the schema cannot say (a length after trimming, a URL, a refinement) from the message a bad value gets. */
function accepts(name: Variable, schema: JsonSchema): string {
  if (schema.enum?.every((v) => FLAG.includes(v))) return '`true` or `false` (`1`/`0`, `yes`/`no`)'
  if (schema.enum)
    return schema.enum
      .map(code)
      .join(', ')
      .replace(/, ([^,]+)$/, ' or $1')
  const number = schema.type === 'integer' ? 'a whole number' : 'a number'
  const bounded = (n: number | undefined) => n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER
  const refused = (value: string) => {
    const result = envSchema.shape[name].safeParse(value)
    return result.success ? undefined : result.error.issues[0]!.message.replace(/^must be /, '')
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    if (bounded(schema.minimum) && bounded(schema.maximum)) return `${number} from ${schema.minimum!.toLocaleString('en')} to ${schema.maximum!.toLocaleString('en')}`
    if (bounded(schema.minimum)) return `${number}, ${schema.minimum} or more`
    return refused('3') ?? number
  }
  if (schema.minLength !== undefined) return 'text'
  const rule = refused('x')
  return rule ? rule.replace(/^at least (\d+) characters$/, 'text of $1 characters or more') : 'text'
}

/** The default a variable takes when unset: the schema's, else the one each mode gives it, else the row's words. */
function byDefault(name: Variable, row: Row, defaults: Record<string, unknown>, modes: Record<'local' | 'hosted', Config>): string {
  if (row.byMode) {
    const [local, hosted] = [row.byMode(modes.local) ?? 0, row.byMode(modes.hosted) ?? 0]
    return local === hosted ? code(local) : `${code(local)} local, ${code(hosted)} hosted`
  }
  if (row.byDefault) return row.byDefault
  const value = defaults[name]
  return value === undefined ? 'none' : code(value === 0 && name === 'SANDBOX_TRUST_PROXY' ? false : value)
}

/** The Markdown table of every variable, between its markers. */
export function configTable(): string {
  const json = z.toJSONSchema(envSchema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, JsonSchema> }
  const defaults = envSchema.parse({}) as Record<string, unknown>
  const secret = 'x'.repeat(32)
  const modes = {
    local: loadConfig({ SANDBOX_MODE: 'local' }),
    hosted: loadConfig({ SANDBOX_MODE: 'hosted', SANDBOX_OPERATOR_TOKEN: secret, SANDBOX_SECRETS_KEY: secret }),
  }
  const rows = (Object.keys(envSchema.shape) as Variable[]).map((name) => {
    const row = ROWS[name]
    const cells = [code(name), byDefault(name, row, defaults, modes), accepts(name, json.properties[name]!), row.meaning]
    return `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`
  })
  return [CONFIG_TABLE_START, '', '| Variable | Default | Accepts | Meaning |', '|---|---|---|---|', ...rows, '', CONFIG_TABLE_END].join('\n')
}

/** The variables of the schema, for the test that every one has its row. */
export const configVariables = (): string[] => Object.keys(envSchema.shape)
