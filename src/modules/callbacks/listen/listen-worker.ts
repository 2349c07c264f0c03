import type { PartnerClock } from '../../../clock.ts'
import type { Transactions } from '../../../db/write-batch.ts'
import type { Logger } from '../../../logger.ts'
import type { OutboxRepository } from '../outbox.repository.ts'
import { MAX_ATTEMPTS, retryDelayMs } from '../retry-schedule.ts'
import { signWebhook } from '../webhook-signature.ts'
import type { WebhookOutcome } from '../webhook-sender.ts'
import type { ListenerHub } from './listener-hub.ts'
import type { ListenItem, ListenRepository } from './listen.repository.ts'

const DEFAULT_CONCURRENCY = 32
const MAX_TIMER_MS = 2 ** 31 - 1
const CRASH_PAUSE_MS = 1000

export interface ListenWorkerOptions {
  writes: Transactions
  clock: PartnerClock
  logger: Logger
  userAgent: string
  timeScale: number
  outbox: OutboxRepository
  repo: ListenRepository
  hub: ListenerHub
  /** The partner's listen secret. */
  secretOf(partnerUniqueID: string): string
  /** How long a listener has to report an attempt: a direct delivery's timeout. */
  timeoutMs: number
  concurrency?: number
  random?: () => number
}

/**
 * Delivers the listen deliveries when due (docs/design.md "Callbacks on a laptop"): one at a time per
 * resource, to every connected listener that takes it, and records each listener's report as an
 * attempt through `listen`. Delivered once any listener's local server answered 2xx; otherwise the
 * retry schedule of a direct delivery applies (no listener connected is a failed attempt too).
 */
export function createListenWorker(options: ListenWorkerOptions) {
  const { writes, clock, logger, outbox, repo, hub } = options
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY
  let running = false
  let wakeQueued = false
  let stopping = false
  let timer: NodeJS.Timeout | undefined
  let pausedUntil = 0
  const inFlight = new Map<number, { resourceKey: string; done: Promise<void> }>()
  const machineNow = () => clock.machine.now().toISOString()

  function pump(): void {
    if (!running) return
    clearTimeout(timer)
    timer = undefined
    if (Date.now() < pausedUntil) {
      timer = setTimeout(pump, pausedUntil - Date.now()).unref()
      return
    }
    const busy = new Set([...inFlight.values()].map((f) => f.resourceKey))
    if (inFlight.size < concurrency) {
      for (const item of repo.dueHeads(machineNow(), concurrency + inFlight.size)) {
        if (inFlight.size >= concurrency) break
        if (inFlight.has(item.seq) || busy.has(item.resourceKey)) continue
        busy.add(item.resourceKey)
        launch(item)
      }
    }
    const next = repo.earliestDue()
    if (next && inFlight.size < concurrency) {
      const delay = Math.max(0, Date.parse(next) - clock.machine.now().getTime())
      // A head due now but behind one in flight: the finishing delivery wakes the pump.
      if (delay > 0) timer = setTimeout(pump, Math.min(delay, MAX_TIMER_MS)).unref()
    }
  }

  function launch(item: ListenItem): void {
    const done = deliver(item)
      .catch((error: unknown) => {
        pausedUntil = Date.now() + CRASH_PAUSE_MS
        logger.error('listen delivery crashed', { notificationId: item.notificationId, error: String(error) })
      })
      .finally(() => {
        inFlight.delete(item.seq)
        wake()
      })
    inFlight.set(item.seq, { resourceKey: item.resourceKey, done })
  }

  async function deliver(item: ListenItem): Promise<void> {
    const { partnerUniqueID } = item
    const attemptedAt = clock.now(partnerUniqueID)
    const takers = hub.takers(partnerUniqueID, item.brokerId, item.notificationTypeId)
    // The receiver checks the timestamp against its own wall clock: the real time, whatever the partner's test clock says.
    const timestamp = Math.floor(Date.now() / 1000)
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': options.userAgent,
      'webhook-id': item.notificationId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(options.secretOf(partnerUniqueID), item.notificationId, timestamp, item.body),
    }
    const { notificationType } = JSON.parse(item.body) as { notificationType: string }
    const forwarded = { notificationId: item.notificationId, notificationTypeId: item.notificationTypeId, notificationType, headers, body: item.body }
    const outcomes: Array<{ to: string; outcome: WebhookOutcome; sent: boolean }> =
      takers.length === 0
        ? [{ to: 'listen', outcome: { httpStatus: null, latencyMs: 0, error: 'no listener connected', responseExcerpt: null, retryAfter: undefined }, sent: false }]
        : await Promise.all(
            takers.map(async (listener) => ({
              to: listener.forwardTo ?? `listen:${listener.listenerId}`,
              outcome: await hub.forward(listener, forwarded, options.timeoutMs),
              sent: true,
            })),
          )
    // Cut short by stop(): nothing is recorded, the delivery stays pending for the next start.
    if (stopping) return
    const delivered = record(item, attemptedAt, outcomes, headers)
    for (const { outcome } of outcomes) {
      const fields = { notificationId: item.notificationId, through: 'listen', httpStatus: outcome.httpStatus, latencyMs: outcome.latencyMs }
      if (delivered) logger.info('callback delivered', fields)
      else logger.warn('callback attempt failed', { ...fields, error: outcome.error ?? `HTTP ${outcome.httpStatus}` })
    }
  }

  const record = writes.transaction(
    (item: ListenItem, attemptedAt: Date, outcomes: Array<{ to: string; outcome: WebhookOutcome; sent: boolean }>, headers: Record<string, string>): boolean => {
      // The partner's data may have been reset while the attempt was out.
      if (!repo.bySeq(item.seq)) return false
      for (const { to, outcome, sent } of outcomes) {
        outbox.recordAttempt({
          seq: item.seq,
          attemptNumber: 0,
          through: 'listen',
          requestHeaders: sent ? headers : null,
          attemptedAt: attemptedAt.toISOString(),
          callbackUrl: to,
          httpStatus: outcome.httpStatus,
          latencyMs: outcome.latencyMs,
          error: outcome.error,
          responseExcerpt: outcome.responseExcerpt,
        })
      }
      const now = clock.now(item.partnerUniqueID).toISOString()
      const success = outcomes.some(({ outcome: o }) => o.httpStatus !== null && o.httpStatus >= 200 && o.httpStatus < 300 && !o.error)
      if (success) {
        repo.finish({ seq: item.seq, status: 'delivered', now })
        return true
      }
      const step = item.retryStep + 1
      if (step >= MAX_ATTEMPTS) repo.finish({ seq: item.seq, status: 'failed', now })
      else repo.reschedule({ seq: item.seq, retryStep: step, nextAttemptAt: clock.dueAt(item.partnerUniqueID, retryDelayMs(step, options.timeScale, null, options.random)), now })
      return false
    },
  )

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
    start(): void {
      if (running) return
      running = true
      stopping = false
      pump()
    },
    /** Stops taking work; the listeners' streams are closed by the hub, so the attempts in flight end at once. */
    async stop(): Promise<void> {
      if (!running) return
      running = false
      stopping = true
      clearTimeout(timer)
      hub.closeAll()
      await Promise.all([...inFlight.values()].map((f) => f.done))
    },
    /** Resolves once no listen delivery is in flight. */
    async settle(): Promise<void> {
      await Promise.all([...inFlight.values()].map((f) => f.done))
    },
  }
}

export type ListenWorker = ReturnType<typeof createListenWorker>
