import { inBrokerScope, scopeParams, type BrokerScope } from '../../db/broker-scope.ts'
import type { Db } from '../../db/connection.ts'
import type { KeysetCursor } from '../../common/pagination.ts'

/**
 * captured: kept in the mailbox only (no SMTP relay); relayed: also accepted by the SMTP server;
 * failed: the relay failed; withheld: a relay is configured, but the address is not one the partner
 * verified (its contact address included), so the mail was kept in the mailbox only.
 */
export type RelayStatus = 'captured' | 'relayed' | 'failed' | 'withheld'

export interface MailAttachment {
  filename: string
  contentType: string
  content: Buffer
}

export interface MailboxMessage {
  mailboxMessageId: string
  partnerUniqueID: string
  /** Null: the partner's own, read by its administrators only. */
  brokerId: number | null
  createdAt: string
  from: string
  to: string
  subject: string
  text: string
  simulationUniqueId: string | null
  processUniqueId: string | null
  relayStatus: RelayStatus
  relayError: string | null
  smtpMessageId: string | null
  attachments: MailAttachment[]
}

/** A captured e-mail as the partner's mailbox lists it: without its attachments, its time in epoch ms. */
export type MailRow = Omit<MailboxMessage, 'partnerUniqueID' | 'brokerId' | 'createdAt' | 'smtpMessageId' | 'attachments'> & { createdAt: number }

export interface AttachmentInfo {
  mailboxMessageId: string
  position: number
  filename: string
  contentType: string
  size: number
}

export interface MailPosition {
  createdAt: number
  rowid: number
}

export type NewMail = Omit<MailboxMessage, 'createdAt' | 'relayStatus' | 'relayError' | 'smtpMessageId'> & { createdAt: number; withheld: boolean }

/** The mails a partner sent on one day (the machine's UTC date), verifications among them. */
export interface MailDay {
  mails: number
  verifications: number
}

// Withheld is stored beside the status (migration 015), which keeps its first three values.
const RELAY_STATUS = `CASE WHEN relay_withheld = 1 THEN 'withheld' ELSE relay_status END AS relayStatus`

const COLUMNS = `mailbox_message_id AS mailboxMessageId, partner_unique_id AS partnerUniqueID, broker_id AS brokerId, created_at AS createdAt,
  from_address AS "from", to_address AS "to", subject, body_text AS text, simulation_unique_id AS simulationUniqueId,
  process_unique_id AS processUniqueId, ${RELAY_STATUS}, relay_error AS relayError, smtp_message_id AS smtpMessageId`
const LIST_COLUMNS = `mailbox_message_id AS mailboxMessageId, created_at AS createdAt, from_address AS "from", to_address AS "to",
  subject, body_text AS text, simulation_unique_id AS simulationUniqueId, process_unique_id AS processUniqueId,
  ${RELAY_STATUS}, relay_error AS relayError`
const IN_SCOPE = `FROM mailbox_message WHERE ${inBrokerScope()}`

/** Every e-mail the sandbox sent (mailbox_message, mailbox_attachment), newest first, keyset paged by (created_at, rowid). */
export function createMailboxRepository(db: Db) {
  const insertMessage = db.prepare(`INSERT INTO mailbox_message (mailbox_message_id, partner_unique_id, broker_id, created_at,
    from_address, to_address, subject, body_text, simulation_unique_id, process_unique_id, relay_status, relay_withheld)
    VALUES (@mailboxMessageId, @partnerUniqueID, @brokerId, @createdAt, @from, @to, @subject, @text, @simulationUniqueId,
    @processUniqueId, 'captured', @withheld)`)
  const dayOf = db.prepare('SELECT mails, verifications FROM partner_mail_day WHERE partner_unique_id = ? AND day = ?')
  const countDay = db.prepare(`INSERT INTO partner_mail_day (partner_unique_id, day, mails, verifications) VALUES (@partnerUniqueID, @day, 1, @verification)
    ON CONFLICT (partner_unique_id) DO UPDATE SET
      mails = CASE WHEN day = excluded.day THEN mails + 1 ELSE 1 END,
      verifications = CASE WHEN day = excluded.day THEN verifications + excluded.verifications ELSE excluded.verifications END,
      day = excluded.day`)
  const verificationsTo = db.prepare('SELECT verifications FROM mail_address_day WHERE email_key = ? AND day = ?').pluck()
  const countAddress = db.prepare(`INSERT INTO mail_address_day (email_key, day, verifications) VALUES (@emailKey, @day, 1)
    ON CONFLICT (email_key) DO UPDATE SET
      verifications = CASE WHEN day = excluded.day THEN verifications + 1 ELSE 1 END,
      day = excluded.day`)
  const forgetEarlierDays = db.prepare('DELETE FROM mail_address_day WHERE day < ?')
  const insertAttachment = db.prepare(`INSERT INTO mailbox_attachment (mailbox_message_id, position, filename, content_type, content)
    VALUES (?, ?, ?, ?, ?)`)
  const setRelay = db.prepare(`UPDATE mailbox_message SET relay_status = @status, relay_error = @error, smtp_message_id = @smtpMessageId
    WHERE mailbox_message_id = @mailboxMessageId`)
  const byId = db.prepare(`SELECT ${COLUMNS} ${IN_SCOPE} AND mailbox_message_id = @mailboxMessageId`)
  const attachmentsOf = db.prepare(`SELECT filename, content_type AS contentType, content FROM mailbox_attachment
    WHERE mailbox_message_id = ? ORDER BY position`)
  const count = db.prepare(`SELECT COUNT(*) ${IN_SCOPE}`).pluck()
  const position = db.prepare(`SELECT created_at AS createdAt, rowid ${IN_SCOPE} AND mailbox_message_id = @mailboxMessageId`)
  const pages = {
    first: db.prepare(`SELECT ${LIST_COLUMNS} ${IN_SCOPE} ORDER BY created_at DESC, rowid DESC LIMIT @limit`),
    next: db.prepare(`SELECT ${LIST_COLUMNS} ${IN_SCOPE} AND (created_at, rowid) < (@createdAt, @rowid) ORDER BY created_at DESC, rowid DESC LIMIT @limit`),
    previous: db.prepare(`SELECT ${LIST_COLUMNS} ${IN_SCOPE} AND (created_at, rowid) > (@createdAt, @rowid) ORDER BY created_at ASC, rowid ASC LIMIT @limit`),
  }
  const attachmentInfos = db.prepare(`SELECT mailbox_message_id AS mailboxMessageId, position, filename, content_type AS contentType,
    length(content) AS size FROM mailbox_attachment WHERE mailbox_message_id IN (SELECT value FROM json_each(?))
    ORDER BY mailbox_message_id, position`)
  const attachment = db.prepare(`SELECT a.filename, a.content_type AS contentType, a.content FROM mailbox_attachment a
    JOIN mailbox_message m ON m.mailbox_message_id = a.mailbox_message_id
    WHERE a.mailbox_message_id = @mailboxMessageId AND ${inBrokerScope('m.')} AND a.position = @position`)
  const removeOfPartner = db.prepare('DELETE FROM mailbox_message WHERE partner_unique_id = ?')
  const removeOlder = db.prepare(`DELETE FROM mailbox_message WHERE rowid IN (SELECT rowid FROM mailbox_message
    WHERE created_at < @cutoff ORDER BY rowid LIMIT @limit)`)

  return {
    /**
     * Keeps the mail and counts it on the partner's `day`, in one transaction; a verification mail
     * also on its address's (`verificationTo`, the address's key).
     */
    capture: db.transaction((message: NewMail, day: string, verificationTo: string | null) => {
      insertMessage.run({ ...message, withheld: message.withheld ? 1 : 0 })
      countDay.run({ partnerUniqueID: message.partnerUniqueID, day, verification: verificationTo === null ? 0 : 1 })
      if (verificationTo !== null) {
        forgetEarlierDays.run(day)
        countAddress.run({ emailKey: verificationTo, day })
      }
      message.attachments.forEach((a, index) => insertAttachment.run(message.mailboxMessageId, index, a.filename, a.contentType, a.content))
    }),
    setRelay: (mailboxMessageId: string, status: RelayStatus, error: string | null, smtpMessageId: string | null) =>
      void setRelay.run({ mailboxMessageId, status, error, smtpMessageId }),
    /** One captured e-mail the scope sees, with its attachments. */
    find(mailboxMessageId: string, scope: BrokerScope): MailboxMessage | undefined {
      const row = byId.get({ mailboxMessageId, ...scopeParams(scope) }) as (Omit<MailboxMessage, 'createdAt' | 'attachments'> & { createdAt: number }) | undefined
      if (!row) return undefined
      return { ...row, createdAt: new Date(row.createdAt).toISOString(), attachments: attachmentsOf.all(row.mailboxMessageId) as MailAttachment[] }
    },
    count: (scope: BrokerScope) => count.get(scopeParams(scope)) as number,
    /** The verification mails every partner sent to the address (its key) on `day`. */
    verificationsTo: (emailKey: string, day: string): number => (verificationsTo.get(emailKey, day) as number | undefined) ?? 0,
    /** What the partner sent on `day` (YYYY-MM-DD, UTC). */
    dayOf: (partnerUniqueID: string, day: string): MailDay => (dayOf.get(partnerUniqueID, day) as MailDay | undefined) ?? { mails: 0, verifications: 0 },
    positionOf: (mailboxMessageId: string, scope: BrokerScope) => position.get({ mailboxMessageId, ...scopeParams(scope) }) as MailPosition | undefined,
    /** Up to `limit` messages the scope sees in display order (newest first), after (next) or before (previous) the cursor. */
    page(scope: BrokerScope, cursor: KeysetCursor<MailPosition>, limit: number): MailRow[] {
      const rows = pages[cursor.kind].all({ ...scopeParams(scope), limit, ...(cursor.kind === 'first' ? {} : cursor) }) as MailRow[]
      return cursor.kind === 'previous' ? rows.reverse() : rows
    },
    /** The attachments of the messages, without their bytes. */
    attachmentsOf: (mailboxMessageIds: string[]) => attachmentInfos.all(JSON.stringify(mailboxMessageIds)) as AttachmentInfo[],
    attachment: (mailboxMessageId: string, scope: BrokerScope, position: number) =>
      attachment.get({ mailboxMessageId, position, ...scopeParams(scope) }) as { filename: string; contentType: string; content: Buffer } | undefined,
    /** Deletes every e-mail of the partner (their attachments cascade); returns how many. */
    removeOfPartner: (partnerUniqueID: string): number => removeOfPartner.run(partnerUniqueID).changes,
    /** Deletes up to `limit` e-mails captured before `cutoff` (epoch ms), oldest first. */
    removeOlderThan: (cutoff: number, limit: number): number => removeOlder.run({ cutoff, limit }).changes,
  }
}

export type MailboxRepository = ReturnType<typeof createMailboxRepository>
