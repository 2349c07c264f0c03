import { describe, expect, it } from 'vitest'
import { createTokenBuckets } from '../../src/http/fair-share/token-buckets.ts'
import { createLoginThrottle, LOGIN_THROTTLE } from '../../src/modules/partners/auth/login-throttle.ts'
import { manualClock } from '../../src/platform/clock.ts'

describe('token buckets are bounded in number', () => {
  it('keeps 100,000 distinct keys under its cap', () => {
    let t = 0
    const buckets = createTokenBuckets({ perSecond: 10 / 3600, burst: 10, now: () => t, maxKeys: 1_000 })
    let peak = 0
    let refused = 0
    for (let n = 0; n < 100_000; n++) {
      t += 1
      if (!buckets.take(`198.51.${n >> 8}.${n & 255}`).allowed) refused += 1
      peak = Math.max(peak, buckets.size)
    }
    expect(peak).toBeLessThanOrEqual(1_000)
    expect(refused).toBe(0)
  })

  it('drops refilled buckets first: a key that is still being throttled stays throttled', () => {
    let t = 0
    const buckets = createTokenBuckets({ perSecond: 1, burst: 2, now: () => t, maxKeys: 10 })
    buckets.take('busy')
    buckets.take('busy')
    expect(buckets.take('busy').allowed).toBe(false)
    for (let n = 0; n < 8; n++) buckets.take(`quiet-${n}`)
    t += 1_500
    // The quiet ones have refilled (1.5 s at one a second, burst 2), 'busy' has not.
    for (let n = 0; n < 5; n++) buckets.take(`new-${n}`)
    expect(buckets.take('busy').allowed).toBe(true)
    expect(buckets.take('busy').allowed).toBe(false)
  })
})

describe('the login throttle is bounded in number', () => {
  it('keeps 100,000 distinct usernames and addresses under its cap', async () => {
    const clock = manualClock()
    const throttle = createLoginThrottle({ clock })
    let peak = { usernames: 0, addresses: 0 }
    for (let n = 0; n < 100_000; n++) {
      const username = `guess-${n}`
      ;(await throttle.begin(username, `2001:db8::${n.toString(16)}`)).failed()
      const sizes = throttle.sizes()
      peak = { usernames: Math.max(peak.usernames, sizes.usernames), addresses: Math.max(peak.addresses, sizes.addresses) }
    }
    expect(peak.usernames).toBeLessThanOrEqual(LOGIN_THROTTLE.maxEntries)
    expect(peak.addresses).toBeLessThanOrEqual(LOGIN_THROTTLE.maxEntries)
  })

  it('keeps a locked username locked while it makes room', async () => {
    const clock = manualClock()
    const throttle = createLoginThrottle({ clock })
    for (let n = 0; n < 6; n++) (await throttle.begin('broker-a', '198.51.100.1')).failed()
    for (let n = 0; n < LOGIN_THROTTLE.maxEntries + 10; n++) (await throttle.begin(`guess-${n}`, `2001:db8::${n.toString(16)}`)).failed()
    await expect(throttle.begin('broker-a', '203.0.113.1')).rejects.toMatchObject({ key: 'LOGIN_THROTTLED' })
  })
})

/** Buckets on a clock the test moves. */
function buckets(perSecond: number, burst: number) {
  let t = 0
  const b = createTokenBuckets({ perSecond, burst, now: () => t })
  return { b, advance: (ms: number) => (t += ms) }
}

describe('token buckets in debt', () => {
  it('takes a token a request up to the burst, then refuses until the refill', () => {
    const { b, advance } = buckets(2, 2)
    expect([b.take('p').allowed, b.take('p').allowed, b.take('p').allowed]).toEqual([true, true, false])
    expect(b.take('p').retryAfterSeconds).toBe(1)
    advance(500)
    expect(b.take('p')).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 })
  })

  it('lets a charge put the bucket in debt, refuses until the refill has paid it, and says how long', () => {
    const { b, advance } = buckets(10, 20)
    expect(b.take('p').allowed).toBe(true)
    b.charge('p', 49) // 20 - 1 - 49 = -30
    expect(b.state('p')).toEqual({ remaining: 0, resetSeconds: 4 }) // 31 tokens at 10 a second
    expect(b.take('p')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 4 })
    advance(3000)
    expect(b.take('p').allowed).toBe(false)
    advance(1000)
    expect(b.take('p')).toEqual({ allowed: true, remaining: 9, retryAfterSeconds: 0 })
  })

  it("keeps each key's debt its own", () => {
    const { b } = buckets(1, 5)
    b.charge('a', 100)
    expect(b.take('a').allowed).toBe(false)
    expect(b.take('b')).toEqual({ allowed: true, remaining: 4, retryAfterSeconds: 0 })
  })

  it('forgets a key idle for ten minutes once its bucket is full again, not while it still owes', () => {
    const { b, advance } = buckets(1, 5)
    b.charge('owing', 1000) // paid after about 17 minutes
    b.take('idle')
    advance(11 * 60_000)
    b.take('someone') // the sweep runs on a take
    expect(b.state('owing').remaining).toBe(0)
    expect(b.state('idle').remaining).toBe(5)
  })
})
