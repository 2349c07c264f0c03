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
