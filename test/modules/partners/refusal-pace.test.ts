import { describe, expect, it } from 'vitest'
import { createRefusalPace } from '../../../src/modules/partners/auth/auth.handlers.ts'
import { createTestSandbox } from '../../support/test-app.ts'

describe('the pace of refused logins', () => {
  it("answers an address's first 10 refusals at once, the next ones a second or so later, each address for itself, 10 a second again", () => {
    let t = 5_000
    const pace = createRefusalPace(() => t)
    const waits = Array.from({ length: 12 }, () => pace.refused('198.51.100.7'))
    expect(waits.slice(0, 10)).toEqual(Array(10).fill(0))
    for (const wait of waits.slice(10)) (expect(wait).toBeGreaterThanOrEqual(1000), expect(wait).toBeLessThanOrEqual(1500))
    expect(pace.refused('198.51.100.8')).toBe(0)
    // A second on, its bucket holds ten again.
    t += 1000
    expect(Array.from({ length: 10 }, () => pace.refused('198.51.100.7'))).toEqual(Array(10).fill(0))
    expect(pace.refused('198.51.100.7')).toBeGreaterThanOrEqual(1000)
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
    // Fourteen at once: ten are answered at once, the other four a second or so later.
    const refused = await Promise.all(Array.from({ length: 14 }, () => login()))
    expect(refused.map((r) => r.status)).toEqual(Array(14).fill(429))
    const times = refused.map((r) => r.ms).sort((x, y) => x - y)
    expect(times[9]).toBeLessThan(900)
    expect(times[12]).toBeGreaterThanOrEqual(950)
  })
})
