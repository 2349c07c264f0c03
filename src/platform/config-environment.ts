import { isIP } from 'node:net'
import { z } from 'zod'

// The environment the sandbox reads, as one zod schema: each variable, its type, bounds and default
// (config.ts turns it into the Config the services take).

/**
 * The reverse proxies in front of the sandbox (SANDBOX_TRUST_PROXY): how many hops, counting the
 * socket's peer, are the operator's (`true` is one, `false` none), or the address ranges they are in.
 */
export type TrustProxy = boolean | number | readonly string[]

/**
 * SANDBOX_TRUST_PROXY's text: a flag (`true` one hop, `false` none), a number of hops, or a
 * comma-separated list of addresses and CIDR ranges. Undefined when it is none of them.
 */
export function parseTrustProxy(text: string): number | string[] | undefined {
  const value = text.trim().toLowerCase()
  if (['true', 'yes'].includes(value)) return 1
  if (['false', 'no'].includes(value)) return 0
  if (/^\d{1,2}$/.test(value)) return Number(value) <= 16 ? Number(value) : undefined
  const ranges = value.split(',').map((range) => range.trim())
  const valid = ranges.every((range) => {
    const [address = '', prefix, extra] = range.split('/')
    const family = isIP(address)
    if (family === 0 || extra !== undefined) return false
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
  })
  return valid ? ranges : undefined
}

/** Thrown when an environment variable holds a value the sandbox cannot start with. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes')

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()

/** docs/design.md "Configuration": one variable, one field, validated once at start. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  SANDBOX_DB: z.string().trim().min(1).default('./data/sandbox.db'),
  SANDBOX_JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SANDBOX_SECRETS_KEY: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SANDBOX_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(31_536_000).default(3600),
  SANDBOX_SCENARIOS_DIR: optionalText,
  SANDBOX_TIME_SCALE: z.coerce.number().min(0).max(1000).default(1),
  SANDBOX_CALLBACK_ALLOW_HTTP: flag.default(false),
  SANDBOX_CALLBACK_ALLOW_PRIVATE: flag.default(false),
  SANDBOX_LISTENERS_PER_PARTNER: z.coerce.number().int().min(0).max(10_000).default(10),
  SANDBOX_CALLBACK_CA_FILE: optionalText,
  SANDBOX_SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  SANDBOX_MODE: z.enum(['local', 'hosted']).default('local'),
  SANDBOX_PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
  // The settings below default by mode (MODE_DEFAULTS): absent means "the mode's default".
  SANDBOX_SIGNUP: z.enum(['open', 'invite', 'off']).optional(),
  SANDBOX_OPERATOR_TOKEN: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SANDBOX_DEMO_IDENTITIES: flag.optional(),
  SANDBOX_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).optional(),
  SANDBOX_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(365),
  SANDBOX_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).optional(),
  SANDBOX_RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(1_000_000).optional(),
  SANDBOX_RATE_LIMIT_COST_MS: z.coerce.number().min(0.1).max(60_000).default(1),
  SANDBOX_PARTNER_CONCURRENCY: z.coerce.number().int().min(0).max(10_000).default(4),
  SANDBOX_PARTNER_QUEUE: z.coerce.number().int().min(0).max(100_000).default(16),
  SANDBOX_PARTNER_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(2000),
  SANDBOX_ESIS_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  SANDBOX_ESIS_RENDERS_PER_PARTNER: z.coerce.number().int().min(0).max(10_000).optional(),
  SANDBOX_ESIS_RENDER_QUEUE: z.coerce.number().int().min(0).max(100_000).default(64),
  SANDBOX_ESIS_RENDER_MS_PER_SECOND: z.coerce.number().min(0.1).max(60_000).default(20),
  SANDBOX_ESIS_RENDER_BURST_MS: z.coerce.number().int().min(1).max(3_600_000).default(1500),
  SANDBOX_QUOTA_SIMULATIONS: z.coerce.number().int().min(0).optional(),
  SANDBOX_QUOTA_PROCESSES: z.coerce.number().int().min(0).optional(),
  SANDBOX_QUOTA_DOCUMENT_MB: z.coerce.number().int().min(0).optional(),
  SANDBOX_QUOTA_CALLBACKS: z.coerce.number().int().min(0).optional(),
  SANDBOX_QUOTA_SCENARIOS: z.coerce.number().int().min(0).optional(),
  SANDBOX_QUOTA_STORAGE_MB: z.coerce.number().int().min(0).max(1_000_000).optional(),
  SANDBOX_MAILS_PER_DAY: z.coerce.number().int().min(0).max(1_000_000).optional(),
  SANDBOX_SMTP_RECIPIENTS: z.enum(['verified', 'any']).default('verified'),
  SANDBOX_SIGNUPS_PER_HOUR: z.coerce.number().int().min(0).max(100_000).optional(),
  SANDBOX_SQLITE_CACHE_MB: z.coerce.number().int().min(2).max(4096).default(64),
  SANDBOX_TRUST_PROXY: z
    .string()
    .transform((text, ctx) => {
      const trust = parseTrustProxy(text)
      if (trust === undefined) ctx.addIssue({ code: 'custom', message: 'must be true, false, a number of hops (0 to 16) or a comma-separated list of addresses and CIDR ranges' })
      return trust ?? 0
    })
    .default(0),
  SANDBOX_JOURNAL_MAX_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).optional(),
  SANDBOX_JOURNAL_MAX_PER_SECOND: z.coerce.number().int().min(0).max(100_000).default(200),
  SANDBOX_JOURNAL_MAX_MB: z.coerce.number().int().min(1).max(100_000).optional(),
  SANDBOX_CERTIFICATION_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(15),
  SANDBOX_FAULT_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(60_000),
  SANDBOX_FAULT_SLOW_BODY_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  SANDBOX_FAULTS_HELD: z.coerce.number().int().min(1).max(10_000).default(100),
  SANDBOX_FAULTS_HELD_PER_PARTNER: z.coerce.number().int().min(1).max(10_000).default(10),
  SANDBOX_PASSWORD_COST: z.coerce
    .number()
    .int()
    .refine((n) => n >= 2 ** 10 && n <= 2 ** 18 && (n & (n - 1)) === 0, 'must be a power of 2 from 1024 to 262144')
    .optional(),
  // Successful logins and the password hashes' queue (config.ts LoginLimits): never off, only wider.
  SANDBOX_LOGINS_PER_USER_BURST: z.coerce.number().int().min(1).max(100_000).optional(),
  SANDBOX_LOGINS_PER_USER_PER_MINUTE: z.coerce.number().min(0.01).max(100_000).optional(),
  SANDBOX_LOGINS_PER_ADDRESS_BURST: z.coerce.number().int().min(1).max(100_000).optional(),
  SANDBOX_LOGINS_PER_ADDRESS_PER_MINUTE: z.coerce.number().min(0.01).max(100_000).optional(),
  SANDBOX_PASSWORD_HASHES: z.coerce.number().int().min(1).max(64).optional(),
  SANDBOX_LOGIN_QUEUE_PER_PARTNER: z.coerce.number().int().min(0).max(100_000).optional(),
  SANDBOX_LOGIN_QUEUE: z.coerce.number().int().min(0).max(1_000_000).optional(),
  SANDBOX_METRICS: flag.default(true),
  SANDBOX_METRICS_TOKEN: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SANDBOX_BACKUP_EVERY_MINUTES: z.coerce.number().int().min(0).max(10_080).default(0),
  SANDBOX_BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(24),
  SANDBOX_BACKUP_DIR: z.string().trim().min(1).default('./backups'),
})
