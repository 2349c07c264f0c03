import { openSync, readSync } from 'node:fs'
import { performance } from 'node:perf_hooks'

/** The clocks a meter reads, in milliseconds. */
export interface LoopClocks {
  /** The event loop's time running code (not waiting for I/O) since it started. */
  activeMs(): number
  /** The time the loop's thread has waited, ready to run, for a core another thread or process held. */
  waitedMs(): number
}

/**
 * The main thread's wait for a core, from Linux's /proc/thread-self/schedstat (its second figure,
 * nanoseconds on a run queue), read through one descriptor kept open: about 3 µs a read. Elsewhere
 * nothing to read, and no wait is discounted.
 */
let waitedClock: (() => number) | undefined
function threadWaitedMs(): number {
  if (!waitedClock) {
    try {
      const fd = openSync('/proc/thread-self/schedstat', 'r')
      const buffer = Buffer.alloc(96)
      waitedClock = () => Number(buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0)).split(' ')[1]) / 1e6
      waitedClock()
    } catch {
      waitedClock = () => 0
    }
  }
  return waitedClock()
}

/** Node's clocks: the event loop's utilization, and the thread's wait from Linux's schedstat. */
export const NODE_CLOCKS: LoopClocks = {
  activeMs: () => performance.eventLoopUtilization().active,
  waitedMs: threadWaitedMs,
}

/** A request's time above this is checked against the thread's wait for a core (a cheap request never reads it). */
const CHECKED_ABOVE_MS = 1

/**
 * A request's place on the meter: the loop time shared and both clocks' readings when it was last
 * settled, and whether it is held (waiting on a timer, a client, another thread or server).
 */
export interface LoopMark {
  shared: number
  active: number
  waited: number
  held: boolean
}

/**
 * The event loop's time spent on each request (docs/decisions.md "Fair share"). Node cannot say
 * which request a stretch of JavaScript belongs to without async hooks on every promise, so the
 * loop's busy time is shared among the requests *running* while it passes, as a processor shared
 * by them would be: with k requests running, each is charged 1/k of it. A request that waits for
 * something other than the loop (a fault's or a latency effect's timer, a slow client's body, a render
 * in its thread, a callback receiver) says so with `hold` and is out of the sharing until `resume`:
 * it uses no CPU meanwhile, so it must not take part of what the others use. Without that, a partner
 * keeping three requests waiting had its costly ones charged a quarter of their time.
 *
 * The loop's clock runs on while its thread waits for a core another process holds: on a busy
 * machine, a Detail of 0.1 ms was measured at 78 ms. So a request's time past a millisecond is
 * charged less the part the thread spent waiting for a core meanwhile (read at most once a
 * millisecond of loop time, and when such a request is settled). Time blocked on the disk, or in a
 * garbage collection, is the loop's and stays charged.
 *
 * `settle` answers what a request used since it was last settled, so a long request's cost can be
 * charged while it runs; a request's time is the sum of its settlements and its `stop`.
 */
export function createLoopTimeMeter(clocks: LoopClocks = NODE_CLOCKS) {
  let running = 0
  let lastActive = clocks.activeMs()
  // Loop time per running request, summed since the meter began (a virtual clock).
  let shared = 0
  let checkpointActive = lastActive
  let checkpointWaited = clocks.waitedMs()
  const advance = () => {
    const active = clocks.activeMs()
    if (running > 0) shared += (active - lastActive) / running
    lastActive = active
    if (active - checkpointActive >= CHECKED_ABOVE_MS) {
      checkpointActive = active
      checkpointWaited = clocks.waitedMs()
    }
  }
  /** The mark's time since it was last settled (the clocks advanced), and the mark moved to now. */
  const settleMark = (mark: LoopMark): number => {
    const ms = shared - mark.shared
    mark.shared = shared
    if (ms <= CHECKED_ABOVE_MS) {
      mark.active = checkpointActive
      mark.waited = checkpointWaited
      return ms
    }
    const loop = lastActive - mark.active
    const nowWaited = clocks.waitedMs()
    const waited = nowWaited - mark.waited
    mark.active = lastActive
    mark.waited = nowWaited
    return loop > 0 && waited > 0 ? ms * Math.max(0, 1 - waited / loop) : ms
  }
  return {
    /** A request begins, running: the mark to give the other calls. */
    start(): LoopMark {
      advance()
      running += 1
      return { shared, active: checkpointActive, waited: checkpointWaited, held: false }
    },
    /** What the request of `mark` used since it began or was last settled, in milliseconds. */
    settle(mark: LoopMark): number {
      if (mark.held) return 0
      advance()
      return settleMark(mark)
    },
    /** The request waits for something other than the loop: settled, and out of the sharing until `resume`. */
    hold(mark: LoopMark): number {
      if (mark.held) return 0
      advance()
      const ms = settleMark(mark)
      running -= 1
      mark.held = true
      return ms
    },
    /** The held request runs again. */
    resume(mark: LoopMark): void {
      if (!mark.held) return
      advance()
      running += 1
      mark.held = false
      mark.shared = shared
      mark.active = checkpointActive
      mark.waited = checkpointWaited
    },
    /** The request of `mark` ends: what it used since it was last settled, in milliseconds. */
    stop(mark: LoopMark): number {
      if (mark.held) {
        mark.held = false
        return 0
      }
      advance()
      running -= 1
      return settleMark(mark)
    },
    /** Requests running now (held ones not counted). */
    running: (): number => running,
  }
}

export type LoopTimeMeter = ReturnType<typeof createLoopTimeMeter>
