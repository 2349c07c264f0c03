import type { Db } from '../../db/connection.ts'

export type RecipientStatus = 'pending' | 'verified'

export interface MailRecipient {
  recipientId: string
  partnerUniqueID: string
  email: string
  status: RecipientStatus
  createdAt: string
  verifiedAt: string | null
}

/** A recipient with what its verification needs: the code's hash, its expiry, the wrong tries so far. */
export interface PendingCode {
  codeHash: string | null
  codeExpiresAt: string | null
  failedAttempts: number
}

const COLUMNS = `recipient_id AS recipientId, partner_unique_id AS partnerUniqueID, email, status, created_at AS createdAt, verified_at AS verifiedAt`

/** The addresses each partner may have its e-mails relayed to (mail_recipient, migration 015). */
export function createMailRecipientRepository(db: Db) {
  // A second request for the same address (sent together, say) gives the pending recipient a new code.
  const upsert = db.prepare(`INSERT INTO mail_recipient (recipient_id, partner_unique_id, email, email_key, status, code_hash, code_expires_at, created_at)
    VALUES (@recipientId, @partnerUniqueID, @email, @emailKey, 'pending', @codeHash, @codeExpiresAt, @createdAt)
    ON CONFLICT (partner_unique_id, email_key) DO UPDATE SET code_hash = excluded.code_hash, code_expires_at = excluded.code_expires_at,
      failed_attempts = 0 WHERE status = 'pending'`)
  const failed = db.prepare('UPDATE mail_recipient SET failed_attempts = failed_attempts + 1 WHERE recipient_id = ?')
  const verify = db.prepare(`UPDATE mail_recipient SET status = 'verified', verified_at = ?, code_hash = NULL, code_expires_at = NULL
    WHERE recipient_id = ?`)
  const byId = db.prepare(`SELECT ${COLUMNS} FROM mail_recipient WHERE recipient_id = ? AND partner_unique_id = ?`)
  const byAddress = db.prepare(`SELECT ${COLUMNS} FROM mail_recipient WHERE partner_unique_id = ? AND email_key = ?`)
  const code = db.prepare('SELECT code_hash AS codeHash, code_expires_at AS codeExpiresAt, failed_attempts AS failedAttempts FROM mail_recipient WHERE recipient_id = ?')
  const ofPartner = db.prepare(`SELECT ${COLUMNS} FROM mail_recipient WHERE partner_unique_id = ? ORDER BY created_at, rowid`)
  const count = db.prepare('SELECT COUNT(*) FROM mail_recipient WHERE partner_unique_id = ?').pluck()
  const verified = db.prepare("SELECT 1 FROM mail_recipient WHERE partner_unique_id = ? AND email_key = ? AND status = 'verified'").pluck()
  const remove = db.prepare('DELETE FROM mail_recipient WHERE recipient_id = ? AND partner_unique_id = ?')

  return {
    /** A new pending recipient, or a new code for the pending one of that address (a verified one is left as it is). */
    upsert: (row: Omit<MailRecipient, 'status' | 'verifiedAt'> & { emailKey: string; codeHash: string; codeExpiresAt: string }) => void upsert.run(row),
    failedAttempt: (recipientId: string) => void failed.run(recipientId),
    markVerified: (recipientId: string, at: string) => void verify.run(at, recipientId),
    find: (partnerUniqueID: string, recipientId: string) => byId.get(recipientId, partnerUniqueID) as MailRecipient | undefined,
    findByAddress: (partnerUniqueID: string, emailKey: string) => byAddress.get(partnerUniqueID, emailKey) as MailRecipient | undefined,
    codeOf: (recipientId: string) => code.get(recipientId) as PendingCode | undefined,
    list: (partnerUniqueID: string) => ofPartner.all(partnerUniqueID) as MailRecipient[],
    count: (partnerUniqueID: string) => count.get(partnerUniqueID) as number,
    isVerified: (partnerUniqueID: string, emailKey: string) => verified.get(partnerUniqueID, emailKey) !== undefined,
    remove: (partnerUniqueID: string, recipientId: string) => remove.run(recipientId, partnerUniqueID).changes > 0,
  }
}

export type MailRecipientRepository = ReturnType<typeof createMailRecipientRepository>
