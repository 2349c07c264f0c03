import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/platform/config.ts'

describe('configuration from the environment', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dbPath: './data/sandbox.db',
      jwtSecret: undefined,
      secretsKey: undefined,
      tokenTtlSeconds: 3600,
      scenariosDir: undefined,
      timeScale: 1,
      callbackAllowHttp: false,
      callbackAllowPrivate: false,
      callbackCaFile: undefined,
      listenersPerPartner: 10,
      smtpUrl: undefined,
      logLevel: 'info',
      logFormat: process.stdout.isTTY ? 'pretty' : 'json',
      mode: 'local',
      signup: 'open',
      signupsPerHour: null,
      operatorToken: undefined,
      demoIdentities: true,
      retentionDays: 0,
      auditRetentionDays: 365,
      rateLimit: null,
      fairShare: { costMs: 1, concurrency: { inFlight: 4, queue: 16, waitMs: 2000 }, renders: { msPerSecond: 20, burstMs: 1500 } },
      esisRendering: { threads: Math.max(1, availableParallelism() - 1), perPartner: null, queue: 64 },
      quotas: { simulations: null, processes: null, documentBytes: null, callbackConfigurations: null, scenarios: null, storageBytes: null },
      mail: { perDay: null, relayTo: 'verified' },
      sqliteCacheMb: 64,
      trustProxy: 0,
      journal: { maxEntries: 10_000, maxBytes: 100 * 1024 * 1024, maxPerSecond: 200 },
      certificationTimeoutMs: 15_000,
      faults: { timeoutMs: 60_000, slowBodyMs: 10_000, maxHeld: 100, maxHeldPerPartner: 10 },
      logins: {
        perUser: { burst: 100, perMinute: 600 },
        perAddress: { burst: 300, perMinute: 1200 },
        hashes: Math.min(4, Math.max(1, availableParallelism())),
        queuePerPartner: 100,
        queue: 400,
      },
      passwordCost: { N: 2 ** 14, r: 8, p: 5 },
      metrics: { enabled: true, token: undefined },
      backup: { everyMinutes: 0, keep: 24, dir: './backups' },
    })
  })

  it('reads the metrics and backup settings, and refuses scheduled backups of a database in memory', () => {
    expect(
      loadConfig({
        SANDBOX_METRICS: 'false',
        SANDBOX_METRICS_TOKEN: 't'.repeat(32),
        SANDBOX_BACKUP_EVERY_MINUTES: '60',
        SANDBOX_BACKUP_KEEP: '48',
        SANDBOX_BACKUP_DIR: '/backups',
      }),
    ).toMatchObject({ metrics: { enabled: false, token: 't'.repeat(32) }, backup: { everyMinutes: 60, keep: 48, dir: '/backups' } })
    expect(() => loadConfig({ SANDBOX_METRICS_TOKEN: 'short' })).toThrow(/SANDBOX_METRICS_TOKEN/)
    expect(() => loadConfig({ SANDBOX_DB: ':memory:', SANDBOX_BACKUP_EVERY_MINUTES: '5' })).toThrow(/SANDBOX_BACKUP_EVERY_MINUTES needs a database file/)
  })

  it('gives the hosted mode its defaults: sign-up by invitation, no demo logins, retention, rate limit and quotas', () => {
    const operator = 'o'.repeat(32)
    expect(loadConfig({ SANDBOX_MODE: 'hosted', SANDBOX_OPERATOR_TOKEN: operator, SANDBOX_SECRETS_KEY: 'k'.repeat(32) })).toMatchObject({
      mode: 'hosted',
      signup: 'invite',
      signupsPerHour: 10,
      operatorToken: operator,
      demoIdentities: false,
      retentionDays: 30,
      rateLimit: { perSecond: 20, burst: 200 },
      fairShare: { costMs: 1, concurrency: { inFlight: 4, queue: 16, waitMs: 2000 }, renders: { msPerSecond: 20, burstMs: 1500 } },
      esisRendering: { perPartner: 2, queue: 64 },
      quotas: { simulations: 5000, processes: 1000, documentBytes: 200 * 1024 * 1024, callbackConfigurations: 12, scenarios: 50, storageBytes: 256 * 1024 * 1024 },
      mail: { perDay: 100, relayTo: 'verified' },
      journal: { maxEntries: 2_000, maxBytes: 16 * 1024 * 1024, maxPerSecond: 200 },
      logins: { perUser: { burst: 10, perMinute: 10 }, perAddress: { burst: 30, perMinute: 30 }, queuePerPartner: 10, queue: 40 },
    })
  })

  it('reads the storage quota, the journal bound, the e-mails a day, whom the relay reaches and the trusted proxies', () => {
    expect(
      loadConfig({
        SANDBOX_QUOTA_STORAGE_MB: '64',
        SANDBOX_JOURNAL_MAX_MB: '8',
        SANDBOX_MAILS_PER_DAY: '5',
        SANDBOX_SMTP_RECIPIENTS: 'any',
        SANDBOX_TRUST_PROXY: '10.0.0.0/8,fd00::/8',
      }),
    ).toMatchObject({
      quotas: { storageBytes: 64 * 1024 * 1024 },
      journal: { maxBytes: 8 * 1024 * 1024 },
      mail: { perDay: 5, relayTo: 'any' },
      trustProxy: ['10.0.0.0/8', 'fd00::/8'],
    })
    expect(loadConfig({ SANDBOX_TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(loadConfig({ SANDBOX_TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ SANDBOX_JOURNAL_MAX_ENTRIES: '0' }).journal).toEqual({ maxEntries: 0, maxBytes: 0, maxPerSecond: 0 })
  })

  it('refuses a journal bound that leaves no room in the storage quota, and a relay to any address on a hosted sandbox', () => {
    expect(() => loadConfig({ SANDBOX_QUOTA_STORAGE_MB: '16', SANDBOX_JOURNAL_MAX_MB: '16' })).toThrow(/SANDBOX_JOURNAL_MAX_MB must be less than SANDBOX_QUOTA_STORAGE_MB/)
    expect(() => loadConfig({ SANDBOX_MODE: 'hosted', SANDBOX_OPERATOR_TOKEN: 'o'.repeat(32), SANDBOX_SECRETS_KEY: 'k'.repeat(32), SANDBOX_SMTP_RECIPIENTS: 'any' })).toThrow(
      /SANDBOX_SMTP_RECIPIENTS=any/,
    )
  })

  it('lets every hosted default be overridden, 0 turning a limit off', () => {
    const config = loadConfig({
      SANDBOX_MODE: 'hosted',
      SANDBOX_OPERATOR_TOKEN: 'o'.repeat(32),
      SANDBOX_SECRETS_KEY: 'k'.repeat(32),
      SANDBOX_SIGNUP: 'open',
      SANDBOX_DEMO_IDENTITIES: 'true',
      SANDBOX_RETENTION_DAYS: '0',
      SANDBOX_RATE_LIMIT: '5',
      SANDBOX_RATE_LIMIT_BURST: '7',
      SANDBOX_QUOTA_SIMULATIONS: '0',
      SANDBOX_QUOTA_DOCUMENT_MB: '1',
    })
    expect(config).toMatchObject({ signup: 'open', demoIdentities: true, retentionDays: 0, rateLimit: { perSecond: 5, burst: 7 } })
    expect(config.quotas).toMatchObject({ simulations: null, documentBytes: 1024 * 1024 })
  })

  it('reads the fair share and the ESIS render settings, 0 turning a bound off', () => {
    const config = loadConfig({
      SANDBOX_RATE_LIMIT: '10',
      SANDBOX_RATE_LIMIT_COST_MS: '0.5',
      SANDBOX_PARTNER_CONCURRENCY: '2',
      SANDBOX_PARTNER_QUEUE: '3',
      SANDBOX_PARTNER_QUEUE_WAIT_MS: '250',
      SANDBOX_ESIS_THREADS: '3',
      SANDBOX_ESIS_RENDERS_PER_PARTNER: '5',
      SANDBOX_ESIS_RENDER_QUEUE: '7',
      SANDBOX_ESIS_RENDER_MS_PER_SECOND: '40',
      SANDBOX_ESIS_RENDER_BURST_MS: '3000',
    })
    expect(config).toMatchObject({
      rateLimit: { perSecond: 10, burst: 100 },
      fairShare: { costMs: 0.5, concurrency: { inFlight: 2, queue: 3, waitMs: 250 }, renders: { msPerSecond: 40, burstMs: 3000 } },
      esisRendering: { threads: 3, perPartner: 5, queue: 7 },
    })
    expect(loadConfig({ SANDBOX_PARTNER_CONCURRENCY: '0' }).fairShare.concurrency).toBeNull()
    const hosted = { SANDBOX_MODE: 'hosted', SANDBOX_OPERATOR_TOKEN: 'o'.repeat(32), SANDBOX_SECRETS_KEY: 'k'.repeat(32) }
    expect(loadConfig({ ...hosted, SANDBOX_ESIS_RENDERS_PER_PARTNER: '0' }).esisRendering.perPartner).toBeNull()
  })

  it('reads the limits of successful logins and the password hashes, and refuses to turn a login limit off', () => {
    const config = loadConfig({
      SANDBOX_LOGINS_PER_USER_BURST: '3',
      SANDBOX_LOGINS_PER_USER_PER_MINUTE: '0.5',
      SANDBOX_LOGINS_PER_ADDRESS_BURST: '12',
      SANDBOX_LOGINS_PER_ADDRESS_PER_MINUTE: '6',
      SANDBOX_PASSWORD_HASHES: '4',
      SANDBOX_LOGIN_QUEUE_PER_PARTNER: '2',
      SANDBOX_LOGIN_QUEUE: '9',
    })
    expect(config.logins).toEqual({ perUser: { burst: 3, perMinute: 0.5 }, perAddress: { burst: 12, perMinute: 6 }, hashes: 4, queuePerPartner: 2, queue: 9 })
    for (const name of [
      'SANDBOX_LOGINS_PER_USER_BURST',
      'SANDBOX_LOGINS_PER_USER_PER_MINUTE',
      'SANDBOX_LOGINS_PER_ADDRESS_BURST',
      'SANDBOX_LOGINS_PER_ADDRESS_PER_MINUTE',
      'SANDBOX_PASSWORD_HASHES',
    ]) {
      expect(() => loadConfig({ [name]: '0' }), name).toThrow(new RegExp(name))
    }
  })

  it('refuses a hosted sandbox without an operator token or a secrets key, and invitations without an operator token', () => {
    expect(() => loadConfig({ SANDBOX_MODE: 'hosted' })).toThrow(/SANDBOX_OPERATOR_TOKEN is required with SANDBOX_MODE=hosted/)
    expect(() => loadConfig({ SANDBOX_MODE: 'hosted', SANDBOX_OPERATOR_TOKEN: 'o'.repeat(32) })).toThrow(/SANDBOX_SECRETS_KEY is required with SANDBOX_MODE=hosted/)
    expect(() => loadConfig({ SANDBOX_SIGNUP: 'invite' })).toThrow(/SANDBOX_SIGNUP=invite needs SANDBOX_OPERATOR_TOKEN/)
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '127.0.0.1',
      SANDBOX_DB: ':memory:',
      SANDBOX_JWT_SECRET: 'x'.repeat(32),
      SANDBOX_SECRETS_KEY: 'k'.repeat(40),
      SANDBOX_TOKEN_TTL_SECONDS: '60',
      SANDBOX_SCENARIOS_DIR: '/scenarios',
      SANDBOX_TIME_SCALE: '0.001',
      SANDBOX_CALLBACK_ALLOW_HTTP: 'true',
      SANDBOX_CALLBACK_ALLOW_PRIVATE: '1',
      SANDBOX_CALLBACK_CA_FILE: '/ca.pem',
      SANDBOX_SMTP_URL: 'smtp://localhost:2525',
      LOG_LEVEL: 'warn',
    })
    expect(config).toMatchObject({
      port: 9090,
      host: '127.0.0.1',
      dbPath: ':memory:',
      secretsKey: 'k'.repeat(40),
      tokenTtlSeconds: 60,
      scenariosDir: '/scenarios',
      timeScale: 0.001,
      callbackAllowHttp: true,
      callbackAllowPrivate: true,
      callbackCaFile: '/ca.pem',
      smtpUrl: 'smtp://localhost:2525',
      logLevel: 'warn',
    })
  })

  it('lowers the password cost on a local run only', () => {
    expect(loadConfig({ SANDBOX_PASSWORD_COST: '4096' }).passwordCost).toEqual({ N: 4096, r: 8, p: 5 })
    const hosted = { SANDBOX_MODE: 'hosted', SANDBOX_OPERATOR_TOKEN: 'o'.repeat(32), SANDBOX_SECRETS_KEY: 'k'.repeat(32) }
    expect(() => loadConfig({ ...hosted, SANDBOX_PASSWORD_COST: '4096' })).toThrow(/SANDBOX_PASSWORD_COST below 16384 is for local runs only/)
    expect(loadConfig({ ...hosted, SANDBOX_PASSWORD_COST: '262144' }).passwordCost).toEqual({ N: 262144, r: 8, p: 5 })
  })

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', SANDBOX_SMTP_URL: ' ' })).toMatchObject({ port: 8080, smtpUrl: undefined })
  })

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['SANDBOX_TOKEN_TTL_SECONDS', '0'],
    ['SANDBOX_TIME_SCALE', '-1'],
    ['SANDBOX_CALLBACK_ALLOW_HTTP', 'maybe'],
    ['SANDBOX_JWT_SECRET', 'short'],
    ['SANDBOX_SECRETS_KEY', 'short'],
    ['SANDBOX_SMTP_URL', 'http://mail.example'],
    ['LOG_LEVEL', 'verbose'],
    ['SANDBOX_MODE', 'cloud'],
    ['SANDBOX_SIGNUP', 'maybe'],
    ['SANDBOX_OPERATOR_TOKEN', 'short'],
    ['SANDBOX_RETENTION_DAYS', '-1'],
    ['SANDBOX_RATE_LIMIT', 'fast'],
    ['SANDBOX_QUOTA_PROCESSES', '1.5'],
    ['SANDBOX_SQLITE_CACHE_MB', '1'],
    ['SANDBOX_RATE_LIMIT_COST_MS', '0'],
    ['SANDBOX_PARTNER_CONCURRENCY', '-1'],
    ['SANDBOX_PARTNER_QUEUE', 'many'],
    ['SANDBOX_PARTNER_QUEUE_WAIT_MS', '0'],
    ['SANDBOX_ESIS_THREADS', '0'],
    ['SANDBOX_ESIS_RENDERS_PER_PARTNER', '1.5'],
    ['SANDBOX_ESIS_RENDER_QUEUE', '-2'],
    ['SANDBOX_PASSWORD_COST', '5000'],
    ['SANDBOX_PASSWORD_COST', '512'],
    ['SANDBOX_TRUST_PROXY', 'proxy.example'],
    ['SANDBOX_TRUST_PROXY', '17'],
    ['SANDBOX_QUOTA_STORAGE_MB', 'lots'],
    ['SANDBOX_JOURNAL_MAX_MB', '0'],
    ['SANDBOX_MAILS_PER_DAY', '-1'],
    ['SANDBOX_SMTP_RECIPIENTS', 'everyone'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}=`))
  })

  it('reads LOG_FORMAT: json and pretty as given, auto (the default) by whether stdout is a terminal', () => {
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json')
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty')
    expect(loadConfig({}).logFormat).toBe(process.stdout.isTTY ? 'pretty' : 'json')
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/)
  })
})
