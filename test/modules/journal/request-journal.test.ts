import { beforeEach, describe, expect, it } from 'vitest'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { simulationInput } from '../simulations/simulation-fixtures.ts'

let s: TestSandbox
beforeEach(async () => {
  s = await createTestSandbox()
})

const journal = async (query = '', token?: string) => {
  const res = await s.call('GET', `/sandbox/requests${query}`, token === undefined ? {} : { token })
  expect(res.status, res.text).toBe(200)
  return res.json
}

describe('the request journal', () => {
  it('records a request with its answer: method, path, query, status, duration, request id, bodies', async () => {
    const created = await s.call('POST', '/v1/simulations', { body: simulationInput(), headers: { 'X-Request-Id': 'my-create-1' } })
    expect(created.status).toBe(201)
    const { requestList } = await journal('?path=/v1/simulations&method=POST')
    expect(requestList).toEqual([
      expect.objectContaining({ requestId: 'my-create-1', method: 'POST', path: '/v1/simulations', query: null, status: 201, errors: null, scenario: null, brokerId: 1001 }),
    ])
    const entry = (await s.call('GET', '/sandbox/requests/my-create-1')).json
    expect(JSON.parse(entry.requestBody)).toEqual(simulationInput())
    expect(JSON.parse(entry.responseBody)).toEqual(created.json)
    expect(entry).toMatchObject({ requestTruncated: false, responseTruncated: false, responseContentType: expect.stringContaining('application/json') })
    expect(entry.durationMs).toBeGreaterThan(0)
    expect(entry.at).toBe(s.clock.now().toISOString())
  })

  it('keeps the errors[] of a refusal, each naming its field', async () => {
    const bad = simulationInput({ loanSimulator: { loanAmount: -5 } })
    const refused = await s.call('POST', '/v1/simulations', { body: bad, headers: { 'X-Request-Id': 'refused-1' } })
    expect(refused.status).toBe(400)
    const [entry] = (await journal('?status=4xx')).requestList
    expect(entry).toMatchObject({ requestId: 'refused-1', status: 400 })
    expect(entry.errors).toEqual(refused.json.errors)
    expect(entry.errors.map((e: { errorField: string }) => e.errorField)).toContain('loanSimulator.loanAmount')
  })

  it('records the query string and the scenario applied', async () => {
    await s.call('GET', '/v1/simulations?lineCount=5', { headers: { 'X-Sandbox-Scenario': 'slow-response' } }).catch(() => undefined)
    await s.call('GET', '/v1/simulations?lineCount=7')
    const [latest] = (await journal('?path=/v1/simulations&method=GET')).requestList
    expect(latest).toMatchObject({ query: 'lineCount=7', status: 200 })
  })

  it('never stores a token, a password or a signing secret', async () => {
    const token = s.tokens.a
    await s.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: 'https://partner.example.com/hooks' }, headers: { 'X-Request-Id': 'callback-1' } })
    const user = await s.call('POST', '/sandbox/account/users', {
      body: { brokerId: 1001, name: 'Marta Lopes', email: 'marta@example.com' },
      headers: { 'X-Request-Id': 'user-1' },
    })
    expect(user.status, user.text).toBe(201)
    const callback = (await s.call('GET', '/sandbox/requests/callback-1')).json
    const added = (await s.call('GET', '/sandbox/requests/user-1')).json
    expect(callback.requestHeaders.authorization).toBe('Bearer [redacted]')
    expect(JSON.parse(callback.responseBody).additionalData.signingSecret).toBe('[redacted]')
    expect(JSON.parse(added.responseBody).additionalData?.password ?? JSON.parse(added.responseBody).password).toBe('[redacted]')
    const stored = JSON.stringify(s.db.prepare('SELECT * FROM request_journal').all())
    expect(stored).not.toContain(token)
    expect(stored).not.toContain(user.json.additionalData?.password ?? user.json.password)
    expect(stored).not.toMatch(/whsec_/)
  })

  it('filters by status class, method, path prefix, request id and time, and pages like the lists', async () => {
    for (let i = 0; i < 5; i++) await s.call('GET', `/v1/simulations?lineCount=${i + 1}`)
    await s.call('GET', '/v1/simulations/00000000-0000-4000-8000-000000000000')
    expect((await journal('?status=4xx')).requestList.map((e: { status: number }) => e.status)).toEqual([404])
    expect((await journal('?path=/v1/simulations/*')).totalRecords).toBe(1)
    const first = await journal('?path=/v1/simulations&lineCount=2')
    expect(first).toMatchObject({ totalRecords: 5, hasMoreResults: true })
    const second = await journal(`?path=/v1/simulations&lineCount=2&nextRecord=${first.requestList[1].entryId}`)
    expect(second.requestList.map((e: { query: string }) => e.query)).toEqual(['lineCount=3', 'lineCount=2'])
    expect((await journal(`?from=${new Date(s.clock.now().getTime() + 1000).toISOString()}`)).totalRecords).toBe(0)
    const bad = await s.call('GET', '/sandbox/requests?status=6xx')
    expect(bad.status).toBe(400)
    expect(bad.json.errors[0].errorField).toBe('status')
  })

  it("shows a partner only its own requests; another partner's request id is a 404", async () => {
    await s.call('GET', '/v1/simulations', { headers: { 'X-Request-Id': 'only-a' } })
    expect((await journal('', s.tokens.b)).requestList.some((e: { requestId: string }) => e.requestId === 'only-a')).toBe(false)
    expect((await s.call('GET', '/sandbox/requests/only-a', { token: s.tokens.b })).status).toBe(404)
  })

  it('keeps the newest SANDBOX_JOURNAL_MAX_ENTRIES of each partner', async () => {
    s = await createTestSandbox({ journal: { maxEntries: 3, maxBytes: 1024 * 1024, maxPerSecond: 200 } })
    for (let i = 0; i < 6; i++) await s.call('GET', `/v1/simulations?lineCount=${i + 1}`)
    const { requestList } = await journal()
    // The ring holds 3; the list request itself is journaled after it answers.
    expect(requestList.map((e: { query: string }) => e.query)).toEqual(['lineCount=6', 'lineCount=5', 'lineCount=4'])
  })

  it('keeps the partner usage of its journal equal to the entries kept, through trims, retention and reset', async () => {
    // A byte bound that holds about three of these entries, and a count bound of 5.
    s = await createTestSandbox({ journal: { maxEntries: 5, maxBytes: 3 * 1024 + 2048, maxPerSecond: 200 }, retentionDays: 30, tokenTtlSeconds: 400 * 86_400 })
    const usage = () => s.db.prepare('SELECT journal_entries AS entries, journal_bytes AS bytes FROM partner_usage WHERE partner_unique_id = ?').get(PARTNER_A)
    const stored = () => s.db.prepare('SELECT COUNT(*) AS entries, COALESCE(SUM(bytes), 0) AS bytes FROM request_journal WHERE partner_unique_id = ?').get(PARTNER_A)
    for (let i = 0; i < 4; i++) await s.call('GET', `/v1/simulations?lineCount=${i + 1}`)
    s.services.journal.flush()
    expect(usage()).toEqual(stored())
    expect((stored() as { entries: number }).entries).toBeLessThanOrEqual(5)
    for (let i = 0; i < 8; i++) await s.call('POST', '/v1/simulations', { body: simulationInput() })
    s.services.journal.flush()
    expect(usage()).toEqual(stored())
    expect((stored() as { bytes: number }).bytes).toBeLessThanOrEqual(3 * 1024 + 2048)
    s.clock.advance(31 * 86_400_000)
    s.services.retention.sweepNow()
    expect(usage()).toEqual({ entries: 0, bytes: 0 })
    await s.call('GET', '/v1/simulations')
    await s.call('POST', '/sandbox/reset')
    s.services.journal.flush()
    expect(usage()).toEqual(stored())
    expect(usage()).toMatchObject({ entries: 1 })
    // A usage out of step with the rows (written by other means) is counted again, not trusted.
    s.db.prepare('UPDATE partner_usage SET journal_entries = 1000, journal_bytes = 100000000 WHERE partner_unique_id = ?').run(PARTNER_A)
    await s.call('GET', '/v1/simulations')
    s.services.journal.flush()
    expect(usage()).toEqual(stored())
    expect(usage()).toMatchObject({ entries: 2 })
  })

  it('journals at most SANDBOX_JOURNAL_MAX_PER_SECOND requests a second per partner', async () => {
    s = await createTestSandbox({ journal: { maxEntries: 100, maxBytes: 1024 * 1024, maxPerSecond: 3 } })
    await Promise.all(Array.from({ length: 10 }, () => s.call('GET', '/v1/simulations')))
    const count = s.db.prepare('SELECT COUNT(*) FROM request_journal').pluck()
    s.services.journal.flush()
    expect(count.get()).toBeLessThanOrEqual(6)
  })

  it('the sandbox reset empties the journal', async () => {
    await s.call('GET', '/v1/simulations')
    const reset = await s.call('POST', '/sandbox/reset')
    expect(reset.json.additionalData.deleted.journalEntries).toBeGreaterThan(0)
    expect((await journal()).requestList.map((e: { path: string }) => e.path)).toEqual(['/sandbox/reset'])
  })
})
