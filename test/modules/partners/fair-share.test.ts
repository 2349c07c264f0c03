import { describe, expect, it } from 'vitest'
import { loadConfig, type Config } from '../../../src/platform/config.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { createSimulation } from '../simulations/simulation-fixtures.ts'
import { errorOf } from './partner-support.ts'

// A bucket that does not refill within a test (a token every 100 s): what a test sees is what its requests took.
const SLOW = 0.01
const counted = (burst: number): Partial<Config> => ({ rateLimit: { perSecond: SLOW, burst }, fairShare: { costMs: 60_000, concurrency: null } })

/** Broker A's simulation made without a fair share, then the same data served by a sandbox with `overrides` (a restart). */
async function restartedWithSimulation(overrides: Partial<Config>) {
  const setup = await createTestSandbox()
  const { id } = await createSimulation(setup)
  return { s: await createTestSandbox(overrides, { db: setup.db }), id }
}

/** Broker A's console session: the cookie of a login through the console's form. */
async function consoleCookie(s: TestSandbox): Promise<string> {
  const res = await s.request('/console/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'username=broker-a&password=sandbox',
    redirect: 'manual',
  })
  expect(res.status).toBe(303)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

/** A request of broker A whose JSON body stays open until `release()`: it holds one of the partner's turns meanwhile. */
function heldRequest(s: TestSandbox) {
  const encoder = new TextEncoder()
  let release!: () => void
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('{"loanSimulator": '))
      release = () => {
        controller.enqueue(encoder.encode('{}}'))
        controller.close()
      }
    },
  })
  const answer = s.request('/v1/simulations/validate', {
    method: 'POST',
    headers: { Authorization: `Bearer ${s.tokens.a}`, 'Content-Type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit)
  return { answer, release: () => release() }
}

/** Resolves once broker A's partner has as many requests running and waiting for a turn as asked. */
async function untilTurns(s: TestSandbox, expected: { running: number; waiting: number }) {
  const turns = s.services.fairShare!.turns!
  for (let i = 0; turns.of(PARTNER_A).running !== expected.running || turns.of(PARTNER_A).waiting !== expected.waiting; i++) {
    if (i > 2000) throw new Error(`broker A's partner never had ${JSON.stringify(expected)}: ${JSON.stringify(turns.of(PARTNER_A))}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe("a partner's fair share weighs each request by what it cost", () => {
  it("refuses an ESIS render past the partner's render budget with 429, Retry-After and what its renders took, and lets its other requests on", async () => {
    const { s, id } = await restartedWithSimulation({
      rateLimit: { perSecond: SLOW, burst: 10 },
      // A token a second of the loop's time: the request takes one; its render's tens of milliseconds would be none either way.
      fairShare: { costMs: 1000, concurrency: null, renders: { msPerSecond: 0.01, burstMs: 1 } },
    })
    const first = await s.call('GET', `/v1/simulations/${id}/esis`)
    expect(first.status).toBe(200)
    expect(first.headers.get('ratelimit-remaining')).toBe('9')
    const second = await s.call('GET', `/v1/simulations/${id}/esis`, { headers: { 'Accept-Language': 'en' } })
    expect([second.status, errorOf(second)]).toEqual([429, [['010604', '']]])
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(100)
    expect(second.json.errors[0].errorMessage).toMatch(
      /^The partner's ESIS render budget is spent: its 1 renders since the budget was last full took \d+ ms \(0\.01 ms a second, 1 ms at once\)\. Its other requests are not held back\. Retry in \d+ seconds\.$/,
    )
    expect((await s.call('GET', `/v1/simulations/${id}`)).status).toBe(200)
  })

  it('answers three ESIS downloads in a row and then a Detail with 200 under the hosted default limits', async () => {
    const hosted = loadConfig({ SANDBOX_MODE: 'hosted', SANDBOX_OPERATOR_TOKEN: 'o'.repeat(32), SANDBOX_SECRETS_KEY: 'k'.repeat(32) })
    const { s, id } = await restartedWithSimulation({ rateLimit: hosted.rateLimit, fairShare: hosted.fairShare, esisRendering: { ...hosted.esisRendering, threads: 1 } })
    expect(s.config.rateLimit).toEqual({ perSecond: 20, burst: 200 })
    const answers = []
    for (const path of [`/v1/simulations/${id}/esis`, `/v1/simulations/${id}/esis`, `/v1/simulations/${id}/esis`, `/v1/simulations/${id}`]) {
      const res = await s.call('GET', path)
      answers.push([res.status, res.headers.get('retry-after')])
    }
    expect(answers).toEqual([
      [200, null],
      [200, null],
      [200, null],
      [200, null],
    ])
  }, 60_000)

  it("says on a 429 that the partner's requests cost more than a token each, how much, and when to retry", async () => {
    // A token a microsecond: any request costs far more than its one token.
    const s = await createTestSandbox({ rateLimit: { perSecond: SLOW, burst: 3 }, fairShare: { costMs: 0.001, concurrency: null } })
    expect((await s.call('GET', '/v1/simulations')).status).toBe(200)
    const refused = await s.call('GET', '/v1/simulations', { headers: { 'Accept-Language': 'en' } })
    expect([refused.status, errorOf(refused)]).toEqual([429, [['010604', '']]])
    const seconds = refused.headers.get('retry-after')
    expect(refused.json.errors[0].errorMessage).toMatch(
      new RegExp(
        `^The partner's request rate limit is reached: its 1 requests since its budget was last full cost (\\d+) tokens \\(0\\.01 a second, 3 at once; a token is a request, or 0\\.001 ms of server time past its first\\)\\. Retry in ${seconds} seconds\\.$`,
      ),
    )
    expect(Number(/cost (\d+) tokens/.exec(refused.json.errors[0].errorMessage)![1])).toBeGreaterThan(3)
  })

  it('keeps the plain rate-limit message for requests that cost a token each', async () => {
    const s = await createTestSandbox(counted(2))
    for (let i = 0; i < 2; i++) expect((await s.call('GET', '/v1/simulations')).status).toBe(200)
    const refused = await s.call('GET', '/v1/simulations', { headers: { 'Accept-Language': 'en' } })
    expect(refused.json.errors[0].errorMessage).toMatch(/^The partner's request rate limit is reached \(0\.01 a second\)\. Retry in \d+ seconds\.$/)
  })

  it('answers 200 concurrent ESIS requests of one partner, most of them with 429 and Retry-After, none left queued', async () => {
    const { s, id } = await restartedWithSimulation({
      rateLimit: { perSecond: 20, burst: 100 },
      fairShare: { costMs: 2, concurrency: { inFlight: 4, queue: 16, waitMs: 2000 } },
      esisRendering: { threads: 1, perPartner: 2, queue: 64 },
    })
    const answers = await Promise.all(Array.from({ length: 200 }, () => s.call('GET', `/v1/simulations/${id}/esis`)))
    const refused = answers.filter((a) => a.status === 429)
    expect(answers.filter((a) => a.status !== 429 && a.status !== 200)).toEqual([])
    // At most the partner's 4 running and 16 waiting got as far as the renderer.
    expect(refused.length).toBeGreaterThanOrEqual(180)
    expect(answers.some((a) => a.status === 200)).toBe(true)
    for (const answer of refused) {
      expect(errorOf(answer)).toEqual([['010604', '']])
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    }
  }, 60_000)

  it("counts a console page against the partner's budget, the API's requests and the pages alike", async () => {
    const s = await createTestSandbox(counted(3))
    const cookie = await consoleCookie(s)
    const page = () => s.request('/console/simulations', { headers: { Cookie: cookie }, redirect: 'manual' })
    const pages = [await page(), await page()]
    expect(pages.map((p) => p.status)).toEqual([200, 200])
    expect(pages.map((p) => p.headers.get('ratelimit-remaining'))).toEqual(['2', '1'])
    expect((await s.call('GET', '/v1/simulations')).status).toBe(200)
    const refused = await page()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(await refused.text()).toContain('010604')
  })

  it("does not count the console's live updates against the partner's budget, within their own allowance", async () => {
    const s = await createTestSandbox(counted(3))
    const cookie = await consoleCookie(s)
    const get = (path: string) => s.request(path, { headers: { Cookie: cookie, 'HX-Request': 'true' }, redirect: 'manual' })
    expect((await get('/console/requests')).headers.get('ratelimit-remaining')).toBe('2')
    const live = await get('/console/requests/rows')
    expect(live.status).toBe(200)
    expect(live.headers.get('ratelimit-remaining')).toBeNull()
    expect((await s.call('GET', '/v1/simulations')).headers.get('ratelimit-remaining')).toBe('1')
    // Past the allowance (a second's worth of the partner's rate, here one), an update counts as any page.
    expect((await get('/console/requests/rows')).headers.get('ratelimit-remaining')).toBe('0')
  })

  it("states the partner's rate limit, its render budget and what requests cost on the console's account page", async () => {
    const s = await createTestSandbox({ rateLimit: { perSecond: 20, burst: 200 }, fairShare: { costMs: 1, concurrency: null, renders: { msPerSecond: 20, burstMs: 1500 } } })
    const cookie = await consoleCookie(s)
    const text = await (await s.request('/console/account?lang=en', { headers: { Cookie: `${cookie}; sandbox_console_lang=en` } })).text()
    expect(text).toMatch(/<dd id="rate-limit">20 tokens a second, 200 at once<\/dd>/)
    expect(text).toMatch(/<dd id="render-budget">20 ms of rendering a second, 1,500 ms at once<\/dd>/)
    expect(text).not.toContain('[object Object]')
    expect(text).toContain('one more for each 1 ms of server time past its first')
    expect(text).toMatch(/<tr data-operation="GET \/v1\/simulations\/\{simulationUniqueId\}\/esis">.*?<td class="num">2<\/td>.*?<td class="num">85 ms<\/td><\/tr>/s)
  })

  it("counts a /sandbox route against the partner's budget", async () => {
    const s = await createTestSandbox(counted(2))
    expect((await s.call('GET', '/sandbox/account')).status).toBe(200)
    expect((await s.call('GET', '/sandbox/requests')).status).toBe(200)
    const refused = await s.call('POST', '/sandbox/reset')
    expect([refused.status, errorOf(refused)]).toEqual([429, [['010604', '']]])
  })
})

describe("a partner's requests at once", () => {
  it('refuses with 429 and Retry-After a request that waited for its turn past the bound', async () => {
    const s = await createTestSandbox({ rateLimit: { perSecond: 100, burst: 100 }, fairShare: { costMs: 60_000, concurrency: { inFlight: 1, queue: 4, waitMs: 50 } } })
    const held = heldRequest(s)
    await untilTurns(s, { running: 1, waiting: 0 })
    const waited = await s.call('GET', '/v1/simulations')
    expect([waited.status, errorOf(waited)]).toEqual([429, [['010604', '']]])
    expect(waited.headers.get('retry-after')).toBe('1')
    held.release()
    expect((await held.answer).status).toBe(200)
    expect((await s.call('GET', '/v1/simulations')).status).toBe(200)
  })

  it("lets another partner's requests in at once while one partner's are all running or waiting, and the waiting one in when a turn frees", async () => {
    const s = await createTestSandbox({ rateLimit: { perSecond: 100, burst: 100 }, fairShare: { costMs: 60_000, concurrency: { inFlight: 1, queue: 1, waitMs: 60_000 } } })
    const held = heldRequest(s)
    await untilTurns(s, { running: 1, waiting: 0 })
    let waitingDone = false
    const waiting = s.call('GET', '/v1/simulations').finally(() => (waitingDone = true))
    await untilTurns(s, { running: 1, waiting: 1 })
    const full = await s.call('GET', '/v1/simulations')
    expect([full.status, errorOf(full)]).toEqual([429, [['010604', '']]])
    expect((await s.call('GET', '/v1/simulations', { token: s.tokens.b })).status).toBe(200)
    expect(waitingDone).toBe(false)
    held.release()
    expect((await waiting).status).toBe(200)
  })

  it("keeps a latency effect's wait in one of the partner's running slots, so held requests cannot buy the partner more at once", async () => {
    const s = await createTestSandbox({ rateLimit: { perSecond: 100, burst: 100 }, fairShare: { costMs: 60_000, concurrency: { inFlight: 2, queue: 0, waitMs: 50 } } })
    const slow = [
      s.call('GET', '/v1/simulations', { headers: { 'X-Sandbox-Scenario': 'slow-response' } }),
      s.call('GET', '/v1/simulations', { headers: { 'X-Sandbox-Scenario': 'slow-response' } }),
    ]
    await untilTurns(s, { running: 2, waiting: 0 })
    // Both waits are out of the loop's sharing, and both hold their slot.
    expect(s.services.fairShare!.meter.running()).toBe(0)
    const third = await s.call('GET', '/v1/simulations')
    expect([third.status, errorOf(third)]).toEqual([429, [['010604', '']]])
    expect((await s.call('GET', '/v1/simulations', { token: s.tokens.b })).status).toBe(200)
    for (const answer of slow) expect((await answer).status).toBe(200)
  })
})
