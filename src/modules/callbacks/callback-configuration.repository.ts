import type { Db } from '../../db/connection.ts'

export type CallbackStatus = 'active' | 'disabled'

export interface CallbackConfiguration {
  partnerUniqueID: string
  notificationTypeId: number
  callbackUrl: string
  signingSecret: string
  status: CallbackStatus
  disabledReason: string | null
  createdAt: string
  updatedAt: string
}

const SELECT = `SELECT partner_unique_id AS partnerUniqueID, notification_type_id AS notificationTypeId,
  callback_url AS callbackUrl, signing_secret AS signingSecret, status, disabled_reason AS disabledReason,
  created_at AS createdAt, updated_at AS updatedAt FROM callback_configuration`

/** The partners' callback destinations, one per partner and notification type. */
export function createCallbackConfigurationRepository(db: Db) {
  const find = db.prepare(`${SELECT} WHERE partner_unique_id = ? AND notification_type_id = ?`)
  const list = db.prepare(`${SELECT} WHERE partner_unique_id = ? ORDER BY notification_type_id`)
  const insert = db.prepare(`INSERT INTO callback_configuration
    (partner_unique_id, notification_type_id, callback_url, signing_secret, status, created_at, updated_at)
    VALUES (@partnerUniqueID, @notificationTypeId, @callbackUrl, @signingSecret, 'active', @now, @now)`)
  // An update keeps the secret and enables a configuration that a 410 had disabled.
  const update = db.prepare(`UPDATE callback_configuration
    SET callback_url = @callbackUrl, status = 'active', disabled_reason = NULL, updated_at = @now
    WHERE partner_unique_id = @partnerUniqueID AND notification_type_id = @notificationTypeId`)
  const remove = db.prepare('DELETE FROM callback_configuration WHERE partner_unique_id = ? AND notification_type_id = ?')
  const removeOfPartner = db.prepare('DELETE FROM callback_configuration WHERE partner_unique_id = ?')
  // Only the destination that answered 410: a URL the partner changed meanwhile stays enabled.
  const disable = db.prepare(`UPDATE callback_configuration
    SET status = 'disabled', disabled_reason = @reason, updated_at = @now
    WHERE partner_unique_id = @partnerUniqueID AND notification_type_id = @notificationTypeId
      AND callback_url = @callbackUrl AND status = 'active'`)

  return {
    find: (partnerUniqueID: string, notificationTypeId: number) =>
      find.get(partnerUniqueID, notificationTypeId) as CallbackConfiguration | undefined,
    list: (partnerUniqueID: string) => list.all(partnerUniqueID) as CallbackConfiguration[],
    insert(row: { partnerUniqueID: string; notificationTypeId: number; callbackUrl: string; signingSecret: string; now: string }) {
      insert.run(row)
    },
    updateUrl(row: { partnerUniqueID: string; notificationTypeId: number; callbackUrl: string; now: string }) {
      update.run(row)
    },
    remove: (partnerUniqueID: string, notificationTypeId: number): boolean =>
      remove.run(partnerUniqueID, notificationTypeId).changes > 0,
    removeOfPartner: (partnerUniqueID: string): number => removeOfPartner.run(partnerUniqueID).changes,
    disable: (row: { partnerUniqueID: string; notificationTypeId: number; callbackUrl: string; reason: string; now: string }): boolean =>
      disable.run(row).changes > 0,
  }
}

export type CallbackConfigurationRepository = ReturnType<typeof createCallbackConfigurationRepository>
