const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

/**
 * Delay before each attempt, counted from the previous failure (docs/design.md "Callbacks"): the first
 * goes out at once, the eighth and last about 27 h 35 min after the change.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR]

export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length

const JITTER = 0.1
// A receiver may ask for a pause, not park a notification for days.
const MAX_RETRY_AFTER_MS = 10 * HOUR

/**
 * Milliseconds to wait before the attempt at `step` (0-based): the schedule with ±10% jitter, at
 * least what the receiver's Retry-After asked for, both multiplied by the time scale.
 */
export function retryDelayMs(step: number, timeScale: number, retryAfterMs: number | null = null, random = Math.random): number {
  const base = RETRY_SCHEDULE_MS[Math.min(step, MAX_ATTEMPTS - 1)]!
  const jittered = base * (1 + (random() * 2 - 1) * JITTER)
  const asked = retryAfterMs === null ? 0 : Math.min(retryAfterMs, MAX_RETRY_AFTER_MS)
  return Math.round(Math.max(jittered, asked) * timeScale)
}

/**
 * A Retry-After header in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3).
 * @example parseRetryAfter('120', now) // 120000
 */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * SECOND
  const at = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN
  if (Number.isNaN(at)) return null
  return Math.max(0, at - now.getTime())
}
