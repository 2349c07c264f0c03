import { performance } from 'node:perf_hooks'

/** Milliseconds the event loop has spent running code (not waiting for I/O) since it started. */
const loopActiveMs = () => performance.eventLoopUtilization().active

/**
 * The event loop's time spent on each request (docs/decisions.md "Fair share"). Node cannot say
 * which request a stretch of JavaScript belongs to without async hooks on every promise, so the
 * loop's busy time is shared among the requests in flight while it passes, as a processor shared
 * by them would be: with k requests in flight, each is charged 1/k of it. A request waiting on I/O
 * (a callback receiver, a slow upload, a render in its thread) is charged nothing while the loop
 * idles, and what the requests are charged adds up to what the loop spent on them.
 *
 * Two reads of the loop's clock a request: a request's time is `stop(start())`.
 */
export function createLoopTimeMeter(activeMs: () => number = loopActiveMs) {
  let inFlight = 0
  let lastActive = activeMs()
  // Loop time per request in flight, summed since the meter began (a virtual clock).
  let shared = 0
  const advance = () => {
    const active = activeMs()
    if (inFlight > 0) shared += (active - lastActive) / inFlight
    lastActive = active
  }
  return {
    /** A request begins: the mark to give `stop`. */
    start(): number {
      advance()
      inFlight += 1
      return shared
    },
    /** The request of `mark` ends: its share of the loop's time meanwhile, in milliseconds. */
    stop(mark: number): number {
      advance()
      inFlight -= 1
      return shared - mark
    },
  }
}

export type LoopTimeMeter = ReturnType<typeof createLoopTimeMeter>
