import { beforeEach, describe, expect, it } from 'vitest'
import type { Config } from '../../../src/platform/config.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'

// The certification judges the client, not a person trying curl meanwhile: a window opened before
// the client runs, and the requests the client marks with X-Sandbox-Certification.

let s: TestSandbox
beforeEach(async () => {
  s = await createTestSandbox()
})

const later = (ms = 1000) => s.clock.advance(ms)

/** A run of the Accept-Language check, finished: its answer. */
async function acceptLanguageRun(body: Record<string, unknown> = {}) {
  const started = await s.call('POST', '/sandbox/certification/runs', { body: { checks: ['client-sends-accept-language'], ...body } })
  expect(started.status, started.text).toBe(202)
  await s.services.certification.idle()
  return (await s.call('GET', `/sandbox/certification/runs/${started.json.runId}`, { headers: { 'Accept-Language': 'en' } })).json
}

const check = (run: any) => run.checks.find((c: any) => c.id === 'client-sends-accept-language')

describe('a certification window', () => {
  it('is where a run starts reading when it is given no since: what came before it is not judged', async () => {
    // A person's own calls of the morning, without Accept-Language.
    await s.call('GET', '/v1/simulations')
    later()
    const opened = await s.call('POST', '/sandbox/certification/window')
    expect(opened.status, opened.text).toBe(201)
    expect(opened.json).toEqual({ windowId: expect.stringMatching(/^[0-9a-f-]{36}$/), openedAt: s.clock.now().toISOString(), markerHeader: 'X-Sandbox-Certification' })
    later()
    await s.call('GET', '/v1/simulations', { headers: { 'Accept-Language': 'en' } })
    later()
    const run = await acceptLanguageRun()
    expect(run.window).toMatchObject({ from: opened.json.openedAt, marker: null })
    expect(check(run).status).toBe('passed')
  })

  it("judges only the client's marked requests once it marks them, and shows each offending one by time, method, path and status", async () => {
    const { windowId } = (await s.call('POST', '/sandbox/certification/window')).json
    later()
    // The client, marked, with Accept-Language; a person's curl meanwhile, without either.
    await s.call('GET', '/v1/simulations', { headers: { 'Accept-Language': 'en', 'X-Sandbox-Certification': windowId } })
    await s.call('GET', '/v1/processes', { headers: { 'X-Request-Id': 'curl-1' } })
    later()
    const judged = await acceptLanguageRun()
    expect(judged.window.marker).toBe(windowId)
    expect(check(judged).status).toBe('passed')

    // A marked request without Accept-Language is the client's own fault: cited by when, what and its status.
    const at = s.clock.now().toISOString()
    await s.call('GET', '/v1/processes', { headers: { 'X-Sandbox-Certification': windowId, 'X-Request-Id': 'client-bad-1' } })
    later()
    const failed = check(await acceptLanguageRun())
    expect(failed.status).toBe('failed')
    expect(failed.evidence).toEqual([expect.objectContaining({ requestId: 'client-bad-1', at, request: 'GET /v1/processes', status: 200, text: expect.any(String) })])
  })

  it('takes any marker value without a window: a client that always sends the header is judged alone', async () => {
    await s.call('GET', '/v1/simulations', { headers: { 'Accept-Language': 'en', 'X-Sandbox-Certification': 'ci' } })
    await s.call('GET', '/v1/processes')
    later()
    const run = await acceptLanguageRun()
    expect(run.window.marker).toBe('*')
    expect(check(run).status).toBe('passed')
    // Nothing marked: every request of the window is the client's, as before.
    s = await createTestSandbox()
    await s.call('GET', '/v1/simulations', { headers: { 'Accept-Language': 'en' } })
    await s.call('GET', '/v1/processes')
    later()
    const unmarked = await acceptLanguageRun()
    expect(unmarked.window.marker).toBeNull()
    expect(check(unmarked).status).toBe('failed')
  })

  it('is replaced by the next one, and a given since still wins over it', async () => {
    const first = (await s.call('POST', '/sandbox/certification/window')).json
    later()
    const second = (await s.call('POST', '/sandbox/certification/window')).json
    expect(second.windowId).not.toBe(first.windowId)
    expect(s.services.certification.windowOf(PARTNER_A)).toMatchObject({ windowId: second.windowId, openedAt: second.openedAt })
    later()
    const since = new Date(s.clock.now().getTime() - 60_000).toISOString()
    expect((await acceptLanguageRun({ since })).window.from).toBe(since)
  })
})

describe('POST /sandbox/certification/window', () => {
  it('needs a partner administrator (403 for a broker user, 401 without a token or with the operator token)', async () => {
    s = await createTestSandbox({ operatorToken: 'operator-token-of-the-window-test-0123456789' })
    const user = await s.call('POST', '/sandbox/account/users', { body: { brokerId: 1001, name: 'Sem Poderes', email: 'sem.poderes@casacerta.example' } })
    expect(user.status, user.text).toBe(201)
    const token = await s.login(user.json.username, user.json.password)
    expect((await s.call('POST', '/sandbox/certification/window', { token })).status).toBe(403)
    expect((await s.call('POST', '/sandbox/certification/window', { token: null })).status).toBe(401)
    expect((await s.call('POST', '/sandbox/certification/window', { token: 'operator-token-of-the-window-test-0123456789' })).status).toBe(401)
    expect(s.services.certification.windowOf(PARTNER_A)).toBeUndefined()
  })

  it('takes no body past the anonymous limit (413), unread', async () => {
    const res = await s.call('POST', '/sandbox/certification/window', { body: { padding: 'x'.repeat(9 * 1024) } })
    expect(res.status).toBe(413)
    expect(s.services.certification.windowOf(PARTNER_A)).toBeUndefined()
  })

  it("costs a token of the partner's fair share, and stores one window a partner, counted against no quota", async () => {
    const counted: Partial<Config> = { rateLimit: { perSecond: 0.01, burst: 100 }, fairShare: { costMs: 60_000, concurrency: null } }
    s = await createTestSandbox(counted)
    const before = await s.call('GET', '/sandbox/account')
    const opened = await s.call('POST', '/sandbox/certification/window')
    expect(Number(before.headers.get('ratelimit-remaining')) - Number(opened.headers.get('ratelimit-remaining'))).toBe(1)
    await s.call('POST', '/sandbox/certification/window')
    expect(s.db.prepare('SELECT COUNT(*) FROM certification_window WHERE partner_unique_id = ?').pluck().get(PARTNER_A)).toBe(1)
    const after = await s.call('GET', '/sandbox/account')
    const { journalBytes: _before, ...storedBefore } = before.json.quotas.storageBytes.byKind
    const { journalBytes: _after, ...storedAfter } = after.json.quotas.storageBytes.byKind
    expect(storedAfter).toEqual(storedBefore)
  })

  it("is deleted with the partner's data by a reset", async () => {
    await s.call('POST', '/sandbox/certification/window')
    expect((await s.call('POST', '/sandbox/reset')).status).toBe(200)
    expect(s.services.certification.windowOf(PARTNER_A)).toBeUndefined()
  })
})
