import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import type { PartnerClock } from '../../platform/clock.ts'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../db/connection.ts'
import type { SecretBox } from '../../db/secret-box.ts'
import type { Transactions } from '../../db/write-batch.ts'
import type { AppEnv } from '../../http/router/app-env.ts'
import type { Logger } from '../../platform/logger.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { createAddressPolicy, type HostResolver } from './address-policy.ts'
import { callbacksHandlers } from './callbacks.handlers.ts'
import * as routes from './callbacks.routes.ts'
import { createCallbackService, type CallbackService } from './callbacks.service.ts'
import { createCallbackConfigurationRepository } from './callback-configuration.repository.ts'
import { createDeliveryWorker, DELIVERY_TIMEOUT_MS } from './delivery-worker.ts'
import { createEchoService, type EchoResourceLookup, type EchoService } from './echo.service.ts'
import { registerNotificationWebhooks } from './notification.webhooks.ts'
import { typedNotifications } from './notifications.ts'
import { createOutboxPublisher } from './outbox-publisher.ts'
import { createOutboxRepository } from './outbox.repository.ts'
import { createWebhookSender } from './webhook-sender.ts'
import { createCallbackProbe } from './callback-probe.ts'
import { newSigningSecret, signWebhook } from './webhook-signature.ts'
import type { BrokerScope } from '../../db/broker-scope.ts'
import { sandboxDeliveriesHandlers } from './deliveries/sandbox-deliveries.handlers.ts'
import * as deliveryRoutes from './deliveries/sandbox-deliveries.routes.ts'
import { createRouter } from '../../http/router/create-router.ts'
import { listenHandlers } from './listen/listen.handlers.ts'
import { createListenerHub } from './listen/listener-hub.ts'
import { createListenRepository } from './listen/listen.repository.ts'
import * as listenRoutes from './listen/listen.routes.ts'
import { createListenService, type ListenService } from './listen/listen.service.ts'
import { createListenWorker } from './listen/listen-worker.ts'
import { createListenReplay } from './listen/listen-replay.ts'
import type { Metrics } from '../../common/metrics.ts'

export type { CallbackService } from './callbacks.service.ts'
export type { EchoService } from './echo.service.ts'
export type { Notifications } from './notifications.ts'
export type { NotificationCode } from './notification-types.schemas.ts'
export { asyncApiDocument } from './notification.asyncapi.ts'
export type { HostResolver } from './address-policy.ts'
export type { CallbackProbe } from './callback-probe.ts'

export interface CallbacksDeps {
  db: Db
  /** Seals the partners' signing secrets at rest when SANDBOX_SECRETS_KEY is set. */
  secrets: SecretBox
  writes: Transactions
  config: Pick<Config, 'callbackAllowHttp' | 'callbackAllowPrivate' | 'callbackCaFile' | 'timeScale'>
  clock: PartnerClock
  logger: Logger
  version: string
  taxonomy: TaxonomyCatalog
  /** DNS of the address policy; tests replace it to play rebinding. */
  resolve?: HostResolver
  concurrency?: number
  timeoutMs?: number
  /** Each delivery attempt, for the operator's metrics. */
  metrics?: Pick<Metrics, 'deliveryAttempt'>
  /** @throws ApiError 409 when the partner may have no more callback configurations (its quota). */
  assertRoom?: (partnerUniqueID: string) => void
  /** Listeners (`mortgage-sandbox listen`) a partner may have connected at once; null: no bound. */
  listenersPerPartner?: number | null
  /** The comment line that keeps a listener's stream open, every this many ms. */
  listenHeartbeatMs?: number
  /** The language of a partner's notifications: every text of their payloads is written in it. */
  languageOf?: (partnerUniqueID: string) => Lang
  /** The caller a bearer token names now: an open listen stream ends when its user loses its rights. */
  authenticate?: (authorization: string) => AuthContext
}

/**
 * The partner callbacks (docs/design.md "Callbacks"): configurations, the outbox publisher the
 * services call inside their transactions, the delivery worker (started by the server), the
 * delivery log.
 */
export function createCallbacks(deps: CallbacksDeps) {
  const { db, config, clock, logger } = deps
  const configurations = createCallbackConfigurationRepository(db, deps.secrets)
  const outbox = createOutboxRepository(db)
  const policy = createAddressPolicy({ allowHttp: config.callbackAllowHttp, allowPrivate: config.callbackAllowPrivate, ...(deps.resolve ? { resolve: deps.resolve } : {}) })
  const sender = createWebhookSender({ caFile: config.callbackCaFile })
  const worker = createDeliveryWorker({
    writes: deps.writes,
    clock,
    logger,
    version: deps.version,
    timeScale: config.timeScale,
    outbox,
    configurations,
    policy,
    sender,
    ...(deps.concurrency ? { concurrency: deps.concurrency } : {}),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
  })
  const listenRepo = createListenRepository(db, deps.secrets)
  const hub = createListenerHub({ limit: deps.listenersPerPartner ?? null })
  const listenWorker = createListenWorker({
    writes: deps.writes,
    clock,
    logger,
    userAgent: `mortgage-sandbox/${deps.version} (+webhooks)`,
    timeScale: config.timeScale,
    outbox,
    repo: listenRepo,
    hub,
    secretFor: (listener) => listen.secretFor(listener),
    timeoutMs: deps.timeoutMs ?? DELIVERY_TIMEOUT_MS,
  })
  const replay = createListenReplay({ clock, repo: listenRepo })
  const listen = createListenService({
    writes: deps.writes,
    clock,
    taxonomy: deps.taxonomy,
    repo: listenRepo,
    hub,
    replay,
    wake: listenWorker.wake,
    heartbeatMs: deps.listenHeartbeatMs ?? 15_000,
    ...(deps.authenticate ? { authenticate: deps.authenticate } : {}),
  })
  const publisher = typedNotifications(
    createOutboxPublisher({
      outbox,
      configurations,
      taxonomy: deps.taxonomy,
      clock,
      onPending: worker.wake,
      onPublished: listen.offer,
      ...(deps.languageOf ? { languageOf: deps.languageOf } : {}),
    }),
  )
  const service = createCallbackService({ writes: deps.writes, clock, taxonomy: deps.taxonomy, configurations, outbox, policy, worker, assertRoom: deps.assertRoom })
  return {
    ...service,
    publisher,
    worker: {
      start(): void {
        worker.start()
        listenWorker.start()
      },
      async stop(graceMs?: number): Promise<void> {
        await Promise.all([worker.stop(graceMs), listenWorker.stop()])
      },
      idle: worker.idle,
    },
    /** `mortgage-sandbox listen`: the listeners' streams and reports. */
    listen: {
      open: listen.open,
      report: listen.report,
      connected: hub.count,
      /** How many of the partner's connected listeners take a notification of this broker and type. */
      takers: (partnerUniqueID: string, brokerId: number, notificationTypeId: number) => hub.takers(partnerUniqueID, brokerId, notificationTypeId).length,
      closeAll: hub.closeAll,
      /** Checks every open stream against its user now (the hub does it twice a second). */
      recheck: hub.recheck,
      /** A change of a user's rights the partners module applied: the streams it concerns end at once, saying why. */
      accessChanged: listen.accessChanged,
      shutdown: hub.shutdown,
      settle: listenWorker.settle,
    },
    /**
     * Callback Echo, on the broker's simulations and processes: their modules stand on the
     * callbacks, so the composition root gives their lookups once they are built.
     */
    echo: (lookups: { findSimulation: EchoResourceLookup; findProcess: EchoResourceLookup }): EchoService =>
      createEchoService({
        writes: deps.writes,
        taxonomy: deps.taxonomy,
        callbacks: service,
        notifications: publisher,
        listening: (partnerUniqueID, brokerId, notificationTypeId) => hub.takers(partnerUniqueID, brokerId, notificationTypeId).length > 0,
        findSimulation: lookups.findSimulation,
        findProcess: lookups.findProcess,
      }),
    /** Test notifications sent on purpose, outside the outbox (the certification's receiver checks). */
    probe: createCallbackProbe({
      configurations,
      policy,
      sender,
      // A connected listener is a receiver the checks may test: its partner's local server, through the stream.
      listeners: { attached: hub.attached, forward: hub.forward, secretFor: (listener) => listen.secretFor(listener) },
      taxonomy: deps.taxonomy,
      clock,
      version: deps.version,
    }),
    /**
     * A stored notification of the scope as a delivery of it now carries it: its body, byte for byte,
     * and its Standard Webhooks headers, signed with the partner's secret for its type (a throwaway one
     * without a configuration). What a message pact's verification hands the Pact verifier.
     */
    asDelivered(scope: BrokerScope, notificationId: string): { body: string; headers: Record<string, string> } | undefined {
      const stored = outbox.byId(notificationId, scope)
      if (!stored) return undefined
      const secret = configurations.find(stored.partnerUniqueID, stored.notificationTypeId)?.signingSecret ?? newSigningSecret()
      const timestamp = Math.floor(clock.machine.now().getTime() / 1000)
      return {
        body: stored.body,
        headers: {
          'content-type': 'application/json',
          'user-agent': `mortgage-sandbox/${deps.version} (+webhooks)`,
          'webhook-id': stored.notificationId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(secret, stored.notificationId, timestamp, stored.body),
        },
      }
    },
    /** What the clock advance drives: the partner's due attempts, made one at a time in due order. */
    advancing: {
      hold: worker.hold,
      release: worker.release,
      settle: worker.settle,
      nextDueOfPartner: outbox.nextDueHeadOfPartner,
      deliverNow: worker.deliverNow,
      bringForward(partnerUniqueID: string, ms: number): number {
        const moved = outbox.bringForward(partnerUniqueID, ms) + listenRepo.bringForward(partnerUniqueID, ms)
        listenWorker.wake()
        return moved
      },
    },
  }
}

/** Partner callbacks: Update, List, Delete (without /v1, as in the interface document) and Echo, with the notifications as OpenAPI webhooks. */
export function callbacksRouter(callbacks: CallbackService, echo: EchoService) {
  const handlers = callbacksHandlers(callbacks, echo)
  const router = createRouter()
    .openapi(routes.update, handlers.update)
    .openapi(routes.list, handlers.list)
    .openapi(routes.remove, handlers.remove)
    .openapi(routes.echo, handlers.echo)
  registerNotificationWebhooks(router.openAPIRegistry)
  return router
}

/** Sandbox control API: the stream `mortgage-sandbox listen` connects to, and its reports (/sandbox/listen). */
export function sandboxListenRouter(listen: Pick<ListenService, 'open' | 'report'>) {
  const handlers = listenHandlers(listen)
  return createRouter().openapi(listenRoutes.stream, handlers.stream).openapi(listenRoutes.report, handlers.report)
}

/** Sandbox control API: the partner's callback delivery log and redelivery (/sandbox/deliveries). */
export function sandboxDeliveriesRouter(callbacks: Pick<CallbackService, 'deliveries' | 'redeliver'>) {
  const handlers = sandboxDeliveriesHandlers(callbacks)
  return createRouter().openapi(deliveryRoutes.list, handlers.list).openapi(deliveryRoutes.retry, handlers.retry)
}
