import { beforeAll, describe, expect, it } from 'vitest'
import { auditedRoutes } from '../../../../src/modules/journal/audit/audit-middleware.ts'
import { consoleSession } from '../../../http/support/matrix-world.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../../support/test-app.ts'
import { TRANSPORT } from '../../../support/transport.ts'
import { asOperator, OPERATOR_TOKEN, signUp } from '../../partners/partner-support.ts'

/** The audit trail (docs/design.md "Audit trail"): broker-a administers partner A; the operator has its token. */
let s: TestSandbox
beforeAll(async () => {
  s = await createTestSandbox({ operatorToken: OPERATOR_TOKEN })
})

interface Entry {
  entryId: string
  at: string
  actor: { kind: string; userId: number | null; username: string | null }
  partnerUniqueID: string | null
  action: string
  target: Record<string, string>
  summary: string
  status: number
  clientAddress: string
  requestId: string
}

const operatorTrail = async (query = ''): Promise<{ totalRecords: number; hasMoreResults: boolean; auditList: Entry[] }> => {
  const res = await asOperator(s, 'GET', `/sandbox/operator/audit?lineCount=100${query}`)
  expect(res.status, res.text).toBe(200)
  return res.json
}
const byRequest = async (requestId: string) => (await operatorTrail()).auditList.filter((e) => e.requestId === requestId)

let sequence = 0
/** A call as broker-a (or another token) with a request id of its own, to find its entry. */
async function acting(method: string, path: string, options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {}) {
  const requestId = `audit-${++sequence}-${Math.random().toString(36).slice(2)}`
  const res = await s.call(method, path, { ...options, headers: { ...options.headers, 'X-Request-Id': requestId } })
  return { ...res, requestId }
}
const asTheOperator = (method: string, path: string, body?: unknown) => acting(method, path, { token: OPERATOR_TOKEN, ...(body === undefined ? {} : { body }) })

describe('every audited route', () => {
  it('is exactly the routes declared admin or operator that change something', () => {
    const keys = auditedRoutes().map((r) => r.key)
    expect(keys).toContain('POST /sandbox/account/users/{userId}/password')
    expect(keys).toContain('DELETE /sandbox/operator/partners/{partnerUniqueID}')
    expect(keys).toContain('POST /console/drive/reset')
    expect(keys.filter((k) => k.startsWith('GET '))).toEqual([])
    expect(keys).not.toContain('POST /v1/simulations')
  })

  it('records one entry with its caller for each, whatever the answer', async () => {
    const other = await createTestSandbox({ operatorToken: OPERATOR_TOKEN })
    // The operator's routes name a partner that does not exist: partner A stays for the routes after them.
    const value = (name: string, key: string) =>
      name === 'partnerUniqueID'
        ? key.includes('/operator/')
          ? '00000000-0000-4000-8000-00000000000a'
          : PARTNER_A
        : name === 'notificationType'
          ? '9'
          : name === 'recipientId'
            ? '00000000-0000-4000-8000-000000000000'
            : name === 'name'
              ? 'no-such-scenario'
              : '999999'
    const missing: string[] = []
    for (const { key } of auditedRoutes()) {
      const [method, template] = key.split(' ') as [string, string]
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => value(name, key))
      const requestId = `every-${missing.length}-${key.replace(/\W+/g, '-')}`
      const consoleRoute = path.startsWith('/console/')
      // A session of its own: the reset before it ends the sessions it had.
      const session = consoleRoute ? await consoleSession(other, 'broker-a', 'sandbox') : { cookie: '', csrf: '' }
      const res = await other.request(path, {
        method,
        redirect: 'manual',
        headers: {
          'X-Request-Id': requestId,
          ...(consoleRoute
            ? { Cookie: session.cookie, 'Content-Type': 'application/x-www-form-urlencoded' }
            : { 'Content-Type': 'application/json', Authorization: `Bearer ${key.includes('/operator/') ? OPERATOR_TOKEN : other.tokens.a}` }),
        },
        body: consoleRoute ? new URLSearchParams({ csrf: session.csrf }).toString() : '{}',
      })
      await res.arrayBuffer()
      const trail = await other.call('GET', `/sandbox/operator/audit?lineCount=5`, { token: null, headers: { Authorization: `Bearer ${OPERATOR_TOKEN}` } })
      const entries = (trail.json.auditList as Entry[]).filter((e) => e.requestId === requestId)
      if (entries.length !== 1 || entries[0]!.action !== key || entries[0]!.status !== res.status) missing.push(`${key}: ${entries.length} entries, answered ${res.status}`)
    }
    expect(missing).toEqual([])
  })
})

describe("a partner administrator's actions", () => {
  it('are each recorded once with the partner, the user, the route, the ids of its path and the outcome', async () => {
    const broker = await acting('POST', '/sandbox/account/brokers', { body: { name: 'Casa Certa Faro' } })
    const user = await acting('POST', '/sandbox/account/users', { body: { brokerId: broker.json.brokerId, name: 'Nova Utilizadora', email: 'nova@casacerta.example' } })
    const userId = String(user.json.userId)
    const actions = [
      broker,
      user,
      await acting('POST', `/sandbox/account/users/${userId}/password`),
      await acting('POST', `/sandbox/account/users/${userId}/revoke-tokens`),
      await acting('PUT', `/sandbox/account/users/${userId}/admin`, { body: { admin: true } }),
      await acting('PUT', `/sandbox/account/users/${userId}/admin`, { body: { admin: false } }),
      await acting('PUT', `/${PARTNER_A}/callbacks/7`, { body: { callbackUrl: 'https://hooks.casacerta.example/private/path?key=abc' } }),
      await acting('DELETE', `/${PARTNER_A}/callbacks/7`),
      await acting('POST', '/sandbox/clock/advance', { body: { seconds: 60 } }),
      await acting('DELETE', `/sandbox/account/users/${userId}`),
    ]
    const trail = (await operatorTrail(`&partner=${PARTNER_A}`)).auditList
    for (const action of actions) {
      const entries = trail.filter((e) => e.requestId === action.requestId)
      expect(entries, action.requestId).toHaveLength(1)
      expect(entries[0]).toMatchObject({ actor: { kind: 'user', userId: 5001, username: 'broker-a' }, partnerUniqueID: PARTNER_A, status: action.status })
    }
    const of = (i: number) => trail.find((e) => e.requestId === actions[i]!.requestId)!
    expect(of(2)).toMatchObject({ action: 'POST /sandbox/account/users/{userId}/password', target: { userId }, summary: '' })
    expect(of(4)).toMatchObject({ action: 'PUT /sandbox/account/users/{userId}/admin', summary: 'admin=true' })
    expect(of(5).summary).toBe('admin=false')
    // The address keeps its host only: its path and query may carry the partner's own secrets.
    expect(of(6)).toMatchObject({ target: { partnerUniqueID: PARTNER_A, notificationType: '7' }, summary: 'callbackUrl=hooks.casacerta.example' })
    expect(of(8).summary).toBe('seconds=60')
  })

  it("are dated on the sandbox's real time, not the partner's advanced clock", async () => {
    await acting('POST', '/sandbox/clock/advance', { body: { seconds: 86_400 * 30 } })
    const reset = await acting('POST', '/sandbox/reset')
    const [entry] = await byRequest(reset.requestId)
    expect(entry!.at).toBe(s.clock.now().toISOString())
  })

  it('name the client address as the forwarded-for rules resolve it', async () => {
    const res = await acting('POST', '/sandbox/account/brokers', { body: { name: 'Casa Certa Beja' }, headers: { 'X-Forwarded-For': '203.0.113.7' } })
    const [entry] = await byRequest(res.requestId)
    // app.request() has no socket and stands in for one trusted proxy; a real socket is trusted for nothing by default.
    expect(entry!.clientAddress).toBe(TRANSPORT === 'web' ? '203.0.113.7' : '127.0.0.1')
  })

  it("record a user's refused attempt too, and no anonymous call", async () => {
    const refused = await acting('POST', '/sandbox/account/brokers', { token: s.tokens.a2, body: { name: 'Casa Intrusa' } })
    const anonymous = await acting('POST', '/sandbox/account/brokers', { token: null, body: { name: 'Casa Anónima' } })
    expect([refused.status, anonymous.status]).toEqual([403, 401])
    expect(await byRequest(refused.requestId)).toMatchObject([{ actor: { username: 'broker-a2' }, status: 403, summary: '' }])
    expect(await byRequest(anonymous.requestId)).toEqual([])
  })
})

describe("the operator's actions", () => {
  it('are each recorded once as the operator, naming the partner acted on', async () => {
    const created = await asTheOperator('POST', '/sandbox/operator/partners', { partnerName: 'Auditada Lda.', contactEmail: 'dev@auditada.example' })
    const id = created.json.partnerUniqueID as string
    const actions = [
      created,
      await asTheOperator('POST', `/sandbox/operator/partners/${id}/suspend`, { reason: 'Auditoria' }),
      await asTheOperator('POST', `/sandbox/operator/partners/${id}/resume`),
      await asTheOperator('DELETE', `/sandbox/operator/partners/${id}`),
    ]
    const invitation = await asTheOperator('POST', '/sandbox/operator/invitations', { note: 'Rede Norte', expiresInDays: 7 })
    const trail = (await operatorTrail(`&partner=${id}`)).auditList
    expect(trail.map((e) => [e.action, e.status, e.actor.kind])).toEqual([
      ['DELETE /sandbox/operator/partners/{partnerUniqueID}', 200, 'operator'],
      ['POST /sandbox/operator/partners/{partnerUniqueID}/resume', 200, 'operator'],
      ['POST /sandbox/operator/partners/{partnerUniqueID}/suspend', 200, 'operator'],
      ['POST /sandbox/operator/partners', 201, 'operator'],
    ])
    expect(trail.map((e) => e.requestId)).toEqual(actions.map((a) => a.requestId).reverse())
    expect(trail[3]!.summary).toBe('partnerName=Auditada Lda., contactEmail=dev@auditada.example')
    expect(await byRequest(invitation.requestId)).toMatchObject([{ partnerUniqueID: null, summary: 'note=Rede Norte, expiresInDays=7', status: 201 }])
  })

  it("are kept past the partner's deletion and its reset", async () => {
    const partner = await signUp(s, 'Apagada Lda.')
    const broker = await acting('POST', '/sandbox/account/brokers', { token: partner.token, body: { name: 'Apagada Porto' } })
    await acting('POST', '/sandbox/reset', { token: partner.token })
    await asTheOperator('DELETE', `/sandbox/operator/partners/${partner.partnerUniqueID}`)
    const trail = (await operatorTrail(`&partner=${partner.partnerUniqueID}`)).auditList
    expect(trail.map((e) => e.action)).toEqual(['DELETE /sandbox/operator/partners/{partnerUniqueID}', 'POST /sandbox/reset', 'POST /sandbox/account/brokers'])
    expect(trail[2]).toMatchObject({ requestId: broker.requestId, actor: { username: partner.username } })
  })
})

describe('GET /sandbox/operator/audit', () => {
  it('filters by actor, action and time, and pages with the cursors', async () => {
    const mine = await acting('POST', '/sandbox/account/brokers', { body: { name: 'Casa Certa Évora' } })
    const byActor = (await operatorTrail('&actor=operator')).auditList
    expect(byActor.length).toBeGreaterThan(0)
    expect(byActor.every((e) => e.actor.kind === 'operator')).toBe(true)
    const byAction = (await operatorTrail(`&actor=broker-a&action=${encodeURIComponent('POST /sandbox/account/brokers')}`)).auditList
    expect(byAction[0]!.requestId).toBe(mine.requestId)
    expect(byAction.every((e) => e.action === 'POST /sandbox/account/brokers' && e.actor.username === 'broker-a')).toBe(true)
    const later = new Date(s.clock.now().getTime() + 1000).toISOString()
    expect((await operatorTrail(`&from=${later}`)).totalRecords).toBe(0)
    const all = await operatorTrail()
    const first = (await asOperator(s, 'GET', '/sandbox/operator/audit?lineCount=2')).json
    const next = (await asOperator(s, 'GET', `/sandbox/operator/audit?lineCount=2&nextRecord=${first.auditList[1].entryId}`)).json
    expect([...first.auditList, ...next.auditList].map((e: Entry) => e.entryId)).toEqual(all.auditList.slice(0, 4).map((e) => e.entryId))
    expect((await asOperator(s, 'GET', '/sandbox/operator/audit?nextRecord=nope')).status).toBe(400)
  })

  it('refuses anyone without the operator token', async () => {
    expect((await asOperator(s, 'GET', '/sandbox/operator/audit', { token: null })).status).toBe(401)
    expect((await s.call('GET', '/sandbox/operator/audit')).status).toBe(401)
  })
})

describe('GET /sandbox/account/audit', () => {
  it("lists only its own partner's entries, made by its users", async () => {
    const partner = await signUp(s, 'Vizinha Lda.')
    const theirs = await acting('POST', '/sandbox/account/brokers', { token: partner.token, body: { name: 'Vizinha Braga' } })
    await asTheOperator('POST', `/sandbox/operator/partners/${partner.partnerUniqueID}/suspend`, { reason: 'Vista' })
    await asTheOperator('POST', `/sandbox/operator/partners/${partner.partnerUniqueID}/resume`)
    const own = (await s.call('GET', '/sandbox/account/audit?lineCount=100', { token: partner.token })).json.auditList as Entry[]
    expect(own.map((e) => e.requestId)).toEqual([theirs.requestId])
    const ofA = (await s.call('GET', '/sandbox/account/audit?lineCount=100')).json.auditList as Entry[]
    expect(ofA.length).toBeGreaterThan(0)
    expect(ofA.every((e) => e.partnerUniqueID === PARTNER_A && e.actor.kind === 'user')).toBe(true)
  })

  it('is refused to a user who does not administer the partner', async () => {
    expect((await s.call('GET', '/sandbox/account/audit', { token: s.tokens.a2 })).status).toBe(403)
  })
})

describe('what the trail stores', () => {
  it('holds no password, token, code or secret that went through the audited actions', async () => {
    const partner = await asTheOperator('POST', '/sandbox/operator/partners', { partnerName: 'Segredos Lda.', contactEmail: 'dev@segredos.example' })
    const token = await s.login(partner.json.username, partner.json.password)
    const user = await acting('POST', '/sandbox/account/users', { token, body: { brokerId: partner.json.brokerId, name: 'Sigilosa', email: 'sigilosa@segredos.example' } })
    const reset = await acting('POST', `/sandbox/account/users/${user.json.userId}/password`, { token })
    const callback = await acting('PUT', `/${partner.json.partnerUniqueID}/callbacks/6`, { token, body: { callbackUrl: 'https://hooks.segredos.example/in' } })
    await acting('POST', '/sandbox/account/mail-recipients/00000000-0000-4000-8000-000000000000/verify', { token, body: { code: '918273' } })
    const secrets = [partner.json.password, user.json.password, reset.json.password, token, OPERATOR_TOKEN, callback.json.additionalData.signingSecret, '918273']
    expect(secrets.every((v) => typeof v === 'string' && v.length > 0)).toBe(true)
    const stored = JSON.stringify(s.db.prepare('SELECT * FROM audit_entry').all())
    expect(secrets.filter((secret) => stored.includes(secret))).toEqual([])
    expect(stored).toContain(user.requestId)
  })

  it("counts against no quota: the partner's stored usage stays what its data takes", async () => {
    const partner = await signUp(s, 'Contada Lda.')
    const usage = () => s.db.prepare('SELECT * FROM partner_usage WHERE partner_unique_id = ?').get(partner.partnerUniqueID)
    // The journal's pending entries count against storage: written first, so that only the trail's rows come between.
    s.services.journal.flush()
    const before = usage()
    for (let i = 0; i < 20; i++) {
      s.services.audit.record({
        actor: { kind: 'user', userId: partner.userId, username: partner.username },
        partnerUniqueID: partner.partnerUniqueID,
        action: 'POST /sandbox/account/brokers',
        target: {},
        summary: 'name=Contada Porto',
        status: 201,
        clientAddress: '203.0.113.7',
        requestId: `quota-${i}`,
      })
    }
    expect(usage()).toEqual(before)
    expect((await s.call('GET', `/sandbox/account/audit?actor=${partner.username}`, { token: partner.token })).json.totalRecords).toBe(20)
  })
})

describe('SANDBOX_AUDIT_RETENTION_DAYS', () => {
  it("sweeps entries older than the setting on the machine's clock, and keeps the newer", async () => {
    const kept = await createTestSandbox({ operatorToken: OPERATOR_TOKEN, auditRetentionDays: 30 })
    const entry = (requestId: string) => ({
      actor: { kind: 'operator' as const },
      partnerUniqueID: null,
      action: 'POST /sandbox/operator/invitations',
      target: {},
      summary: '',
      status: 201,
      clientAddress: 'local',
      requestId,
    })
    kept.services.audit.record(entry('old'))
    kept.clock.advance(20 * 86_400_000)
    kept.services.audit.record(entry('new'))
    kept.clock.advance(11 * 86_400_000)
    expect(kept.services.auditRetention.sweepNow()).toEqual({ auditEntries: 1 })
    expect(kept.db.prepare('SELECT request_id FROM audit_entry').pluck().all()).toEqual(['new'])
  })
})

describe('the fair share', () => {
  it("charges a partner's reads of its trail to its budget: 429 past it", async () => {
    const limited = await createTestSandbox({ rateLimit: { perSecond: 0.01, burst: 3 }, fairShare: { costMs: 60_000, concurrency: null } })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await limited.call('GET', '/sandbox/account/audit')).status)
    expect(statuses).toContain(429)
    expect(statuses[0]).toBe(200)
  })
})
