import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'

/**
 * The journal's count on a large journal: the console's pager counts no further than 1000 (a filter
 * then costs what its page costs), the API's totalRecords stays exact, and a broker's count is read
 * from an index, not the table.
 */
let s: TestSandbox
let cookie: string
const CLONES = 1100

beforeAll(async () => {
  s = await createTestSandbox()
  expect((await s.call('GET', '/v1/simulations', { headers: { 'X-Request-Id': 'count-template' } })).status).toBe(200)
  expect((await s.call('GET', '/sandbox/requests')).status).toBe(200) // writes the journal's queue
  // The entry cloned in SQL: a journal of 1100 more requests in a millisecond, not 1100 calls.
  s.db
    .prepare(
      `INSERT INTO request_journal (request_id, partner_unique_id, broker_id, user_id, at, received_at, method, path, query, status, duration_ms, scenario, fault, fault_after_write, errors, token_id, retry_after, bytes, origin)
      SELECT 'clone-' || n, partner_unique_id, broker_id, user_id, at, received_at, method, path, query, status, duration_ms, scenario, fault, fault_after_write, errors, token_id, retry_after, bytes, origin
      FROM request_journal, (WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ?) SELECT n FROM c) WHERE request_id = 'count-template'`,
    )
    .run(CLONES)
  const login = await s.request('/console/login', {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'broker-a', password: 'sandbox' }).toString(),
  })
  cookie = /sandbox_console=([^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]!
})

const consolePage = async (path: string) => (await s.request(path, { headers: { 'Sec-Fetch-Site': 'same-origin', Cookie: `sandbox_console=${cookie}` } })).text()

describe("the journal's count", () => {
  it('shows "1000+" in the console\'s pager past a thousand entries, filtered or not, and the exact count under it', async () => {
    expect(await consolePage('/console/requests')).toContain('<span class="muted" id="total">1000+</span>')
    expect(await consolePage(`/console/requests?path=${encodeURIComponent('/v1/sim*')}`)).toContain('<span class="muted" id="total">1000+</span>')
    expect(await consolePage('/console/requests?method=POST')).toContain('<span class="muted" id="total">0</span>')
    expect(await consolePage('/console/requests?path=%2Fsandbox%2Frequests')).toMatch(/<span class="muted" id="total">\d<\/span>/)
  })

  it("answers the API's exact totalRecords", async () => {
    const { json } = await s.call('GET', '/sandbox/requests?path=%2Fv1%2Fsimulations')
    expect(json.totalRecords).toBe(CLONES + 1)
  })

  it("counts a broker's entries, and those of a status class, from an index alone", () => {
    const plan = (sql: string) => (s.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail).join(' | ')
    expect(plan("SELECT COUNT(*) FROM request_journal WHERE partner_unique_id = 'p' AND broker_id = 1")).toContain('COVERING INDEX request_journal_broker')
    expect(plan("SELECT COUNT(*) FROM request_journal WHERE partner_unique_id = 'p' AND broker_id = 1 AND status >= 400 AND status < 500")).toContain(
      'COVERING INDEX request_journal_broker',
    )
  })
})
