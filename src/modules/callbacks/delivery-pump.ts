/** What the pump hands out: one pending delivery, the head of its resource's queue. */
export interface PumpItem {
  seq: number
  resourceKey: string
}

const MAX_TIMER_MS = 2 ** 31 - 1
// After an unexpected error the pump pauses, so a broken row or database cannot make it spin.
const CRASH_PAUSE_MS = 1000

export interface PumpOptions<Item extends PumpItem> {
  /** How many items may be out at once. */
  concurrency: number
  /** The heads due now, at most `limit` (some may be out already: the pump skips them). */
  dueHeads(limit: number): Item[]
  /**
   * When the earliest head that could start falls due (epoch ms on the machine's time line), or
   * undefined when nothing is pending. `busy`: the resources with an item out, whose heads must wait.
   */
  nextDueAt(busy: ReadonlySet<string>, inFlight: number): number | undefined
  /** The machine's now, epoch ms: the time line due times are on. */
  now(): number
  /** Makes one attempt at the item; the pump wakes again when it settles. */
  run(item: Item): Promise<void>
  /** A `run` that threw: logged by the caller; the pump pauses a second. */
  crashed(item: Item, error: unknown): void
}

/**
 * The scaffold both callback workers share (docs/design.md "Callbacks"): wakes after the current
 * synchronous work, runs the due heads one at a time per resource and up to `concurrency` at once,
 * sleeps on one timer until the next head falls due, pauses after a crash, and at stop lets the
 * items out finish for a grace before they are cut short. What an attempt is, is the worker's.
 */
export function createPump<Item extends PumpItem>(options: PumpOptions<Item>) {
  let running = false
  let wakeQueued = false
  let timer: NodeJS.Timeout | undefined
  let pausedUntil = 0
  let abort = new AbortController()
  const inFlight = new Map<number, { item: Item; done: Promise<void> }>()
  const idleWaiters: Array<() => void> = []

  const busyKeys = () => new Set([...inFlight.values()].map((f) => f.item.resourceKey))

  function pump(): void {
    if (!running) return
    clearTimeout(timer)
    timer = undefined
    if (Date.now() < pausedUntil) {
      timer = setTimeout(pump, pausedUntil - Date.now()).unref()
      return
    }
    const busy = busyKeys()
    if (inFlight.size < options.concurrency) {
      for (const item of options.dueHeads(options.concurrency + inFlight.size)) {
        if (inFlight.size >= options.concurrency) break
        if (inFlight.has(item.seq) || busy.has(item.resourceKey)) continue
        busy.add(item.resourceKey)
        launch(item)
      }
    }
    // A full pool is woken by a finishing item instead.
    const next = inFlight.size < options.concurrency ? options.nextDueAt(busy, inFlight.size) : undefined
    if (next !== undefined) timer = setTimeout(pump, Math.min(Math.max(0, next - options.now()), MAX_TIMER_MS)).unref()
    if (idleWaiters.length > 0 && inFlight.size === 0 && options.dueHeads(1).length === 0) {
      for (const resolve of idleWaiters.splice(0)) resolve()
    }
  }

  function launch(item: Item): Promise<void> {
    const done = options
      .run(item)
      .catch((error: unknown) => {
        pausedUntil = Date.now() + CRASH_PAUSE_MS
        options.crashed(item, error)
      })
      .finally(() => {
        inFlight.delete(item.seq)
        wake()
      })
    inFlight.set(item.seq, { item, done })
    return done
  }

  /** Runs the pump once the current synchronous work (the publisher's transaction) is over. */
  function wake(): void {
    if (!running || wakeQueued) return
    wakeQueued = true
    setImmediate(() => {
      wakeQueued = false
      pump()
    })
  }

  return {
    wake,
    /** Aborted when stop cuts the items out short: an attempt that sees it records nothing. */
    get signal(): AbortSignal {
      return abort.signal
    },
    start(): void {
      if (running) return
      running = true
      abort = new AbortController()
      pump()
    },
    /**
     * Stops taking work; lets the items out finish for `graceMs`, then aborts `signal`, calls
     * `cutShort` and waits for them to end. False when it was not running.
     */
    async stop(graceMs: number, cutShort: () => void = () => {}): Promise<boolean> {
      if (!running) return false
      running = false
      clearTimeout(timer)
      for (const resolve of idleWaiters.splice(0)) resolve()
      const pending = [...inFlight.values()].map((f) => f.done)
      if (graceMs > 0 && pending.length > 0) {
        let graceTimer: NodeJS.Timeout | undefined
        await Promise.race([Promise.all(pending), new Promise((resolve) => (graceTimer = setTimeout(resolve, graceMs)))])
        clearTimeout(graceTimer)
      }
      abort.abort()
      cutShort()
      await Promise.all(pending)
      return true
    },
    /** Resolves once nothing is out and nothing is due. */
    idle(): Promise<void> {
      if (!running) return Promise.resolve()
      const idle = new Promise<void>((resolve) => idleWaiters.push(resolve))
      wake()
      return idle
    },
    /** Runs the item now (or awaits it when it is out already); resolves once its attempt is over. */
    runNow(item: Item): Promise<void> {
      return inFlight.get(item.seq)?.done ?? launch(item)
    },
    isOut: (seq: number): boolean => inFlight.has(seq),
    /** Resolves once the items out that `which` picks (all by default) are over. */
    async settle(which: (item: Item) => boolean = () => true): Promise<void> {
      await Promise.all([...inFlight.values()].filter((f) => which(f.item)).map((f) => f.done))
    },
  }
}
