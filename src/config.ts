import { z } from 'zod'

/** Thrown when an environment variable holds a value the sandbox cannot start with. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()

/** docs/design.md "Configuration": one variable, one field, validated once at start. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  SANDBOX_DB: z.string().trim().min(1).default('./data/sandbox.db'),
  SANDBOX_JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SANDBOX_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(31_536_000).default(3600),
  SANDBOX_SCENARIOS_DIR: optionalText,
  SANDBOX_TIME_SCALE: z.coerce.number().min(0).max(1000).default(1),
  SANDBOX_CALLBACK_ALLOW_HTTP: flag.default(false),
  SANDBOX_CALLBACK_ALLOW_PRIVATE: flag.default(false),
  SANDBOX_CALLBACK_CA_FILE: optionalText,
  SANDBOX_SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
})

export type LogLevel = z.infer<typeof envSchema>['LOG_LEVEL']

export interface Config {
  port: number
  host: string
  dbPath: string
  jwtSecret: string | undefined
  tokenTtlSeconds: number
  scenariosDir: string | undefined
  timeScale: number
  callbackAllowHttp: boolean
  callbackAllowPrivate: boolean
  callbackCaFile: string | undefined
  smtpUrl: string | undefined
  logLevel: LogLevel
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
  return {
    port: e.PORT,
    host: e.HOST,
    dbPath: e.SANDBOX_DB,
    jwtSecret: e.SANDBOX_JWT_SECRET,
    tokenTtlSeconds: e.SANDBOX_TOKEN_TTL_SECONDS,
    scenariosDir: e.SANDBOX_SCENARIOS_DIR,
    timeScale: e.SANDBOX_TIME_SCALE,
    callbackAllowHttp: e.SANDBOX_CALLBACK_ALLOW_HTTP,
    callbackAllowPrivate: e.SANDBOX_CALLBACK_ALLOW_PRIVATE,
    callbackCaFile: e.SANDBOX_CALLBACK_CA_FILE,
    smtpUrl: e.SANDBOX_SMTP_URL,
    logLevel: e.LOG_LEVEL,
  }
}

/** A configuration for tests and in-process use: in-memory database, no logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ SANDBOX_DB: ':memory:', LOG_LEVEL: 'silent', PORT: '0' }), ...overrides }
}
