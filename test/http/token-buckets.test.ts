import { describe, expect, it } from 'vitest'
import { createTokenBuckets } from '../../src/http/token-buckets.ts'

/** Buckets on a clock the test moves. */
function buckets(perSecond: number, burst: number) {
  let t = 0
  const b = createTokenBuckets({ perSecond, burst, now: () => t })
  return { b, advance: (ms: number) => (t += ms) }
}

describe('token buckets', () => {
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
