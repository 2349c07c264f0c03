/** Why a request did not get its turn: the partner's queue was full, or its turn did not come within the wait bound. */
export class TurnRefused extends Error {
  override name = 'TurnRefused'
  constructor(
    readonly reason: 'queue-full' | 'waited-too-long',
    /** When a turn is likely: the partner's requests in flight take about that long to leave. */
    readonly retryAfterSeconds = 1,
  ) {
    super(reason)
  }
}

interface Waiter {
  resolve(): void
  reject(refusal: TurnRefused): void
  timer: ReturnType<typeof setTimeout>
}

interface Turns {
  running: number
  /** Made when a first request has to wait: most partners never do. */
  waiting: Waiter[] | undefined
}

/**
 * At most `inFlight` requests of one key (a partner) run at once; the next `queue` wait for a turn,
 * in order, at most `waitMs` each; any more are refused at once (docs/design.md "Partners"). Each
 * key has its own queue, so a partner's requests never wait behind another's. A key with nothing
 * running leaves the map.
 *
 * `enter` answers `true` when the request may run now (no promise on the common path), or the
 * promise of its turn, rejected with `TurnRefused`. Every entered request must `leave`.
 */
export function createPartnerConcurrency(options: { inFlight: number; queue: number; waitMs: number }) {
  const { inFlight, queue, waitMs } = options
  const turns = new Map<string, Turns>()

  return {
    enter(key: string): true | Promise<void> {
      const current = turns.get(key)
      if (!current) {
        turns.set(key, { running: 1, waiting: undefined })
        return true
      }
      if (current.running < inFlight) {
        current.running += 1
        return true
      }
      const waiting = (current.waiting ??= [])
      if (waiting.length >= queue) return Promise.reject(new TurnRefused('queue-full'))
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          resolve,
          reject,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1)
            reject(new TurnRefused('waited-too-long', Math.max(1, Math.ceil(waitMs / 1000))))
          }, waitMs),
        }
        waiting.push(waiter)
      })
    },
    /** A request of `key` that entered is done: its turn goes to the first waiting, if any. */
    leave(key: string): void {
      const current = turns.get(key)
      if (!current) return
      const next = current.waiting?.shift()
      if (next) {
        clearTimeout(next.timer)
        next.resolve()
        return
      }
      current.running -= 1
      if (current.running === 0) turns.delete(key)
    },
    /** Requests of `key` running and waiting now. */
    of(key: string): { running: number; waiting: number } {
      const current = turns.get(key)
      return { running: current?.running ?? 0, waiting: current?.waiting?.length ?? 0 }
    },
  }
}
