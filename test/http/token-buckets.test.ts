import { describe, expect, it } from 'vitest'
import { createTokenBuckets } from '../../src/http/token-buckets.ts'
import { createLoginThrottle, LOGIN_THROTTLE } from '../../src/modules/auth/login-throttle.ts'
import { manualClock } from '../../src/clock.ts'

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
