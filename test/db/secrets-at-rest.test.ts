import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../src/platform/config.ts'
import { createSecretBox } from '../../src/db/secret-box.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../support/test-app.ts'
import { tempDir } from '../support/temp-dir.ts'

const KEY = 'a secrets key of the operator, 32+ characters long'

/** Every byte the database's files hold (the database, its WAL), as text to search. */
const filesOf = (dir: string) =>
  readdirSync(dir)
    .map((name) => readFileSync(join(dir, name)).toString('latin1'))
    .join('\n')

const setting = (s: TestSandbox, key: string) => s.db.prepare('SELECT value FROM sandbox_setting WHERE key = ?').pluck().get(key) as string | undefined

/** The secrets a sandbox keeps: a partner's webhook secret, the token secret, the certification key. */
async function secretsOf(s: TestSandbox, box = createSecretBox(KEY)) {
  const registered = await s.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: 'https://partner.example.com/hooks' } })
  expect([200, 201]).toContain(registered.status)
  const webhook = registered.json.additionalData.signingSecret as string
  const jwt = box.open(setting(s, 'jwt_secret')!, 'jwt_secret')
  const pem = box.open(setting(s, 'certification_signing_key')!, 'certification_signing_key')
  // What would leak: the webhook key, the token secret, the private key's body.
  return { webhook, jwt, pem, texts: [webhook.slice('whsec_'.length), jwt, pem.split('\n')[1]!] }
}

const close = (s: TestSandbox) => {
  s.services.journal.flush()
  s.db.close()
}

describe('the signing secrets at rest', () => {
  it('are sealed under SANDBOX_SECRETS_KEY: none of them appears in clear in the database file', async () => {
    const dir = tempDir('sandbox-secrets')
    const s = await createTestSandbox({ dbPath: join(dir, 'sandbox.db'), secretsKey: KEY })
    const { texts } = await secretsOf(s)
    expect(setting(s, 'jwt_secret')).toMatch(/^sealed:v1:/)
    expect(setting(s, 'certification_signing_key')).toMatch(/^sealed:v1:/)
    expect(s.db.prepare('SELECT signing_secret FROM callback_configuration').pluck().get()).toMatch(/^sealed:v1:/)
    close(s)
    const bytes = filesOf(dir)
    for (const secret of texts) expect(bytes).not.toContain(secret)
    expect(bytes).not.toContain('PRIVATE KEY')
  })

  it('stored in clear before the key was set are sealed at the next start, and keep working; no key, or another, stops the start', async () => {
    const dir = tempDir('sandbox-secrets')
    const dbPath = join(dir, 'sandbox.db')
    const before = await createTestSandbox({ dbPath })
    const clear = await secretsOf(before, createSecretBox(undefined))
    close(before)
    expect(filesOf(dir)).toContain(clear.texts[0])

    const sealed = await createTestSandbox({ dbPath, secretsKey: KEY })
    expect(sealed.services.callbacks.configuration(PARTNER_A, 6)?.signingSecret).toBe(clear.webhook)
    expect(sealed.services.certification.signingKey().publicKeyPem).toBe(before.services.certification.signingKey().publicKeyPem)
    // A token signed before the key was set still verifies: the token secret is the same.
    expect((await sealed.call('GET', '/v1/simulations', { token: before.tokens.a })).status).toBe(200)
    close(sealed)
    const bytes = filesOf(dir)
    for (const secret of clear.texts) expect(bytes).not.toContain(secret)

    await expect(createTestSandbox({ dbPath })).rejects.toThrow(ConfigError)
    await expect(createTestSandbox({ dbPath })).rejects.toThrow(/SANDBOX_SECRETS_KEY/)
    await expect(createTestSandbox({ dbPath, secretsKey: 'another key, 32 characters or more' })).rejects.toThrow(/does not open/)
  })

  it('never writes the token secret SANDBOX_JWT_SECRET holds, and forgets one generated before it was set', async () => {
    const dir = tempDir('sandbox-secrets')
    const dbPath = join(dir, 'sandbox.db')
    const generated = await createTestSandbox({ dbPath })
    expect(setting(generated, 'jwt_secret')).toBeDefined()
    close(generated)
    const configured = 'the operator token secret, 32 characters or more'
    const s = await createTestSandbox({ dbPath, jwtSecret: configured })
    expect(setting(s, 'jwt_secret')).toBeUndefined()
    close(s)
    expect(filesOf(dir)).not.toContain(configured)
  })
})
