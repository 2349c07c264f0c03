import { performance } from 'node:perf_hooks'

/** The clocks a meter reads, in milliseconds. */
export interface LoopClocks {
  /** The event loop's time running code (not waiting for I/O) since it started. */
  activeMs(): number
  /** The process's CPU time, every thread's. */
  cpuMs(): number
}

const NODE_CLOCKS: LoopClocks = {
  activeMs: () => performance.eventLoopUtilization().active,
  cpuMs: () => {
    const usage = process.cpuUsage()
    return (usage.user + usage.system) / 1000
  },
}

/** A request's time above this is checked against the CPU's (a cheap request never reads it). */
const CHECKED_ABOVE_MS = 1

/** Where a request began: the loop time shared until then, and the last reading of both clocks. */
export interface LoopMark {
  shared: number
  active: number
  cpu: number
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
 * is charged it only in the proportion the process really had the CPU meanwhile (its CPU time over
 * the loop's, read at most once a millisecond of loop time and at the end of such a request).
 *
 * Two reads of the loop's clock a request: a request's time is `stop(start())`.
 */
export function createLoopTimeMeter(clocks: LoopClocks = NODE_CLOCKS) {
  let inFlight = 0
  let lastActive = clocks.activeMs()
  // Loop time per request in flight, summed since the meter began (a virtual clock).
  let shared = 0
  let checkpoint = { active: lastActive, cpu: clocks.cpuMs() }
  const advance = () => {
    const active = clocks.activeMs()
    if (inFlight > 0) shared += (active - lastActive) / inFlight
    lastActive = active
    if (active - checkpoint.active >= CHECKED_ABOVE_MS) checkpoint = { active, cpu: clocks.cpuMs() }
  }
  return {
    /** A request begins: the mark to give `stop`. */
    start(): LoopMark {
      advance()
      inFlight += 1
      return { shared, active: checkpoint.active, cpu: checkpoint.cpu }
    },
    /** The request of `mark` ends: its share of the loop's time meanwhile, in milliseconds. */
    stop(mark: LoopMark): number {
      advance()
      inFlight -= 1
      const ms = shared - mark.shared
      if (ms <= CHECKED_ABOVE_MS) return ms
      const loop = lastActive - mark.active
      const cpu = clocks.cpuMs() - mark.cpu
      return loop > 0 && cpu < loop ? ms * (cpu / loop) : ms
    },
  }
}

export type LoopTimeMeter = ReturnType<typeof createLoopTimeMeter>
