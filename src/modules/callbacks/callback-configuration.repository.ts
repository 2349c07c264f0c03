import type { Db } from '../../db/connection.ts'
import { rewriteSecrets, type SecretBox } from '../../db/secret-box.ts'

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

/** What a sealed signing secret is bound to: this column (docs/decisions.md "Platform"). */
const PURPOSE = 'callback_configuration.signing_secret'

/**
 * The partners' callback destinations, one per partner and notification type. The signing secrets
 * are stored through the secret box: sealed under SANDBOX_SECRETS_KEY when it is set (and those
 * stored in clear before are sealed when the repository is made), opened on every read.
 * @throws ConfigError at creation when stored secrets are sealed and the box cannot open them.
 */
export function createCallbackConfigurationRepository(db: Db, secrets: SecretBox) {
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

  const stored = db.prepare('SELECT partner_unique_id AS partnerUniqueID, notification_type_id AS notificationTypeId, signing_secret AS signingSecret FROM callback_configuration')
  const setSecret = db.prepare(
    'UPDATE callback_configuration SET signing_secret = @signingSecret WHERE partner_unique_id = @partnerUniqueID AND notification_type_id = @notificationTypeId',
  )
  const opened = (row: CallbackConfiguration | undefined) => row && { ...row, signingSecret: secrets.open(row.signingSecret, PURPOSE) }

  const rows = stored.all() as Array<Pick<CallbackConfiguration, 'partnerUniqueID' | 'notificationTypeId' | 'signingSecret'>>
  // Opening one proves the key (or its absence) right before the sandbox answers anything.
  for (const row of rows.filter((r) => secrets.isSealed(r.signingSecret)).slice(0, 1)) secrets.open(row.signingSecret, PURPOSE)
  const clear = secrets.sealing ? rows.filter((r) => !secrets.isSealed(r.signingSecret)) : []
  if (clear.length > 0) {
    rewriteSecrets(db, () => {
      for (const row of clear) setSecret.run({ ...row, signingSecret: secrets.seal(row.signingSecret, PURPOSE) })
      return clear.length
    })
  }

  return {
    find: (partnerUniqueID: string, notificationTypeId: number) => opened(find.get(partnerUniqueID, notificationTypeId) as CallbackConfiguration | undefined),
    list: (partnerUniqueID: string) => (list.all(partnerUniqueID) as CallbackConfiguration[]).map((row) => opened(row)!),
    insert(row: { partnerUniqueID: string; notificationTypeId: number; callbackUrl: string; signingSecret: string; now: string }) {
      insert.run({ ...row, signingSecret: secrets.seal(row.signingSecret, PURPOSE) })
    },
    updateUrl(row: { partnerUniqueID: string; notificationTypeId: number; callbackUrl: string; now: string }) {
      update.run(row)
    },
    remove: (partnerUniqueID: string, notificationTypeId: number): boolean => remove.run(partnerUniqueID, notificationTypeId).changes > 0,
    removeOfPartner: (partnerUniqueID: string): number => removeOfPartner.run(partnerUniqueID).changes,
    disable: (row: { partnerUniqueID: string; notificationTypeId: number; callbackUrl: string; reason: string; now: string }): boolean => disable.run(row).changes > 0,
  }
}

export type CallbackConfigurationRepository = ReturnType<typeof createCallbackConfigurationRepository>
