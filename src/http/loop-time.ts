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

/** Where a request began: the loop time shared until then, and the last reading of both clocks. */
export interface LoopMark {
  shared: number
  active: number
  waited: number
}

/**
 * The event loop's time spent on each request (docs/decisions.md "Fair share"). Node cannot say
 * which request a stretch of JavaScript belongs to without async hooks on every promise, so the
 * loop's busy time is shared among the requests in flight while it passes, as a processor shared
 * by them would be: with k requests in flight, each is charged 1/k of it. A request waiting on I/O
 * (a callback receiver, a slow upload, a render in its thread) is charged nothing while the loop
 * idles, and what the requests are charged adds up to what the loop spent on them.
 *
 * The loop's clock runs on while its thread waits for a core another process holds: on a busy
 * machine, a Detail of 0.1 ms was measured at 78 ms. So a request whose time passes a millisecond
 * is charged it less the part the thread spent waiting for a core meanwhile (read at most once a
 * millisecond of loop time, and at the end of such a request). Time blocked on the disk, or in a
 * garbage collection, is the loop's and stays charged.
 *
 * Two reads of the loop's clock a request: a request's time is `stop(start())`.
 */
export function createLoopTimeMeter(clocks: LoopClocks = NODE_CLOCKS) {
  let inFlight = 0
  let lastActive = clocks.activeMs()
  // Loop time per request in flight, summed since the meter began (a virtual clock).
  let shared = 0
  let checkpoint = { active: lastActive, waited: clocks.waitedMs() }
  const advance = () => {
    const active = clocks.activeMs()
    if (inFlight > 0) shared += (active - lastActive) / inFlight
    lastActive = active
    if (active - checkpoint.active >= CHECKED_ABOVE_MS) checkpoint = { active, waited: clocks.waitedMs() }
  }
  return {
    /** A request begins: the mark to give `stop`. */
    start(): LoopMark {
      advance()
      inFlight += 1
      return { shared, active: checkpoint.active, waited: checkpoint.waited }
    },
    /** The request of `mark` ends: its share of the loop's time meanwhile, in milliseconds. */
    stop(mark: LoopMark): number {
      advance()
      inFlight -= 1
      const ms = shared - mark.shared
      if (ms <= CHECKED_ABOVE_MS) return ms
      const loop = lastActive - mark.active
      const waited = clocks.waitedMs() - mark.waited
      return loop > 0 && waited > 0 ? ms * Math.max(0, 1 - waited / loop) : ms
    },
  }
}

export type LoopTimeMeter = ReturnType<typeof createLoopTimeMeter>
