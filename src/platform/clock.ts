/** The one source of "now" (docs/architecture.md "Layers"): tests move it instead of waiting. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock that stands still until moved. */
export function manualClock(start: Date | string = '2026-01-15T10:00:00.000Z') {
  let current = new Date(start).getTime()
  return {
    now: () => new Date(current),
    set: (to: Date | string) => {
      current = new Date(to).getTime()
    },
    advance: (ms: number) => {
      current += ms
    },
  }
}

/**
 * Each partner's test clock (docs/design.md "Test clock"): the machine's clock plus the partner's
 * offset. What a partner's records show (status dates, history, messages, notifications) is read
 * from `now(partner)`. Due times of jobs and retries are kept on the machine's time line, the one
 * the workers' timers follow: `dueAt(partner, ms)` converts "ms after the partner's now".
 *
 * While an advance runs the partner's due items, its clock is pinned to the due time of the item
 * being run, so each one is dated as if the worker had run it then.
 */
export interface PartnerClock {
  /** The machine's clock: tokens, throttles, retention and the workers' timers. */
  readonly machine: Clock
  /** The partner's time. */
  now(partnerUniqueID: string): Date
  /** The machine time (ISO) at which something `afterMs` after the partner's now falls due. */
  dueAt(partnerUniqueID: string, afterMs?: number): string
  /** A stored due time (machine time, ISO) as the partner's clock will read it then. */
  onPartnerTime(partnerUniqueID: string, machineTime: string): string
}

/** Where the partners' offsets come from (kept by the sandbox-control module's test clock). */
export interface ClockOffsets {
  offsetMs(partnerUniqueID: string): number
}

export function createPartnerClock(machine: Clock, offsets: ClockOffsets) {
  const pins = new Map<string, number>()
  const nowMs = (partner: string) => pins.get(partner) ?? machine.now().getTime() + offsets.offsetMs(partner)
  return {
    machine,
    now: (partner: string) => new Date(nowMs(partner)),
    dueAt: (partner: string, afterMs = 0) => new Date(nowMs(partner) - offsets.offsetMs(partner) + afterMs).toISOString(),
    onPartnerTime: (partner: string, machineTime: string) => new Date(Date.parse(machineTime) + offsets.offsetMs(partner)).toISOString(),
    /** Holds the partner's clock at `at` (an advance running a due item); never moves it back. */
    pin(partner: string, at: number): void {
      pins.set(partner, Math.max(at, pins.get(partner) ?? at))
    },
    unpin(partner: string): void {
      pins.delete(partner)
    },
  } satisfies PartnerClock & Record<string, unknown>
}

export type PinnableClock = ReturnType<typeof createPartnerClock>

/** A partner clock that is the machine clock for every partner (tests of one module, fixtures). */
