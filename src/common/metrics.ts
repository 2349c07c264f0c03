/**
 * The events the sandbox counts for its operator (docs/operating.md "Metrics"), told by the one place
 * each happens: the error handler (refusals), the auth service (logins), the delivery worker
 * (callback attempts), the request journal (requests not journaled), the scheduled backup. The
 * composition root gives every service the same object: Prometheus counters when metrics are on,
 * `NO_METRICS` when they are off. Labels are bounded: a catalogue key, a notification type, an
 * outcome; never a partner, a broker or a raw path.
 */
export interface Metrics {
  /** A request answered: its operation (method and route template), its status, its time. */
  request(operation: string, status: number, seconds: number): void
  /** A request refused with an error of the catalogue (its key, e.g. RATE_LIMITED or QUOTA_EXCEEDED). */
  refusal(reason: string, status: number): void
  /** A login refused: wrong credentials, or throttled before the password was checked. */
  loginRefused(reason: 'credentials' | 'throttled'): void
  /** A callback delivery attempt and how long the partner's receiver took. */
  deliveryAttempt(notificationTypeId: number, outcome: 'delivered' | 'failed', seconds: number): void
  /** Requests not journaled: past the partner's allowance a second, or lost with a failed write of the journal. */
  journalDropped(count: number, reason: 'allowance' | 'write_failed'): void
  /** A scheduled or command-line backup that finished, or failed. */
  backup(outcome: 'ok' | 'failed', seconds: number, bytes: number): void
}

const nothing = () => {}

/** Metrics off: every event costs a call to an empty function. */
export const NO_METRICS: Metrics = {
  request: nothing,
  refusal: nothing,
  loginRefused: nothing,
  deliveryAttempt: nothing,
  journalDropped: nothing,
  backup: nothing,
}
