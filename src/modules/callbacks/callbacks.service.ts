import type { PartnerClock } from '../../platform/clock.ts'
import type { BrokerScope } from '../../db/broker-scope.ts'
import type { Transactions } from '../../db/write-batch.ts'
import { withoutNulls } from '../../common/answer-fields.ts'
import { ApiError } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import { keysetPage, type PagingQuery } from '../../common/pagination.ts'
import type { TaxonomyCatalog, TaxonomyItem } from '../taxonomy/index.ts'
import type { AddressPolicy } from './address-policy.ts'
import { MESSAGES, refusalMessage } from './callbacks.messages.ts'
import type { CallbackConfigurationRepository } from './callback-configuration.repository.ts'
import type { DeliveryWorker } from './delivery-worker.ts'
import { NOTIFICATION_TYPES_LIST, type NotificationBody } from './outbox-publisher.ts'
import type { NotificationStatus, OutboxRepository } from './outbox.repository.ts'
import { newSigningSecret, signingSecretPrefix } from './webhook-signature.ts'

export interface CallbackServiceDeps {
  writes: Transactions
  clock: PartnerClock
  taxonomy: TaxonomyCatalog
  configurations: CallbackConfigurationRepository
  outbox: OutboxRepository
  policy: AddressPolicy
  worker: Pick<DeliveryWorker, 'redeliver'>
  /** @throws ApiError 409 when the partner may have no more callback configurations (its quota). */
  assertRoom?: ((partnerUniqueID: string) => void) | undefined
}

export interface DeliveryQuery extends PagingQuery {
  status?: NotificationStatus | undefined
  notificationTypeId?: number | undefined
}

/** Interface document: a partner manages only its own callbacks (docs/design.md "Callbacks": 403 otherwise). */
export function assertOwnPartner(auth: AuthContext, partnerUniqueID: string): void {
  if (auth.partnerUniqueID !== partnerUniqueID) {
    throw new ApiError('FORBIDDEN', { field: 'partnerUniqueID', params: { partner: partnerUniqueID }, message: MESSAGES.otherPartner })
  }
}

/**
 * The partner's callback configurations (Callback Update, List, Delete) and its delivery log
 * (the sandbox's view of every notification and attempt, and redelivery).
 */
export function createCallbackService(deps: CallbackServiceDeps) {
  const { configurations, outbox, taxonomy } = deps

  /** @throws ApiError 400 when the id is not in the notification-types list. */
  function notificationTypeOf(id: number, field: string): TaxonomyItem {
    const type = taxonomy.get(NOTIFICATION_TYPES_LIST, id)
    if (!type) throw new ApiError('UNKNOWN_REFERENCE', { field, params: { value: id, list: NOTIFICATION_TYPES_LIST } })
    return type
  }

  const upsert = deps.writes.transaction((key: { partnerUniqueID: string; notificationTypeId: number }, callbackUrl: string, now: string) => {
    if (configurations.find(key.partnerUniqueID, key.notificationTypeId)) {
      configurations.updateUrl({ ...key, callbackUrl, now })
      return false
    }
    deps.assertRoom?.(key.partnerUniqueID)
    configurations.insert({ ...key, callbackUrl, signingSecret: newSigningSecret(), now })
    return true
  })

  const remove = deps.writes.transaction((partnerUniqueID: string, typeId: number) => {
    if (!configurations.remove(partnerUniqueID, typeId)) return false
    const now = deps.clock.now(partnerUniqueID).toISOString()
    outbox.finishPendingOfType({ partnerUniqueID, notificationTypeId: typeId, status: 'skipped', reason: 'callback configuration deleted', now })
    return true
  })

  return {
    notificationTypeOf,

    /** Callback Update: creates (created: true) or points an existing configuration at a new address, keeping its secret. */
    async update(auth: AuthContext, partnerUniqueID: string, typeId: number, rawUrl: string) {
      assertOwnPartner(auth, partnerUniqueID)
      notificationTypeOf(typeId, 'notificationType')
      const check = await deps.policy.checkForRegistration(rawUrl)
      if (!check.ok) throw new ApiError('INVALID_VALUE', { field: 'callbackUrl', message: refusalMessage(check.refusal) })
      const created = upsert({ partnerUniqueID, notificationTypeId: typeId }, check.url, deps.clock.now(partnerUniqueID).toISOString())
      const configuration = configurations.find(partnerUniqueID, typeId)!
      return { created, result: { notificationType: typeId, callbackUrl: configuration.callbackUrl, signingSecret: configuration.signingSecret } }
    },

    /**
     * Callback List: the active configurations, as the document says. One a 410 disabled shows in
     * the delivery log (/sandbox/deliveries) until Callback Update enables it again.
     */
    list(auth: AuthContext, partnerUniqueID: string, lang: Lang) {
      assertOwnPartner(auth, partnerUniqueID)
      return configurations
        .list(partnerUniqueID)
        .filter((c) => c.status === 'active')
        .map((c) =>
          withoutNulls({
            notificationType: c.notificationTypeId,
            notificationTypeDescription: taxonomy.describe(NOTIFICATION_TYPES_LIST, c.notificationTypeId, lang) ?? '',
            callbackUrl: c.callbackUrl,
            signingSecretPrefix: signingSecretPrefix(c.signingSecret),
            createdAt: c.createdAt,
            updatedAt: c.updatedAt,
            status: c.status,
            disabledReason: c.disabledReason,
          }),
        )
    },

    /** Callback Delete: notifications of the type still waiting are not sent any more. @throws ApiError 404 when none is configured. */
    remove(auth: AuthContext, partnerUniqueID: string, typeId: number): void {
      assertOwnPartner(auth, partnerUniqueID)
      notificationTypeOf(typeId, 'notificationType')
      if (!remove(partnerUniqueID, typeId)) throw new ApiError('CALLBACK_NOT_CONFIGURED', { field: 'notificationType', params: { type: typeId } })
    },

    /** The active or disabled configuration of a partner for a type, if any. */
    configuration: configurations.find,

    /**
     * One page of the delivery log the scope sees (a broker's notifications; docs/design.md "Roles"),
     * each notification with its body and attempts. @throws ApiError 400 (unknown cursor).
     */
    deliveries(scope: BrokerScope, query: DeliveryQuery) {
      const { partnerUniqueID } = scope
      const filter = { scope, status: query.status, notificationTypeId: query.notificationTypeId }
      const { rows, hasMoreResults } = keysetPage(query, {
        positionOf: (id) => outbox.logPosition(id, scope),
        rows: (cursor, limit) => outbox.logPage(filter, cursor, limit),
      })
      return {
        totalRecords: outbox.logCount(filter),
        hasMoreResults,
        entries: rows.map(({ seq: _seq, body, ...entry }) => ({
          ...entry,
          // Stored on the machine's time line, shown on the partner's clock like every other date.
          nextAttemptAt: entry.nextAttemptAt && deps.clock.onPartnerTime(partnerUniqueID, entry.nextAttemptAt),
          notification: JSON.parse(body) as NotificationBody,
        })),
      }
    },

    /** One notification of the delivery log the scope sees, with its body and attempts. @throws ApiError 404 */
    delivery(scope: BrokerScope, notificationId: string) {
      const entry = outbox.logEntry(notificationId, scope)
      if (!entry) throw new ApiError('NOT_FOUND', { field: 'notificationId', params: { resource: 'notification', id: notificationId } })
      const { seq: _seq, body, ...rest } = entry
      return {
        ...rest,
        nextAttemptAt: rest.nextAttemptAt && deps.clock.onPartnerTime(scope.partnerUniqueID, rest.nextAttemptAt),
        notification: JSON.parse(body) as NotificationBody,
      }
    },

    /** The notifications a simulation or a process sent, oldest first (at most 200), without their attempts. */
    deliveriesOf(scope: BrokerScope, about: { processUniqueId: string } | { simulationUniqueId: string }) {
      const key = 'processUniqueId' in about ? `process:${about.processUniqueId}` : `simulation:${about.simulationUniqueId}`
      return outbox.ofResource(key, scope, 200).map(({ seq: _seq, body, ...rest }) => ({ ...rest, notification: JSON.parse(body) as NotificationBody }))
    },

    /**
     * Queues one more attempt of a notification the scope sees, now: another broker's is not found.
     * @throws ApiError 404, 400 (no or disabled configuration).
     */
    redeliver(scope: BrokerScope, notificationId: string): void {
      const result = deps.worker.redeliver(notificationId, scope)
      if (result === 'scheduled' || result === 'in-flight') return
      if (result === 'not-found') throw new ApiError('NOT_FOUND', { field: 'notificationId', params: { resource: 'notification', id: notificationId } })
      const type = outbox.byId(notificationId, scope)!.notificationTypeId
      throw new ApiError('BUSINESS_RULE', {
        field: 'notificationId',
        params: { type },
        message: result === 'disabled' ? MESSAGES.redeliverDisabled : MESSAGES.redeliverNotConfigured,
      })
    },

    /** Retention: deletes up to `limit` notifications older than `cutoff` with their attempts; returns how many. */
    deleteOlderThan: (cutoff: Date, limit: number) => outbox.removeOlderThan(cutoff.toISOString(), limit),

    /** Deletes the partner's notifications with their attempts and its configurations (sandbox reset). */
    deleteOfPartner: (partnerUniqueID: string) => ({
      notifications: outbox.removeOfPartner(partnerUniqueID),
      callbackConfigurations: configurations.removeOfPartner(partnerUniqueID),
    }),
  }
}

export type CallbackService = ReturnType<typeof createCallbackService>
