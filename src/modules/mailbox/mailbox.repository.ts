import type { Db } from '../../db/connection.ts'

export type RelayStatus = 'captured' | 'relayed' | 'failed'

export interface MailAttachment {
  filename: string
  contentType: string
  content: Buffer
}

export interface MailboxMessage {
  mailboxMessageId: string
  partnerUniqueID: string
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

interface MessageRow extends Omit<MailboxMessage, 'createdAt' | 'attachments'> {
  createdAt: number
}

const COLUMNS = `mailbox_message_id AS mailboxMessageId, partner_unique_id AS partnerUniqueID, created_at AS createdAt,
  from_address AS "from", to_address AS "to", subject, body_text AS text, simulation_unique_id AS simulationUniqueId,
  process_unique_id AS processUniqueId, relay_status AS relayStatus, relay_error AS relayError, smtp_message_id AS smtpMessageId`

/** The captured mailbox (every e-mail the sandbox sends), statements prepared once. */
export function createMailboxRepository(db: Db) {
  const insertMessage = db.prepare(`INSERT INTO mailbox_message (mailbox_message_id, partner_unique_id, created_at,
    from_address, to_address, subject, body_text, simulation_unique_id, process_unique_id, relay_status)
    VALUES (@mailboxMessageId, @partnerUniqueID, @createdAt, @from, @to, @subject, @text, @simulationUniqueId,
    @processUniqueId, 'captured')`)
  const insertAttachment = db.prepare(`INSERT INTO mailbox_attachment (mailbox_message_id, position, filename, content_type, content)
    VALUES (?, ?, ?, ?, ?)`)
  const setRelay = db.prepare(`UPDATE mailbox_message SET relay_status = @status, relay_error = @error, smtp_message_id = @smtpMessageId
    WHERE mailbox_message_id = @mailboxMessageId`)
  const byId = db.prepare(`SELECT ${COLUMNS} FROM mailbox_message WHERE mailbox_message_id = ? AND partner_unique_id = ?`)
  const byPartner = db.prepare(`SELECT ${COLUMNS} FROM mailbox_message WHERE partner_unique_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?`)
  const attachmentsOf = db.prepare(`SELECT filename, content_type AS contentType, content FROM mailbox_attachment
    WHERE mailbox_message_id = ? ORDER BY position`)

  const withAttachments = (row: MessageRow): MailboxMessage => ({
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    attachments: attachmentsOf.all(row.mailboxMessageId) as MailAttachment[],
  })

  const capture = db.transaction((message: Omit<MailboxMessage, 'createdAt' | 'relayStatus' | 'relayError' | 'smtpMessageId'> & { createdAt: number }) => {
    insertMessage.run(message)
    message.attachments.forEach((a, position) => insertAttachment.run(message.mailboxMessageId, position, a.filename, a.contentType, a.content))
  })

  return {
    capture,
    setRelay: (mailboxMessageId: string, status: RelayStatus, error: string | null, smtpMessageId: string | null) =>
      void setRelay.run({ mailboxMessageId, status, error, smtpMessageId }),
    find: (mailboxMessageId: string, partnerUniqueID: string) => {
      const row = byId.get(mailboxMessageId, partnerUniqueID) as MessageRow | undefined
      return row ? withAttachments(row) : undefined
    },
    /** The partner's newest messages first. */
    listForPartner: (partnerUniqueID: string, limit = 100) => (byPartner.all(partnerUniqueID, limit) as MessageRow[]).map(withAttachments),
  }
}

export type MailboxRepository = ReturnType<typeof createMailboxRepository>
