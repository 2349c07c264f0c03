import { describe, expect, it } from 'vitest'
import { createLoopTimeMeter } from '../../src/http/fair-share/loop-time.ts'

/**
 * A meter on clocks the test moves: `busy(ms)` is the loop running code for that long; `stalled(ms)`
 * is the loop's thread waiting that long for a core another process holds.
 */
function meter() {
  let active = 0
  let waited = 0
  let waitReads = 0
  const m = createLoopTimeMeter({ activeMs: () => active, waitedMs: () => (waitReads++, waited) })
  return {
    m,
    busy: (ms: number) => (active += ms),
    stalled: (ms: number) => ((active += ms), (waited += ms)),
    waitReads: () => waitReads,
  }
}

describe('the loop time of each request', () => {
  it("charges a request alone in flight the loop's whole time", () => {
    const { m, busy } = meter()
    const mark = m.start()
    busy(30)
    expect(m.stop(mark)).toBe(30)
  })

  it('shares the time among the requests in flight while it passes', () => {
    const { m, busy } = meter()
    const a = m.start()
    busy(10) // a alone
    const b = m.start()
    busy(40) // a and b
    expect(m.stop(b)).toBe(20)
    busy(5) // a alone again
    expect(m.stop(a)).toBe(10 + 20 + 5)
  })

  it('charges nobody for the time when nothing is in flight', () => {
    const { m, busy } = meter()
    busy(1000)
    const mark = m.start()
    busy(0.5)
    expect(m.stop(mark)).toBe(0.5)
  })

  it("does not charge a request the time the loop's thread waited for a core", () => {
    const { m, busy, stalled } = meter()
    const mark = m.start()
    busy(0.1)
    stalled(78)
    busy(0.1)
    expect(m.stop(mark)).toBeCloseTo(0.2, 5)
  })

  it("reads the thread's wait at most once a millisecond of loop time, and not at the end of a cheap request", () => {
    const { m, busy, waitReads } = meter()
    const before = waitReads()
    for (let i = 0; i < 100; i++) {
      const mark = m.start()
      busy(0.05)
      m.stop(mark)
    }
    expect(waitReads() - before).toBeLessThanOrEqual(5)
  })
})

describe('a held request', () => {
  it("shares none of the loop's time while it waits, so the running request is charged all of it", () => {
    const { m, busy } = meter()
    const waiting = [m.start(), m.start(), m.start()]
    for (const mark of waiting) m.hold(mark)
    const heavy = m.start()
    busy(40)
    expect(m.stop(heavy)).toBe(40)
    for (const mark of waiting) expect(m.stop(mark)).toBe(0)
  })

  it('is charged what it used before the wait when it begins to wait, and what it uses after it resumes', () => {
    const { m, busy } = meter()
    const mark = m.start()
    busy(3)
    expect(m.hold(mark)).toBe(3)
    busy(50) // someone else's, or nobody's
    m.resume(mark)
    busy(2)
    expect(m.stop(mark)).toBe(2)
  })

  it('settles a running request without ending it: the settlements and the stop add up to its time', () => {
    const { m, busy } = meter()
    const mark = m.start()
    busy(5)
    const first = m.settle(mark)
    busy(7)
    expect(first + m.stop(mark)).toBe(12)
    expect(m.running()).toBe(0)
  })

  it('counts a request held twice or resumed twice once', () => {
    const { m } = meter()
    const mark = m.start()
    m.hold(mark)
    m.hold(mark)
    expect(m.running()).toBe(0)
    m.resume(mark)
    m.resume(mark)
    expect(m.running()).toBe(1)
    m.stop(mark)
    expect(m.running()).toBe(0)
  })
})
