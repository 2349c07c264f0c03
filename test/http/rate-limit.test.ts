import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../src/http/router/app-env.ts'
import { errorHandler } from '../../src/http/router/error-handler.ts'
import { NODE_CLOCKS } from '../../src/http/fair-share/loop-time.ts'
import { createFairShare, held, partnerFairShare, type FairShareSettings } from '../../src/http/fair-share/fair-share.ts'
import { createLogger } from '../../src/platform/logger.ts'

// A bucket that does not refill within a test (a token every 100 s).
const SLOW = 0.01

/**
 * The fair share in front of two routes of partner `p` (the partner named by the `x-partner` header):
 * `/busy/:ms` keeps the event loop busy that long, `/held` answers when the test releases it.
 */
function appWith(settings: Partial<FairShareSettings>, refusalDelayMs = 1) {
  const share = createFairShare({ perSecond: SLOW, burst: 50, costMs: 1, concurrency: null, ...settings })
  const app = new Hono<AppEnv>()
  app.onError(errorHandler(createLogger('silent')))
  app.use('*', async (c, next) => {
    c.set('auth', { partnerUniqueID: c.req.header('x-partner') ?? 'p', brokerId: 1, userId: 1, admin: true })
    await next()
  })
  app.use('*', partnerFairShare(share, { refusalDelayMs }))
  let release = () => {}
  app.all('/held', async (c) => {
    await new Promise<void>((resolve) => (release = resolve))
    return c.text('done')
  })
  // That long running, not counting a wait for a core (on a busy machine), which is not charged.
  app.get('/busy/:ms', (c) => {
    const running = () => performance.now() - NODE_CLOCKS.waitedMs()
    const until = running() + Number(c.req.param('ms'))
    while (running() < until);
    return c.text('busy')
  })
  app.get('/cheap', (c) => c.text('cheap'))
  // A fault's or a latency effect's wait: held until the test releases it.
  const waits: Array<() => void> = []
  app.get('/waits', async (c) => {
    await held(c, new Promise<void>((resolve) => waits.push(resolve)))
    return c.text('waited')
  })
  const releaseWaits = () => waits.splice(0).forEach((resolve) => resolve())
  return { app, share, release: () => release(), waits, releaseWaits }
}

const remaining = (res: Response) => Number(res.headers.get('ratelimit-remaining'))

describe('the fair share middleware', () => {
  it("charges a request its event-loop time beyond the first token's, and says so on its own answer", async () => {
    const { app } = appWith({ burst: 200 })
    const busy = await app.request('/busy/30')
    expect(busy.status).toBe(200)
    // 200 - 1 for the request - at least 29 for its time beyond the first millisecond.
    expect(remaining(busy)).toBeLessThanOrEqual(170)
    expect(remaining(await app.request('/cheap'))).toBeLessThan(remaining(busy))
  })

  it('refuses the next request of a partner whose last one cost more than its bucket held, until the debt is paid', async () => {
    const { app } = appWith({})
    expect((await app.request('/busy/80')).status).toBe(200)
    const refused = await app.request('/cheap')
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as { errors: Array<{ errorCode: string }> }).errors[0]!.errorCode).toBe('010604')
    // About 30 tokens owed at a token every 100 s.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(1000)
    expect(refused.headers.get('retry-after')).toBe(refused.headers.get('ratelimit-reset'))
    expect((await app.request('/cheap', { headers: { 'x-partner': 'other' } })).status).toBe(200)
  })

  it("reserves a declared body's likely cost when its request is let in, and gives back what it did not use", async () => {
    const { app, release } = appWith({ burst: 1000 })
    // 2 MB of JSON may take a second to parse and check: 1,000 tokens reserved, more than the bucket holds.
    const held = app.request('/held', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(2000 * 1024) }, body: '{}' })
    await new Promise((resolve) => setImmediate(resolve))
    expect((await app.request('/cheap')).status).toBe(429)
    release()
    const answer = await held
    expect(answer.status).toBe(200)
    // Back to the bucket less what the held request really took (milliseconds, however busy the machine).
    expect(remaining(answer)).toBeGreaterThanOrEqual(500)
    expect((await app.request('/cheap')).status).toBe(200)
  })

  it("keeps an upload's reservation, which pays for its writes off the event loop, where a JSON body gets its back", async () => {
    const { app, release } = appWith({ burst: 1000 })
    const held = (type: string) => app.request('/held', { method: 'POST', headers: { 'Content-Type': type, 'Content-Length': String(5 * 1024 * 1024) }, body: '{}' })
    // 5 MB at 10 ms a MB: 51 tokens.
    const upload = held('multipart/form-data; boundary=x')
    await new Promise((resolve) => setImmediate(resolve))
    release()
    expect(remaining(await upload)).toBeLessThanOrEqual(1000 - 1 - 51)
    const before = remaining(await app.request('/cheap'))
    const json = held('application/json')
    await new Promise((resolve) => setImmediate(resolve))
    release()
    expect(remaining(await json)).toBeGreaterThan(before - 50)
  })

  it('weighs a refusal by its body: a flood of large bodies gets fewer refusals at once than one of small bodies', async () => {
    // A delay of 250 ms: the 768 KB refusal waits four of them, one answered at once well under one.
    const { app } = appWith({ perSecond: 20, burst: 1 }, 250)
    const refused = async (partner: string, bytes: number) => {
      const started = performance.now()
      const res = await app.request('/cheap', {
        method: 'POST',
        headers: { 'x-partner': partner, 'Content-Type': 'application/json', 'Content-Length': String(bytes) },
        body: '{}',
      })
      return { status: res.status, ms: performance.now() - started }
    }
    // Both partners in debt for seconds: every request of theirs is refused.
    for (const partner of ['small', 'large']) expect((await app.request('/busy/200', { headers: { 'x-partner': partner } })).status).toBe(200)
    const small = []
    for (let i = 0; i < 5; i += 1) small.push(await refused('small', 2))
    expect(small.map((r) => r.status)).toEqual([429, 429, 429, 429, 429])
    expect(Math.max(...small.map((r) => r.ms))).toBeLessThan(250)
    // 768 KB weighs 13 of the allowance's 20: the first is answered at once, the second after the delays.
    const first = await refused('large', 768 * 1024)
    const second = await refused('large', 768 * 1024)
    expect([first.status, second.status]).toEqual([429, 429])
    expect(first.ms).toBeLessThan(250)
    expect(second.ms).toBeGreaterThanOrEqual(999)
  })

  it("answers an insistent client's refusals later for a large body", async () => {
    const { app } = appWith({ burst: 1 }, 20)
    expect((await app.request('/cheap')).status).toBe(200)
    expect((await app.request('/cheap')).status).toBe(429) // within the refusals' own allowance: at once
    const timed = async (bytes: number) => {
      const started = performance.now()
      const res = await app.request('/held', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(bytes) }, body: '{}' })
      return { status: res.status, ms: performance.now() - started }
    }
    const small = await timed(2)
    const large = await timed(768 * 1024)
    expect([small.status, large.status]).toEqual([429, 429])
    expect(small.ms).toBeGreaterThanOrEqual(19)
    // A delay, and one more for each 256 KB: four at least.
    expect(large.ms).toBeGreaterThanOrEqual(79)
  })

  it('charges a costly request its whole time while the same partner keeps requests held by a wait', async () => {
    const { app, share, waits, releaseWaits } = appWith({ burst: 1000 })
    const alone = remaining(await app.request('/busy/40', { headers: { 'x-partner': 'alone' } }))
    const holding = [app.request('/waits'), app.request('/waits'), app.request('/waits')]
    while (waits.length < 3) await new Promise((resolve) => setImmediate(resolve))
    expect(share.meter.running()).toBe(0)
    const heavy = remaining(await app.request('/busy/40'))
    // Three tokens taken by the waits; beside them the heavy one costs what it costs alone, within
    // what a loaded machine's waits for a core (discounted as they are read) move: shared with the
    // three held requests, as before decision 1088, it would cost a quarter.
    const charged = (left: number) => 1000 - left
    expect(charged(heavy + 3)).toBeGreaterThanOrEqual(0.7 * charged(alone))
    releaseWaits()
    for (const answer of holding) expect((await answer).status).toBe(200)
  })

  it("lands a held request's cost when it begins to wait, not when it ends", async () => {
    const { app, share, waits, releaseWaits } = appWith({ burst: 1000 })
    app.get('/busy-then-waits', async (c) => {
      // 30 ms running, not counting a wait for a core (which is not charged).
      const running = () => performance.now() - NODE_CLOCKS.waitedMs()
      const until = running() + 30
      while (running() < until);
      await held(c, new Promise<void>((resolve) => waits.push(resolve)))
      return c.text('done')
    })
    const answer = app.request('/busy-then-waits')
    while (waits.length < 1) await new Promise((resolve) => setImmediate(resolve))
    // 1000 - 1 for the request - at least 25 of its 30 ms beyond the first, while it still waits.
    expect(share.buckets.state('p').remaining).toBeLessThanOrEqual(975)
    releaseWaits()
    expect((await answer).status).toBe(200)
  })
})
