import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config.ts'

describe('configuration from the environment', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dbPath: './data/sandbox.db',
      jwtSecret: undefined,
      tokenTtlSeconds: 3600,
      scenariosDir: undefined,
      timeScale: 1,
      callbackAllowHttp: false,
      callbackAllowPrivate: false,
      callbackCaFile: undefined,
      smtpUrl: undefined,
      logLevel: 'info',
    })
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '127.0.0.1',
      SANDBOX_DB: ':memory:',
      SANDBOX_JWT_SECRET: 'x'.repeat(32),
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
    ['SANDBOX_SMTP_URL', 'http://mail.example'],
    ['LOG_LEVEL', 'verbose'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}=`))
  })
})
