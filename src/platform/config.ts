import { availableParallelism } from 'node:os'
import { z } from 'zod'
import { ConfigError, envSchema, parseTrustProxy, type TrustProxy } from './config-environment.ts'

export { ConfigError, parseTrustProxy, type TrustProxy }

/** What each mode means when a setting is not given (docs/design.md "Partners"). 0 turns a limit off. */
const MODE_DEFAULTS = {
  local: {
    signup: 'open',
    demoIdentities: true,
    retentionDays: 0,
    journalEntries: 10_000,
    journalMb: 100,
    rateLimit: 0,
    esisRendersPerPartner: 0,
    signupsPerHour: 0,
    mailsPerDay: 0,
    quotas: { simulations: 0, processes: 0, documentMb: 0, callbacks: 0, scenarios: 0, storageMb: 0 },
    // One developer and its test rig, all from one address: generous, never unbounded.
    logins: { userBurst: 100, userPerMinute: 600, addressBurst: 300, addressPerMinute: 1200, queuePerPartner: 100, queue: 400 },
  },
  hosted: {
    signup: 'invite',
    demoIdentities: false,
    retentionDays: 30,
    journalEntries: 2_000,
    journalMb: 16,
    rateLimit: 20,
    esisRendersPerPartner: 2,
    signupsPerHour: 10,
    mailsPerDay: 100,
    quotas: { simulations: 5000, processes: 1000, documentMb: 200, callbacks: 12, scenarios: 50, storageMb: 256 },
    // A token lasts an hour: ten logins at once (a client's processes starting together), then one every 6 s.
    logins: { userBurst: 10, userPerMinute: 10, addressBurst: 30, addressPerMinute: 30, queuePerPartner: 10, queue: 40 },
  },
} as const

export type LogLevel = z.infer<typeof envSchema>['LOG_LEVEL']
/** json: one JSON line per event; pretty: readable lines. `auto` (the setting's default) is pretty on a terminal. */
export type LogFormat = 'json' | 'pretty'

/** scrypt's cost parameters: N (CPU and memory, a power of 2), r (block size), p (parallelism). */
export interface PasswordCost {
  N: number
  r: number
  p: number
}

/**
 * The cost of new password hashes: a row of OWASP's Password Storage Cheat Sheet's scrypt table, all
 * of one strength (N=2^17 with p=1, or 2^16 with p=2, 2^15 with p=3, 2^14 with p=5…). The last is
 * taken: 16 MiB a hash instead of 128, so one hash per core fits in memory, and about 0.2 s of one
 * core (0.65 s for 2^17 with p=1 on the same machine). An older hash at 2^17 is upgraded to it at
 * its user's next login. docs/decisions.md "Platform".
 */
export const PASSWORD_COST: PasswordCost = { N: 2 ** 14, r: 8, p: 5 }

/**
 * Successful logins (failed ones have their own throttle) and the password hashes behind every login
 * (docs/design.md "Authentication"): a username's and a client address's logins, each `burst` at once
 * then `perMinute`; the hashes running at once (`hashes`, 16 MiB each at PASSWORD_COST: one per core) and waiting,
 * per partner and in all, before a 429.
 */
export interface LoginLimits {
  perUser: { burst: number; perMinute: number }
  perAddress: { burst: number; perMinute: number }
  hashes: number
  queuePerPartner: number
  queue: number
}

export interface Config {
  port: number
  host: string
  dbPath: string
  jwtSecret: string | undefined
  /** The key the stored signing secrets are sealed under (AES-256-GCM); unset: stored in clear. */
  secretsKey: string | undefined
  tokenTtlSeconds: number
  scenariosDir: string | undefined
  timeScale: number
  callbackAllowHttp: boolean
  callbackAllowPrivate: boolean
  callbackCaFile: string | undefined
  /** Listeners (`mortgage-sandbox listen`) a partner may have connected at once; null: no bound. */
  listenersPerPartner: number | null
  smtpUrl: string | undefined
  logLevel: LogLevel
  /** LOG_FORMAT, with auto resolved: pretty when stdout is a terminal. */
  logFormat: LogFormat
  /** local: one developer's sandbox; hosted: the bank's sandbox for every partner. */
  mode: 'local' | 'hosted'
  /** The hosted sandbox's public address (SANDBOX_PUBLIC_URL), first of the OpenAPI documents' servers. */
  publicUrl: string | undefined
  /** Self-service sign-up: open to anyone, with an invitation code, or off. */
  signup: 'open' | 'invite' | 'off'
  /** Sign-ups a client address may make in an hour; null: no limit. */
  signupsPerHour: number | null
  /** The operator API's bearer token; without one the operator API answers 403. */
  operatorToken: string | undefined
  /** The seeded demo partners (broker-a, broker-b) may log in. */
  demoIdentities: boolean
  /** Partner data older than this is swept; 0 keeps everything. */
  retentionDays: number
  /** Audit entries older than this are swept, whatever became of their partner; 0 keeps them all. */
  auditRetentionDays: number
  /** Requests a second per partner, sustained, with a burst; null: no limit. */
  rateLimit: { perSecond: number; burst: number } | null
  /**
   * With a rate limit: the server time one request's token covers (a longer request counts as its
   * time over this), the partner's requests running at once, waiting, and how long one waits
   * (null: no bound), and its ESIS renders' own budget of render-thread time (ms a second, ms at
   * once; the fair share's default when absent).
   */
  fairShare: { costMs: number; concurrency: { inFlight: number; queue: number; waitMs: number } | null; renders?: { msPerSecond: number; burstMs: number } }
  /** ESIS renders: their threads, each partner's renders at once, running or waiting (null: no bound), and the renders waiting for a thread. */
  esisRendering: { threads: number; perPartner: number | null; queue: number }
  /**
   * Stored-data quotas per partner; null: no limit. `storageBytes` counts every stored byte:
   * documents, e-mails with their attachments, messages and the request journal (whose ring bound,
   * `journal.maxBytes`, is kept room inside it).
   */
  quotas: {
    simulations: number | null
    processes: number | null
    documentBytes: number | null
    callbackConfigurations: number | null
    scenarios: number | null
    storageBytes: number | null
  }
  /**
   * The sandbox's e-mails: how many a partner may send a day (captured or relayed; null: no limit), and
   * which addresses the SMTP relay takes: the partner's contact and verified addresses, or any (a
   * local catch-all SMTP server only).
   */
  mail: { perDay: number | null; relayTo: 'verified' | 'any' }
  /** SQLite's page cache, per connection. */
  sqliteCacheMb: number
  /** Which proxies' X-Forwarded-For names the client (behind a reverse proxy): see TrustProxy. */
  trustProxy: TrustProxy
  /** The request journal: newest entries and most bytes kept per partner, and entries a second per partner (0 turns it off). */
  journal: { maxEntries: number; maxBytes: number; maxPerSecond: number }
  /** How long a certification probe waits for the partner's receiver (the 15 s of the receiver checks). */
  certificationTimeoutMs: number
  /**
   * Network faults (docs/design.md "Network faults"): how long a `timeout` fault holds its connection
   * and a `slow-body` trickles its answer at most, and how many such held connections the sandbox and
   * one partner may have at once.
   */
  faults: { timeoutMs: number; slowBodyMs: number; maxHeld: number; maxHeldPerPartner: number }
  /** How often a user and an address may log in, and the password hashes' turns: see LoginLimits. */
  logins: LoginLimits
  /** The scrypt cost of new password hashes (PASSWORD_COST; SANDBOX_PASSWORD_COST lowers N on a local test rig, testConfig too). */
  passwordCost: PasswordCost
  /** /metrics (docs/operating.md "Metrics"): collected at all, and the bearer token a scrape needs (a hosted sandbox without one keeps them closed). */
  metrics: { enabled: boolean; token: string | undefined }
  /** The server's scheduled backups (docs/operating.md "Backups"): every so many minutes (0: none), the newest kept, where. */
  backup: { everyMinutes: number; keep: number; dir: string }
}

/**
 * Reads the configuration from the environment. Empty values count as unset.
 * @throws ConfigError naming every variable with a bad value.
 * @example loadConfig({ PORT: '9090', SANDBOX_DB: ':memory:' })
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((key) => {
      const value = env[key]
      return value === undefined || value.trim() === '' ? [] : [[key, value]]
    }),
  )
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      return `${name}=${JSON.stringify(present[name] ?? '')}: ${issue.message}`
    })
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  }
  const e = parsed.data
  const defaults = MODE_DEFAULTS[e.SANDBOX_MODE]
  if (e.SANDBOX_MODE === 'hosted' && !e.SANDBOX_OPERATOR_TOKEN) {
    throw new ConfigError('Invalid configuration: SANDBOX_OPERATOR_TOKEN is required with SANDBOX_MODE=hosted (at least 32 characters)')
  }
  if (e.SANDBOX_MODE === 'hosted' && e.SANDBOX_PASSWORD_COST !== undefined && e.SANDBOX_PASSWORD_COST < PASSWORD_COST.N) {
    throw new ConfigError(
      `Invalid configuration: SANDBOX_PASSWORD_COST below ${PASSWORD_COST.N} is for local runs only (a test rig that logs in often), not with SANDBOX_MODE=hosted`,
    )
  }
  if (e.SANDBOX_MODE === 'hosted' && !e.SANDBOX_SECRETS_KEY) {
    throw new ConfigError(
      'Invalid configuration: SANDBOX_SECRETS_KEY is required with SANDBOX_MODE=hosted (at least 32 characters): the signing secrets the database keeps are sealed under it',
    )
  }
  const signup = e.SANDBOX_SIGNUP ?? defaults.signup
  if (signup === 'invite' && !e.SANDBOX_OPERATOR_TOKEN) {
    throw new ConfigError('Invalid configuration: SANDBOX_SIGNUP=invite needs SANDBOX_OPERATOR_TOKEN (the operator creates the invitations)')
  }
  const limit = (value: number) => (value === 0 ? null : value)
  const rate = e.SANDBOX_RATE_LIMIT ?? defaults.rateLimit
  const journalEntries = e.SANDBOX_JOURNAL_MAX_ENTRIES ?? defaults.journalEntries
  const journalBytes = journalEntries === 0 ? 0 : (e.SANDBOX_JOURNAL_MAX_MB ?? defaults.journalMb) * MB
  const storageBytes = limit((e.SANDBOX_QUOTA_STORAGE_MB ?? defaults.quotas.storageMb) * MB)
  if (storageBytes !== null && journalBytes >= storageBytes) {
    throw new ConfigError('Invalid configuration: SANDBOX_JOURNAL_MAX_MB must be less than SANDBOX_QUOTA_STORAGE_MB (the request journal is kept room inside the storage quota)')
  }
  if (e.SANDBOX_BACKUP_EVERY_MINUTES > 0 && e.SANDBOX_DB === ':memory:') {
    throw new ConfigError('Invalid configuration: SANDBOX_BACKUP_EVERY_MINUTES needs a database file (SANDBOX_DB), not :memory:')
  }
  if (e.SANDBOX_MODE === 'hosted' && e.SANDBOX_SMTP_RECIPIENTS === 'any') {
    throw new ConfigError('Invalid configuration: SANDBOX_SMTP_RECIPIENTS=any is for a local catch-all SMTP server, not a hosted sandbox (it would relay to any address)')
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dbPath: e.SANDBOX_DB,
    jwtSecret: e.SANDBOX_JWT_SECRET,
    secretsKey: e.SANDBOX_SECRETS_KEY,
    tokenTtlSeconds: e.SANDBOX_TOKEN_TTL_SECONDS,
    scenariosDir: e.SANDBOX_SCENARIOS_DIR,
    timeScale: e.SANDBOX_TIME_SCALE,
    callbackAllowHttp: e.SANDBOX_CALLBACK_ALLOW_HTTP,
    callbackAllowPrivate: e.SANDBOX_CALLBACK_ALLOW_PRIVATE,
    listenersPerPartner: limit(e.SANDBOX_LISTENERS_PER_PARTNER),
    callbackCaFile: e.SANDBOX_CALLBACK_CA_FILE,
    smtpUrl: e.SANDBOX_SMTP_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT === 'auto' ? (process.stdout.isTTY ? 'pretty' : 'json') : e.LOG_FORMAT,
    mode: e.SANDBOX_MODE,
    publicUrl: e.SANDBOX_PUBLIC_URL?.replace(/\/+$/, ''),
    signup,
    signupsPerHour: limit(e.SANDBOX_SIGNUPS_PER_HOUR ?? defaults.signupsPerHour),
    operatorToken: e.SANDBOX_OPERATOR_TOKEN,
    demoIdentities: e.SANDBOX_DEMO_IDENTITIES ?? defaults.demoIdentities,
    retentionDays: e.SANDBOX_RETENTION_DAYS ?? defaults.retentionDays,
    auditRetentionDays: e.SANDBOX_AUDIT_RETENTION_DAYS,
    // Ten seconds' worth at once: a partner's ordinary run (its Postman collection twice, a certification) fits in it.
    rateLimit: rate === 0 ? null : { perSecond: rate, burst: e.SANDBOX_RATE_LIMIT_BURST ?? rate * 10 },
    fairShare: {
      costMs: e.SANDBOX_RATE_LIMIT_COST_MS,
      concurrency:
        e.SANDBOX_PARTNER_CONCURRENCY === 0 ? null : { inFlight: e.SANDBOX_PARTNER_CONCURRENCY, queue: e.SANDBOX_PARTNER_QUEUE, waitMs: e.SANDBOX_PARTNER_QUEUE_WAIT_MS },
      renders: { msPerSecond: e.SANDBOX_ESIS_RENDER_MS_PER_SECOND, burstMs: e.SANDBOX_ESIS_RENDER_BURST_MS },
    },
    // One thread fewer than the cores: the event loop keeps one (one thread on two cores).
    esisRendering: {
      threads: e.SANDBOX_ESIS_THREADS ?? Math.max(1, availableParallelism() - 1),
      perPartner: limit(e.SANDBOX_ESIS_RENDERS_PER_PARTNER ?? defaults.esisRendersPerPartner),
      queue: e.SANDBOX_ESIS_RENDER_QUEUE,
    },
    quotas: {
      simulations: limit(e.SANDBOX_QUOTA_SIMULATIONS ?? defaults.quotas.simulations),
      processes: limit(e.SANDBOX_QUOTA_PROCESSES ?? defaults.quotas.processes),
      documentBytes: limit((e.SANDBOX_QUOTA_DOCUMENT_MB ?? defaults.quotas.documentMb) * MB),
      callbackConfigurations: limit(e.SANDBOX_QUOTA_CALLBACKS ?? defaults.quotas.callbacks),
      scenarios: limit(e.SANDBOX_QUOTA_SCENARIOS ?? defaults.quotas.scenarios),
      storageBytes,
    },
    mail: { perDay: limit(e.SANDBOX_MAILS_PER_DAY ?? defaults.mailsPerDay), relayTo: e.SANDBOX_SMTP_RECIPIENTS },
    sqliteCacheMb: e.SANDBOX_SQLITE_CACHE_MB,
    trustProxy: e.SANDBOX_TRUST_PROXY,
    journal: { maxEntries: journalEntries, maxBytes: journalBytes, maxPerSecond: journalEntries === 0 ? 0 : e.SANDBOX_JOURNAL_MAX_PER_SECOND },
    certificationTimeoutMs: Math.round(e.SANDBOX_CERTIFICATION_TIMEOUT_SECONDS * 1000),
    faults: {
      timeoutMs: e.SANDBOX_FAULT_TIMEOUT_MS,
      slowBodyMs: e.SANDBOX_FAULT_SLOW_BODY_MS,
      maxHeld: e.SANDBOX_FAULTS_HELD,
      maxHeldPerPartner: e.SANDBOX_FAULTS_HELD_PER_PARTNER,
    },
    logins: {
      perUser: { burst: e.SANDBOX_LOGINS_PER_USER_BURST ?? defaults.logins.userBurst, perMinute: e.SANDBOX_LOGINS_PER_USER_PER_MINUTE ?? defaults.logins.userPerMinute },
      perAddress: {
        burst: e.SANDBOX_LOGINS_PER_ADDRESS_BURST ?? defaults.logins.addressBurst,
        perMinute: e.SANDBOX_LOGINS_PER_ADDRESS_PER_MINUTE ?? defaults.logins.addressPerMinute,
      },
      // One hash per core the event loop leaves, at most two: 256 MiB, and two of libuv's four threads left to file work.
      hashes: e.SANDBOX_PASSWORD_HASHES ?? Math.min(4, Math.max(1, availableParallelism())),
      queuePerPartner: e.SANDBOX_LOGIN_QUEUE_PER_PARTNER ?? defaults.logins.queuePerPartner,
      queue: e.SANDBOX_LOGIN_QUEUE ?? defaults.logins.queue,
    },
    passwordCost: { ...PASSWORD_COST, N: e.SANDBOX_PASSWORD_COST ?? PASSWORD_COST.N },
    metrics: { enabled: e.SANDBOX_METRICS, token: e.SANDBOX_METRICS_TOKEN },
    backup: { everyMinutes: e.SANDBOX_BACKUP_EVERY_MINUTES, keep: e.SANDBOX_BACKUP_KEEP, dir: e.SANDBOX_BACKUP_DIR },
  }
}

const MB = 1024 * 1024

/**
 * A configuration for tests and in-process use: in-memory database, no logs, and passwords hashed at
 * the seeded users' cost (2^12): the tests log in thousands of times, and one test proves PASSWORD_COST.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ SANDBOX_DB: ':memory:', LOG_LEVEL: 'silent', LOG_FORMAT: 'json', PORT: '0' }), passwordCost: { N: 2 ** 12, r: 8, p: 1 }, ...overrides }
}
