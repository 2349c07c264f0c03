import { describe, expect, it } from 'vitest'
import { createLoopTimeMeter } from '../../src/http/loop-time.ts'

/** A meter on a loop clock the test moves: `busy(ms)` is the loop running code for that long. */
function meter() {
  let active = 0
  const m = createLoopTimeMeter(() => active)
  return { m, busy: (ms: number) => (active += ms) }
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
    busy(1)
    expect(m.stop(mark)).toBe(1)
  })
})
