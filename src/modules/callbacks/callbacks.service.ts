import type { AppDeps } from '../../composition-root.ts'
import { NOTIFICATION_TYPES_LIST } from './outbox-publisher.ts'
import { newSigningSecret, signingSecretPrefix } from './webhook-signature.ts'
import { ApiError } from '../../http/api-error.ts'
import type { Lang } from '../../http/language.ts'
import type { AuthContext } from '../auth/token.service.ts'
import type { TaxonomyItem } from '../taxonomy/taxonomy.catalog.ts'
import { MESSAGES, refusalMessage } from './callbacks.messages.ts'

/** Interface document: a partner manages only its own callbacks (DESIGN.md: 403 otherwise). */
export function assertOwnPartner(auth: AuthContext, partnerUniqueID: string): void {
  if (auth.partnerUniqueID !== partnerUniqueID) {
    throw new ApiError('FORBIDDEN', { field: 'partnerUniqueID', params: { partner: partnerUniqueID }, message: MESSAGES.otherPartner })
  }
}

/** @throws ApiError 400 when the id is not in the notification-types list. */
export function notificationTypeOf(deps: AppDeps, id: number, field: string): TaxonomyItem {
  const type = deps.taxonomy.get(NOTIFICATION_TYPES_LIST, id)
  if (!type) throw new ApiError('UNKNOWN_REFERENCE', { field, params: { value: id, list: NOTIFICATION_TYPES_LIST } })
  return type
}

/** Callback Update: creates (created: true) or points an existing configuration at a new address, keeping its secret. */
export async function updateCallback(deps: AppDeps, auth: AuthContext, partnerUniqueID: string, typeId: number, rawUrl: string) {
  assertOwnPartner(auth, partnerUniqueID)
  notificationTypeOf(deps, typeId, 'notificationType')
  const check = await deps.callbacks.policy.checkForRegistration(rawUrl)
  if (!check.ok) throw new ApiError('INVALID_VALUE', { field: 'callbackUrl', message: refusalMessage(check.refusal) })
  const { configurations } = deps.callbacks
  const now = deps.clock.now().toISOString()
  const key = { partnerUniqueID, notificationTypeId: typeId }
  const created = deps.db.transaction(() => {
    if (configurations.find(partnerUniqueID, typeId)) {
      configurations.updateUrl({ ...key, callbackUrl: check.url, now })
      return false
    }
    configurations.insert({ ...key, callbackUrl: check.url, signingSecret: newSigningSecret(), now })
    return true
  })()
  const configuration = configurations.find(partnerUniqueID, typeId)!
  return {
    created,
    result: { notificationType: typeId, callbackUrl: configuration.callbackUrl, signingSecret: configuration.signingSecret },
  }
}

export function listCallbacks(deps: AppDeps, auth: AuthContext, partnerUniqueID: string, lang: Lang) {
  assertOwnPartner(auth, partnerUniqueID)
  return deps.callbacks.configurations.list(partnerUniqueID).map((c) => ({
    notificationType: c.notificationTypeId,
    notificationTypeDescription: deps.taxonomy.describe(NOTIFICATION_TYPES_LIST, c.notificationTypeId, lang) ?? '',
    callbackUrl: c.callbackUrl,
    signingSecretPrefix: signingSecretPrefix(c.signingSecret),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    status: c.status,
    disabledReason: c.disabledReason,
  }))
}

/** Callback Delete: notifications of the type still waiting are not sent any more. */
export function deleteCallback(deps: AppDeps, auth: AuthContext, partnerUniqueID: string, typeId: number): void {
  assertOwnPartner(auth, partnerUniqueID)
  notificationTypeOf(deps, typeId, 'notificationType')
  const { configurations, outbox } = deps.callbacks
  const removed = deps.db.transaction(() => {
    if (!configurations.remove(partnerUniqueID, typeId)) return false
    const now = deps.clock.now().toISOString()
    outbox.finishPendingOfType({ partnerUniqueID, notificationTypeId: typeId, status: 'skipped', reason: 'callback configuration deleted', now })
    return true
  })()
  if (!removed) throw new ApiError('CALLBACK_NOT_CONFIGURED', { field: 'notificationType', params: { type: typeId } })
}
