import { describe, expect, it } from 'vitest'
import { createRefusalPace } from '../../../src/modules/partners/auth/refusal-pace.ts'
import { createTestSandbox } from '../../support/test-app.ts'

describe('the pace of refused logins', () => {
  it("answers an address's first 10 refusals of a second at once, the next ones a second later, and each address for itself", () => {
    const pace = createRefusalPace()
    const waits = Array.from({ length: 12 }, () => pace.refused('198.51.100.7', 5_000))
    expect(waits).toEqual([...Array(10).fill(0), 1000, 1000])
    expect(pace.refused('198.51.100.8', 5_000)).toBe(0)
    // The next second starts over.
    expect(pace.refused('198.51.100.7', 6_000)).toBe(0)
  })

  it('holds the 429 of a client that keeps asking past its Retry-After, not the ones before', async () => {
    const s = await createTestSandbox({
      trustProxy: true,
      logins: { perUser: { burst: 1, perMinute: 1 }, perAddress: { burst: 100, perMinute: 100 }, hashes: 1, queuePerPartner: 10, queue: 40 },
    })
    const login = async () => {
      const started = performance.now()
      const res = await s.request('/v1/authentication', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9' },
        body: JSON.stringify({ username: 'broker-a2', password: 'sandbox' }),
      })
      return { status: res.status, ms: performance.now() - started }
    }
    // The sandbox's start logged broker-a2 in: its one login is spent, every one from now on is a 429.
    const refused = []
    for (let n = 0; n < 11; n++) refused.push(await login())
    expect(refused.map((r) => r.status)).toEqual(Array(11).fill(429))
    // The eleventh refusal within the second waits its second (unless the second turned meanwhile).
    const last = refused.at(-1)!
    expect(last.ms >= 950 || refused.slice(0, 10).reduce((t, r) => t + r.ms, 0) > 900).toBe(true)
    expect(Math.max(...refused.slice(0, 10).map((r) => r.ms))).toBeLessThan(900)
  })
})
