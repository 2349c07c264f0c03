import type { PartnerClock } from '../../platform/clock.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import type { CallbackConfigurationRepository } from './callback-configuration.repository.ts'
import type { NotificationEvent, NotificationPublisher } from './notification-publisher.ts'
import { notificationId } from './notification-id.ts'
import { inPartnerLanguage } from './notification-language.ts'
import type { Lang } from '../../common/language.ts'
import type { NotificationStatus, OutboxRepository } from './outbox.repository.ts'

export const NOTIFICATION_TYPES_LIST = 'notification-types'

/** The JSON body every delivery of a notification carries, byte for byte the same on each retry. */
export interface NotificationBody {
  notificationId: string
  notificationTypeId: number
  notificationType: string
  partnerUniqueID: string
  processUniqueId?: string
  simulationUniqueId?: string
  occurredAt: string
  data: Record<string, unknown>
  test: boolean
}

/**
 * The outbox writer behind `deps.notifications`: synchronous, so it runs inside the caller's
 * better-sqlite3 transaction and the notification exists if and only if the change does. Without
 * a configuration for the type it is still written, as skipped, so the delivery log shows it.
 */
export function createOutboxPublisher(deps: {
  outbox: OutboxRepository
  configurations: CallbackConfigurationRepository
  taxonomy: TaxonomyCatalog
  clock: PartnerClock
  /** Called after each pending notification is written; the worker defers its wake-up past the commit. */
  onPending: () => void
  /** Each notification written, inside the same transaction: the listeners' deliveries join it. */
  onPublished?: (notification: { seq: number; partnerUniqueID: string; brokerId: number | null; notificationTypeId: number; resourceKey: string }) => void
  /** The language of the partner's notifications (pt-PT when not given). */
  languageOf?: (partnerUniqueID: string) => Lang
}): NotificationPublisher {
  return {
    publish(event: NotificationEvent): string {
      const type = deps.taxonomy.get(NOTIFICATION_TYPES_LIST, event.notificationTypeId)
      if (!type) throw new Error(`unknown notification type ${event.notificationTypeId}`)
      const { processUniqueId, simulationUniqueId } = event
      if (Boolean(processUniqueId) === Boolean(simulationUniqueId)) {
        throw new Error('a notification names exactly one of processUniqueId or simulationUniqueId')
      }
      const at = deps.clock.now(event.partnerUniqueID)
      const now = at.toISOString()
      const id = notificationId(at)
      const body: NotificationBody = {
        notificationId: id,
        notificationTypeId: event.notificationTypeId,
        notificationType: type.code ?? String(type.id),
        partnerUniqueID: event.partnerUniqueID,
        ...(processUniqueId ? { processUniqueId } : { simulationUniqueId: simulationUniqueId! }),
        occurredAt: now,
        // An echo is the partner's own test: its texts stay as it gave them, or in its request's language.
        data: event.test === true ? event.data : inPartnerLanguage(event.data, deps.languageOf?.(event.partnerUniqueID) ?? 'pt-PT', deps.taxonomy),
        test: event.test === true,
      }
      const configuration = deps.configurations.find(event.partnerUniqueID, event.notificationTypeId)
      const status: NotificationStatus = !configuration ? 'skipped' : configuration.status === 'disabled' ? 'disabled' : 'pending'
      const resourceKey = processUniqueId ? `process:${processUniqueId}` : `simulation:${simulationUniqueId}`
      const json = JSON.stringify(body)
      const seq = deps.outbox.insert({
        notificationId: id,
        partnerUniqueID: event.partnerUniqueID,
        brokerId: event.brokerId,
        notificationTypeId: event.notificationTypeId,
        processUniqueId: processUniqueId ?? null,
        simulationUniqueId: simulationUniqueId ?? null,
        resourceKey,
        body: json,
        test: body.test,
        status,
        statusReason:
          status === 'skipped'
            ? 'no callback configuration for this notification type'
            : status === 'disabled'
              ? `callback configuration disabled: ${configuration?.disabledReason ?? ''}`.trim()
              : null,
        nextAttemptAt: status === 'pending' ? deps.clock.dueAt(event.partnerUniqueID) : null,
        now,
        publishedAt: deps.clock.machine.now().toISOString(),
      })
      if (status === 'pending') deps.onPending()
      deps.onPublished?.({
        seq,
        partnerUniqueID: event.partnerUniqueID,
        brokerId: event.brokerId,
        notificationTypeId: event.notificationTypeId,
        resourceKey,
      })
      return id
    },
  }
}
