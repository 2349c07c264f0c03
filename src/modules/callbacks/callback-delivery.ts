import type { Clock } from '../../clock.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/connection.ts'
import type { Logger } from '../../logger.ts'
import type { TaxonomyCatalog } from '../taxonomy/taxonomy.catalog.ts'
import { createAddressPolicy, type HostResolver } from './address-policy.ts'
import { createCallbackConfigurationRepository } from './callback-configuration.repository.ts'
import { createDeliveryLogRepository } from './delivery-log.repository.ts'
import { createDeliveryWorker } from './delivery-worker.ts'
import { createOutboxPublisher } from './outbox-publisher.ts'
import { createOutboxRepository } from './outbox.repository.ts'
import { createWebhookSender } from './webhook-sender.ts'

export interface CallbackDeliveryOptions {
  db: Db
  config: Config
  clock: Clock
  logger: Logger
  version: string
  taxonomy: TaxonomyCatalog
  /** DNS for the address policy; tests replace it to play rebinding. */
  resolve?: HostResolver
  concurrency?: number
  timeoutMs?: number
}

/**
 * Everything of the partner callbacks on one database: configurations, the outbox publisher
 * services call, the address policy, the delivery worker (started by the server) and the log.
 */
export function createCallbackDelivery(options: CallbackDeliveryOptions) {
  const { db, config, clock, logger } = options
  const configurations = createCallbackConfigurationRepository(db)
  const outbox = createOutboxRepository(db)
  const policy = createAddressPolicy({
    allowHttp: config.callbackAllowHttp,
    allowPrivate: config.callbackAllowPrivate,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  })
  const worker = createDeliveryWorker({
    db,
    clock,
    logger,
    version: options.version,
    timeScale: config.timeScale,
    outbox,
    configurations,
    policy,
    sender: createWebhookSender({ caFile: config.callbackCaFile }),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  })
  const publisher = createOutboxPublisher({ outbox, configurations, taxonomy: options.taxonomy, clock, onPending: worker.wake })
  return { configurations, outbox, policy, worker, publisher, log: createDeliveryLogRepository(db) }
}

export type CallbackDelivery = ReturnType<typeof createCallbackDelivery>
