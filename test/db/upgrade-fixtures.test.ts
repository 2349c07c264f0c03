import Database from 'better-sqlite3'
import { copyFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../src/platform/clock.ts'
import { loadConfig } from '../../src/platform/config.ts'
import { openSandbox } from '../../src/app/server.ts'
import { tempDir } from '../support/temp-dir.ts'
import { requesterOf } from '../support/transport.ts'

/**
 * The databases the released versions wrote (test/fixtures/upgrades/README.md), opened by this one:
 * what they stored reads back through the API as those versions answered it.
 */
const FIXTURES = join(import.meta.dirname, '../fixtures/upgrades')
const VERSIONS = ['0.1.0', '0.2.0', '0.3.0', '0.4.0', '0.5.0', '0.5.1']
const SECRETS_KEY = 'secrets-key-of-the-upgrade-test-0123456789'

interface Manifest {
  version: string
  madeAt: string
  operatorToken: string
  logins: Array<{ username: string; password: string }>
  ids: { partner: string; suspendedPartner: string }
  callback: { additionalData: { signingSecret: string } }
  reads: Record<string, { path: string; as: 'admin' | 'user' | 'operator'; status: number; body: any }>
}

const opened: Array<{ close(): void }> = []
afterEach(() => {
  for (const db of opened.splice(0)) db.close()
})

/** A copy of the version's database opened by the current version, hosted (with the key) or local (without). */
async function upgrade(version: string, secretsKey: string | undefined) {
  const manifest = JSON.parse(readFileSync(join(FIXTURES, version, 'manifest.json'), 'utf8')) as Manifest
  const dbPath = join(tempDir(`upgrade-${version}`), 'sandbox.db')
  copyFileSync(join(FIXTURES, version, 'sandbox.db'), dbPath)
  const config = loadConfig({
    SANDBOX_DB: dbPath,
    LOG_LEVEL: 'silent',
    SANDBOX_OPERATOR_TOKEN: manifest.operatorToken,
    // Local mode would turn the demo partners on, which the fixtures' hosted run had suspended.
    SANDBOX_DEMO_IDENTITIES: 'false',
    // The reads come at once: a hosted partner's fair share is not what this test is about.
    SANDBOX_RATE_LIMIT: '0',
    ...(secretsKey ? { SANDBOX_MODE: 'hosted', SANDBOX_SECRETS_KEY: secretsKey } : { SANDBOX_MODE: 'local' }),
  })
  // The fixture's own time: what the answers derive from the clock (a simulation's validity) is as it was.
  const { db, app } = openSandbox({ config, clock: manualClock(new Date(manifest.madeAt)) })
  opened.push(db)
  const request = await requesterOf(app)
  const login = async (username: string, password: string) => {
    const res = await request('/v1/authentication', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) })
    return { status: res.status, token: res.status === 200 ? ((await res.json()) as { accessToken: string }).accessToken : '' }
  }
  const get = async (path: string, token: string) => {
    const res = await request(path, { headers: { Authorization: `Bearer ${token}` } })
    const text = await res.text()
    return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text }
  }
  return { manifest, db, dbPath, login, get }
}

/** Settings of the running sandbox that an account answer reports beside its stored data. */
const SETTINGS = new Set(['mode', 'rateLimit', 'retention', 'limit', 'journalReserved'])
/**
 * What grows after the version answered its read: the journal's bytes (and the storage they are
 * part of), since that version journaled the journey's later requests too before it stopped.
 */
const GROWING = new Set(['storageBytes.used', 'byKind.journalBytes', 'usage.journalBytes'])

/**
 * What an answer says of the stored data: without the running sandbox's settings, what grew after
 * the read, and the fields answered `null`, which the bank's API leaves out since 0.2.0 (CHANGELOG 0.2.0).
 */
function storedFacts(value: unknown, parent = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => storedFacts(item))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, field]) => field !== null && !SETTINGS.has(key) && !GROWING.has(`${parent}.${key}`))
      .map(([key, field]) => [key, storedFacts(field, key)]),
  )
}

describe.each(VERSIONS)('a database written by %s', (version) => {
  it.each([
    ['hosted, with SANDBOX_SECRETS_KEY', SECRETS_KEY],
    ['local, without a key', undefined],
  ])('reads back every record as that version answered it (%s)', async (_name, key) => {
    const { manifest, login, get } = await upgrade(version, key)
    const [admin, user] = await Promise.all(manifest.logins.map((l) => login(l.username, l.password)))
    expect([admin!.status, user!.status]).toEqual([200, 200])
    const tokens = { admin: admin!.token, user: user!.token, operator: manifest.operatorToken }
    for (const [name, read] of Object.entries(manifest.reads)) {
      if (name === 'journal') continue
      const now = await get(read.path, tokens[read.as])
      expect(now.status, `${name}: ${read.path}`).toBe(read.status)
      expect(now.body, `${name}: ${read.path}`).toMatchObject(storedFacts(read.body) as object)
    }
    // The journal: each entry that version listed is listed alike. Since 0.3.0 a user reads its own
    // broker's requests only, so the entries are looked for in both brokers' lists.
    const journal = manifest.reads.journal!
    if (journal.status === 404) return
    const listed = new Map<string, unknown>()
    for (const token of [tokens.admin, tokens.user]) {
      const now = await get('/sandbox/requests?lineCount=100', token)
      expect(now.status).toBe(200)
      for (const entry of now.body.requestList) listed.set(entry.requestId, entry)
    }
    expect(journal.body.requestList.length).toBeGreaterThan(10)
    for (const entry of journal.body.requestList) expect(listed.get(entry.requestId), entry.requestId).toMatchObject(entry)
  })

  it('keeps the callback signing secret the version stored in clear, sealed once a key is set', async () => {
    const { manifest, db, login } = await upgrade(version, SECRETS_KEY)
    const stored = db.prepare('SELECT signing_secret FROM callback_configuration WHERE partner_unique_id = ?').pluck().get(manifest.ids.partner) as string
    expect(stored.startsWith('sealed:')).toBe(true)
    expect(stored).not.toContain(manifest.callback.additionalData.signingSecret)
    expect((await login(manifest.logins[0]!.username, manifest.logins[0]!.password)).status).toBe(200)
  })

  it('refuses an upgraded user a wrong password', async () => {
    const { manifest, login } = await upgrade(version, SECRETS_KEY)
    expect((await login(manifest.logins[0]!.username, 'not-the-password')).status).toBe(401)
  })

  it('opens a database sealed under a key again without it only by refusing to start, naming the setting', async () => {
    const first = await upgrade(version, SECRETS_KEY)
    first.db.close()
    opened.splice(opened.indexOf(first.db), 1)
    const again = loadConfig({ SANDBOX_DB: first.dbPath, LOG_LEVEL: 'silent', SANDBOX_MODE: 'local' })
    expect(() => openSandbox({ config: again, clock: manualClock(new Date(first.manifest.madeAt)) })).toThrow(/SANDBOX_SECRETS_KEY/)
    const untouched = new Database(first.dbPath, { readonly: true })
    expect((untouched.prepare('SELECT signing_secret FROM callback_configuration').pluck().get() as string).startsWith('sealed:')).toBe(true)
    untouched.close()
  })
})
