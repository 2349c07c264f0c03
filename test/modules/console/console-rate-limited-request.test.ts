import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'

/**
 * A request the partner's fair share refused (429), on its console page: the journal stores the
 * answer's headers, so the partner reads when to come back (Retry-After) and the bucket's state.
 * The sandbox has a tiny rate limit of its own: three requests at once, ten a second.
 */
let s: TestSandbox
let cookie: string
let refused: { requestId: string; retryAfter: string }

const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' }

/** Waits, as Retry-After says, until the partner's bucket lets a request in: the console's pages take the same share. */
async function letIn() {
  const buckets = s.services.fairShare!.buckets
  for (let waited = 0; buckets.state(PARTNER_A).remaining === 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20))
}

async function page(path: string) {
  await letIn()
  const res = await s.request(path, { headers: { ...SAME_ORIGIN, Cookie: `sandbox_console=${cookie}` }, redirect: 'manual' })
  return { status: res.status, text: await res.text() }
}

beforeAll(async () => {
  // A request's server time is never charged beyond its token here: only the count of requests refuses.
  s = await createTestSandbox({ rateLimit: { perSecond: 10, burst: 3 }, fairShare: { costMs: 60_000, concurrency: null } })
  const login = await s.request('/console/login', {
    method: 'POST',
    redirect: 'manual',
    headers: { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'broker-a', password: 'sandbox' }).toString(),
  })
  cookie = /sandbox_console=([^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]!
  // A client that ignores the limit: calls until the sandbox refuses one (the fourth, the burst being three).
  for (let n = 1; n <= 10 && !refused; n += 1) {
    const res = await s.call('GET', '/v1/simulations', { headers: { 'X-Request-Id': `limited-${n}` } })
    if (res.status === 429) refused = { requestId: `limited-${n}`, retryAfter: res.headers.get('retry-after')! }
  }
  expect(refused, 'no request was refused').toBeDefined()
})

describe("a rate-limited request's page", () => {
  it("shows the 429 with its Retry-After, the bucket's RateLimit headers and the error 010604", async () => {
    const { status, text } = await page(`/console/requests/${refused.requestId}`)
    expect(status).toBe(200)
    expect(text).toContain('<span class="refused">429</span>')
    expect(text).toMatch(new RegExp(`<tr data-header="retry-after"><th scope="row"><code>retry-after</code></th><td><code>${refused.retryAfter}</code>`))
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    expect(text).toMatch(/<tr data-header="ratelimit-limit"><th scope="row"><code>ratelimit-limit<\/code><\/th><td><code>10<\/code>/)
    expect(text).toMatch(/<tr data-header="ratelimit-remaining"><th scope="row"><code>ratelimit-remaining<\/code><\/th><td><code>0<\/code>/)
    // The refusal names no body field: listed as it came, not as a "missing" field.
    expect(text).toMatch(/<ul class="errors"><li><span class="error">010604 /)
  })

  it('lists the refusal among the requests, linked to its page, and finds it with the 4xx filter', async () => {
    const { text } = await page('/console/requests?status=4xx')
    expect(text).toMatch(
      new RegExp(`<tr data-request-id="${refused.requestId}"[^>]*>[\\s\\S]*?href="/console/requests/${refused.requestId}"[\\s\\S]*?<td class="refused">429</td>`),
    )
    expect(text).not.toContain('data-request-id="limited-1"')
  })
})
