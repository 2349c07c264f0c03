import type { PartnerClock } from '../../platform/clock.ts'
import type { BrokerScope } from '../../db/broker-scope.ts'
import type { Transactions } from '../../db/write-batch.ts'
import type { Logger } from '../../platform/logger.ts'
import type { Metrics } from '../../common/metrics.ts'
import { describeRefusal, type AddressPolicy } from './address-policy.ts'
import type { CallbackConfiguration, CallbackConfigurationRepository } from './callback-configuration.repository.ts'
import type { OutboxNotification, OutboxRepository } from './outbox.repository.ts'
import { MAX_ATTEMPTS, parseRetryAfter, retryDelayMs } from './retry-schedule.ts'
import { createPump } from './delivery-pump.ts'
import { signWebhook } from './webhook-signature.ts'
import type { WebhookOutcome, WebhookSender } from './webhook-sender.ts'

export const DELIVERY_TIMEOUT_MS = 15_000
const DEFAULT_CONCURRENCY = 8

export interface DeliveryWorkerOptions {
  writes: Transactions
  clock: PartnerClock
  logger: Logger
  version: string
  timeScale: number
  outbox: OutboxRepository
  configurations: CallbackConfigurationRepository
  policy: AddressPolicy
  sender: WebhookSender
  concurrency?: number
  timeoutMs?: number
  random?: () => number
  /** Each attempt's outcome and the receiver's time, for the operator's metrics. */
  metrics?: Pick<Metrics, 'deliveryAttempt'>
}

export type RedeliveryResult = 'scheduled' | 'in-flight' | 'not-found' | 'no-configuration' | 'disabled'

/**
 * The one outbox worker of the process (docs/design.md "Callbacks"): delivers due notifications, one at
 * a time per resource and up to `concurrency` resources at once, wakes on publish and on a timer
 * for the next due retry, and on start resumes whatever a crash left pending (at-least-once).
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions) {
  const { writes, clock, logger, outbox, configurations, policy, sender } = options
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS
  const userAgent = `mortgage-sandbox/${options.version} (+webhooks)`

  // Partners whose clock an advance is moving: their notifications are delivered by the advance.
  const held = new Set<string>()
  const machineNow = () => clock.machine.now().toISOString()

  const pump = createPump<OutboxNotification>({
    concurrency,
    dueHeads: (limit) => outbox.dueHeads(machineNow(), limit, [...held]),
    nextDueAt(busy, inFlight) {
      const next = outbox.earliestHeads(inFlight + 1, [...held]).find((n) => !busy.has(n.resourceKey))
      return next?.nextAttemptAt ? Date.parse(next.nextAttemptAt) : undefined
    },
    now: () => clock.machine.now().getTime(),
    run: (notification) => deliver(notification),
    crashed: (notification, error) => logger.error('callback delivery crashed', { notificationId: notification.notificationId, error: String(error) }),
  })

  async function deliver(notification: OutboxNotification): Promise<void> {
    const { seq, partnerUniqueID } = notification
    const configuration = configurations.find(partnerUniqueID, notification.notificationTypeId)
    if (!configuration || configuration.status === 'disabled') {
      outbox.finish({
        seq,
        status: configuration ? 'disabled' : 'skipped',
        reason: configuration ? `callback configuration disabled: ${configuration.disabledReason ?? ''}`.trim() : 'callback configuration deleted',
        now: clock.now(partnerUniqueID).toISOString(),
      })
      return
    }
    const attemptedAt = clock.now(partnerUniqueID)
    const started = performance.now()
    const unsent = (error: string): WebhookOutcome => ({
      httpStatus: null,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
      error,
      responseExcerpt: null,
      retryAfter: undefined,
    })
    const target = await withTimeout(policy.resolveForDelivery(configuration.callbackUrl), timeoutMs)
    let outcome: WebhookOutcome
    let headers: Record<string, string> | null = null
    if (!target) outcome = unsent(`no DNS answer within ${timeoutMs / 1000} s`)
    else if (!target.ok) outcome = unsent(describeRefusal(target.refusal))
    else {
      // The receiver checks the timestamp against its own wall clock (the 5-minute replay window): the
      // machine's, the real time, never the partner's test clock, which moves business, not the transport.
      const timestamp = Math.floor(clock.machine.now().getTime() / 1000)
      headers = {
        'Content-Type': 'application/json',
        'User-Agent': userAgent,
        'webhook-id': notification.notificationId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(configuration.signingSecret, notification.notificationId, timestamp, notification.body),
      }
      outcome = await sender.send({
        url: target.url,
        address: target.address,
        body: notification.body,
        timeoutMs: Math.max(1, timeoutMs - (performance.now() - started)),
        signal: pump.signal,
        headers,
      })
    }
    // Cut short by stop(): nothing is recorded, the notification stays pending for the next start.
    if (pump.signal.aborted) return
    log(notification, outcome, record(notification, configuration, attemptedAt, outcome, headers))
  }

  const record = writes.transaction(
    (notification: OutboxNotification, configuration: CallbackConfiguration, attemptedAt: Date, outcome: WebhookOutcome, headers: Record<string, string> | null): boolean => {
      const { seq } = notification
      // The partner's data may have been reset while the request was out.
      if (!outbox.bySeq(seq)) return false
      const status = outcome.httpStatus
      const success = status !== null && status >= 200 && status < 300 && !outcome.error
      const failure = outcome.error ?? (success ? null : `HTTP ${status}`)
      outbox.recordAttempt({
        requestHeaders: headers,
        seq,
        attemptNumber: notification.attempts + 1,
        attemptedAt: attemptedAt.toISOString(),
        callbackUrl: configuration.callbackUrl,
        httpStatus: status,
        latencyMs: outcome.latencyMs,
        error: outcome.error,
        responseExcerpt: outcome.responseExcerpt,
      })
      const now = clock.now(notification.partnerUniqueID)
      const nowIso = now.toISOString()
      if (success) {
        outbox.finish({ seq, status: 'delivered', reason: null, now: nowIso })
        return true
      }
      if (status === 410) {
        const reason = `${configuration.callbackUrl} answered 410 Gone at ${attemptedAt.toISOString()}`
        const key = { partnerUniqueID: notification.partnerUniqueID, notificationTypeId: notification.notificationTypeId }
        if (configurations.disable({ ...key, callbackUrl: configuration.callbackUrl, reason, now: nowIso })) {
          outbox.finish({ seq, status: 'disabled', reason, now: nowIso })
          outbox.finishPendingOfType({ ...key, status: 'disabled', reason: `callback configuration disabled: ${reason}`, now: nowIso })
          return false
        }
      }
      const step = notification.retryStep + 1
      if (step >= MAX_ATTEMPTS) {
        outbox.finish({ seq, status: 'failed', reason: failure, now: nowIso })
        return false
      }
      // An HTTP date in Retry-After is the receiver's wall clock.
      const delay = retryDelayMs(step, options.timeScale, parseRetryAfter(outcome.retryAfter, new Date()), options.random)
      const nextAttemptAt = clock.dueAt(notification.partnerUniqueID, delay)
      outbox.reschedule({ seq, retryStep: step, nextAttemptAt, reason: failure, now: nowIso })
      return false
    },
  )

  function log(notification: OutboxNotification, outcome: WebhookOutcome, delivered: boolean): void {
    const fields = {
      notificationId: notification.notificationId,
      attempt: notification.attempts + 1,
      httpStatus: outcome.httpStatus,
      latencyMs: outcome.latencyMs,
    }
    options.metrics?.deliveryAttempt(notification.notificationTypeId, delivered ? 'delivered' : 'failed', outcome.latencyMs / 1000)
    if (delivered) logger.info('callback delivered', fields)
    else logger.warn('callback attempt failed', { ...fields, error: outcome.error ?? `HTTP ${outcome.httpStatus}` })
  }

  return {
    wake: pump.wake,
    /**
     * Resolves once the worker has nothing to do now: no delivery in flight and no notification due.
     * What a test awaits before it checks that nothing was sent.
     */
    idle: pump.idle,
    start: pump.start,
    /** Stops taking work, lets deliveries in flight finish for `graceMs`, then cuts them short. */
    async stop(graceMs = 3000): Promise<void> {
      if (await pump.stop(graceMs)) sender.close()
    },
    /** Leaves the partner's notifications alone until `release` (its clock is being advanced). */
    hold(partnerUniqueID: string): void {
      held.add(partnerUniqueID)
    },
    release(partnerUniqueID: string): void {
      held.delete(partnerUniqueID)
      pump.wake()
    },
    /** Resolves once the partner's deliveries in flight are over. */
    settle: (partnerUniqueID: string): Promise<void> => pump.settle((n) => n.partnerUniqueID === partnerUniqueID),
    /** Makes one attempt at the notification now, as the pump would; resolves once it is recorded (the clock advance). */
    deliverNow: (notification: OutboxNotification): Promise<void> => pump.runNow(notification),
    /** Control API: send again now (one more attempt for a finished notification), one the scope sees. */
    redeliver(notificationId: string, scope: BrokerScope): RedeliveryResult {
      const notification = outbox.byId(notificationId, scope)
      if (!notification) return 'not-found'
      const { partnerUniqueID } = notification
      if (pump.isOut(notification.seq)) return 'in-flight'
      const configuration = configurations.find(partnerUniqueID, notification.notificationTypeId)
      if (!configuration) return 'no-configuration'
      if (configuration.status === 'disabled') return 'disabled'
      const now = clock.now(partnerUniqueID).toISOString()
      const retryStep = notification.status === 'pending' ? notification.retryStep : MAX_ATTEMPTS - 1
      outbox.reschedule({ seq: notification.seq, retryStep, nextAttemptAt: clock.dueAt(partnerUniqueID), reason: 'redelivery requested', now })
      pump.wake()
      return 'scheduled'
    },
  }
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>

/** The promise's value, or undefined when it takes longer than `ms`. */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
