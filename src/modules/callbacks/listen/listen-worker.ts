import type { PartnerClock } from '../../../platform/clock.ts'
import type { Transactions } from '../../../db/write-batch.ts'
import type { Logger } from '../../../platform/logger.ts'
import type { OutboxRepository } from '../outbox.repository.ts'
import { createPump } from '../delivery-pump.ts'
import { MAX_ATTEMPTS, retryDelayMs } from '../retry-schedule.ts'
import { signWebhook } from '../webhook-signature.ts'
import type { WebhookOutcome } from '../webhook-sender.ts'
import type { ListenerHub, ListenerIdentity } from './listener-hub.ts'
import type { ListenItem, ListenRepository } from './listen.repository.ts'

const DEFAULT_CONCURRENCY = 32

/** One listener's attempt: which listener, where it forwarded, its outcome, the headers it was sent (null: none was sent). */
interface Sent {
  listenerId: string | null
  to: string
  outcome: WebhookOutcome
  headers: Record<string, string> | null
}

export interface ListenWorkerOptions {
  writes: Transactions
  clock: PartnerClock
  logger: Logger
  userAgent: string
  timeScale: number
  outbox: OutboxRepository
  repo: ListenRepository
  hub: ListenerHub
  /** The secret a listener's notifications are signed with (its ready event gave it). */
  secretFor(listener: ListenerIdentity): string
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
  const pump = createPump<ListenItem>({
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    dueHeads: (limit) => repo.dueHeads(clock.machine.now().toISOString(), limit),
    nextDueAt() {
      const next = repo.earliestDue()
      if (!next) return undefined
      // A head due now but behind one in flight: the finishing delivery wakes the pump.
      const at = Date.parse(next)
      return at > clock.machine.now().getTime() ? at : undefined
    },
    now: () => clock.machine.now().getTime(),
    run: (item) => deliver(item),
    crashed: (item, error) => logger.error('listen delivery crashed', { notificationId: item.notificationId, error: String(error) }),
  })

  async function deliver(item: ListenItem): Promise<void> {
    const { partnerUniqueID } = item
    const attemptedAt = clock.now(partnerUniqueID)
    const takers = hub.takers(partnerUniqueID, item.brokerId, item.notificationTypeId)
    // The receiver checks the timestamp against its own wall clock: the real time, whatever the partner's test clock says.
    const timestamp = Math.floor(Date.now() / 1000)
    const headersFor = (listener: ListenerIdentity): Record<string, string> => ({
      'Content-Type': 'application/json',
      'User-Agent': options.userAgent,
      'webhook-id': item.notificationId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(options.secretFor(listener), item.notificationId, timestamp, item.body),
    })
    const { notificationType } = JSON.parse(item.body) as { notificationType: string }
    const outcomes: Sent[] =
      takers.length === 0
        ? [
            {
              listenerId: null,
              to: 'listen',
              outcome: { httpStatus: null, latencyMs: 0, error: 'no listener connected', responseExcerpt: null, retryAfter: undefined },
              headers: null,
            },
          ]
        : await Promise.all(
            takers.map(async (listener) => {
              const headers = headersFor(listener)
              const forwarded = {
                notificationId: item.notificationId,
                notificationTypeId: item.notificationTypeId,
                notificationType,
                headers,
                body: item.body,
                replayed: item.replayed === 1,
              }
              const outcome = await hub.forward(listener, forwarded, options.timeoutMs)
              return { listenerId: listener.listenerId, to: listener.forwardTo ?? `listen:${listener.listenerId}`, outcome, headers }
            }),
          )
    // Cut short by stop(): nothing is recorded, the delivery stays pending for the next start.
    if (pump.signal.aborted) return
    const delivered = record(item, attemptedAt, outcomes)
    for (const { outcome } of outcomes) {
      const fields = { notificationId: item.notificationId, through: 'listen', httpStatus: outcome.httpStatus, latencyMs: outcome.latencyMs }
      if (delivered) logger.info('callback delivered', fields)
      else logger.warn('callback attempt failed', { ...fields, error: outcome.error ?? `HTTP ${outcome.httpStatus}` })
    }
  }

  const record = writes.transaction((item: ListenItem, attemptedAt: Date, outcomes: Sent[]): boolean => {
    // The partner's data may have been reset while the attempt was out.
    if (!repo.bySeq(item.seq)) return false
    for (const { to, outcome, headers } of outcomes) {
      outbox.recordAttempt({
        seq: item.seq,
        attemptNumber: 0,
        through: 'listen',
        requestHeaders: headers,
        attemptedAt: attemptedAt.toISOString(),
        callbackUrl: to,
        httpStatus: outcome.httpStatus,
        latencyMs: outcome.latencyMs,
        error: outcome.error,
        responseExcerpt: outcome.responseExcerpt,
      })
    }
    const now = clock.now(item.partnerUniqueID).toISOString()
    const success = outcomes.find(({ outcome: o }) => o.httpStatus !== null && o.httpStatus >= 200 && o.httpStatus < 300 && !o.error)
    if (success) {
      repo.finish({ seq: item.seq, status: 'delivered', now })
      // With no address for its type the listener was its receiver: the log says delivered, and by whom.
      outbox.deliveredThroughListen({ seq: item.seq, reason: `delivered through mortgage-sandbox listen: listener ${success.listenerId}, forwarding to ${success.to}`, now })
      return true
    }
    const step = item.retryStep + 1
    if (step >= MAX_ATTEMPTS) repo.finish({ seq: item.seq, status: 'failed', now })
    else repo.reschedule({ seq: item.seq, retryStep: step, nextAttemptAt: clock.dueAt(item.partnerUniqueID, retryDelayMs(step, options.timeScale, null, options.random)), now })
    return false
  })

  return {
    wake: pump.wake,
    start: pump.start,
    /** Stops taking work; the listeners' streams are closed by the hub, so the attempts in flight end at once. */
    async stop(): Promise<void> {
      await pump.stop(0, hub.closeAll)
    },
    /** Resolves once no listen delivery is in flight. */
    settle: (): Promise<void> => pump.settle(),
  }
}
