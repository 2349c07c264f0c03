import type { z } from '@hono/zod-openapi'
import type { AppDeps } from '../../composition-root.ts'
import type { LogCursor } from '../callbacks/delivery-log.repository.ts'
import type { NotificationBody } from '../callbacks/outbox-publisher.ts'
import { ApiError } from '../../http/api-error.ts'
import type { LocalizedText } from '../../http/language.ts'
import { pageDirection } from '../../http/pagination.ts'
import type { AuthContext } from '../auth/token.service.ts'
import type { DeliveriesQuerySchema } from './sandbox-deliveries.schemas.ts'

const text = (pt: string, en: string): LocalizedText => ({ 'pt-PT': pt, en })

const NO_CONFIGURATION = text(
  'O tipo de notificação {type} não tem configuração de callback: registe um endereço com Callback Update antes de reenviar.',
  'Notification type {type} has no callback configuration: register an address with Callback Update before redelivering.',
)
const DISABLED = text(
  'A configuração de callback do tipo {type} está desativada: registe o endereço de novo com Callback Update antes de reenviar.',
  'The callback configuration of type {type} is disabled: register the address again with Callback Update before redelivering.',
)

/** The caller's delivery log, one page, with each notification's body and attempts. */
export function listDeliveries(deps: AppDeps, auth: AuthContext, query: z.infer<typeof DeliveriesQuerySchema>) {
  const { log } = deps.callbacks
  const filter = { partnerUniqueID: auth.partnerUniqueID, status: query.status, notificationTypeId: query.notificationTypeId }
  const direction = pageDirection(query)
  let cursor: LogCursor = { kind: 'first' }
  if (direction.kind !== 'first') {
    const seq = log.cursorSeq(direction.cursor, auth.partnerUniqueID)
    if (seq === undefined) throw new ApiError('INVALID_VALUE', { field: direction.kind === 'next' ? 'nextRecord' : 'previousRecord' })
    cursor = { kind: direction.kind, seq }
  }
  const page = log.page(filter, cursor, query.lineCount)
  return {
    totalRecords: log.count(filter),
    hasMoreResults: page.hasMoreResults,
    deliveryList: page.items.map(({ seq: _seq, body, ...entry }) => {
      const notification = JSON.parse(body) as NotificationBody
      return { ...entry, notificationType: notification.notificationType, notification }
    }),
  }
}

/** Queues a redelivery of one of the caller's notifications. */
export function redeliver(deps: AppDeps, auth: AuthContext, notificationId: string): void {
  const result = deps.callbacks.worker.redeliver(notificationId, auth.partnerUniqueID)
  if (result === 'scheduled' || result === 'in-flight') return
  if (result === 'not-found') {
    throw new ApiError('NOT_FOUND', { field: 'notificationId', params: { resource: 'notification', id: notificationId } })
  }
  const type = deps.callbacks.outbox.byId(notificationId, auth.partnerUniqueID)!.notificationTypeId
  throw new ApiError('BUSINESS_RULE', {
    field: 'notificationId',
    params: { type },
    message: result === 'disabled' ? DISABLED : NO_CONFIGURATION,
  })
}
