import type { Db } from '../../db/connection.ts'
import type { RelayStatus } from './mailbox.repository.ts'

export interface MailRow {
  mailboxMessageId: string
  createdAt: number
  from: string
  to: string
  subject: string
  text: string
  simulationUniqueId: string | null
  processUniqueId: string | null
  relayStatus: RelayStatus
  relayError: string | null
}

export interface AttachmentInfo {
  mailboxMessageId: string
  position: number
  filename: string
  contentType: string
  size: number
}

export type MailCursor = { kind: 'first' } | { kind: 'next' | 'previous'; createdAt: number; rowid: number }

const COLUMNS = `mailbox_message_id AS mailboxMessageId, created_at AS createdAt, from_address AS "from", to_address AS "to",
  subject, body_text AS text, simulation_unique_id AS simulationUniqueId, process_unique_id AS processUniqueId,
  relay_status AS relayStatus, relay_error AS relayError`
const FROM = 'FROM mailbox_message WHERE partner_unique_id = @partnerUniqueID'

/** The captured mailbox as the partner reads it: newest first, keyset paged by (created_at, rowid). */
export function createSandboxMailboxRepository(db: Db) {
  const count = db.prepare('SELECT COUNT(*) FROM mailbox_message WHERE partner_unique_id = ?').pluck()
  const position = db.prepare('SELECT created_at AS createdAt, rowid FROM mailbox_message WHERE mailbox_message_id = ? AND partner_unique_id = ?')
  const pages = {
    first: db.prepare(`SELECT ${COLUMNS} ${FROM} ORDER BY created_at DESC, rowid DESC LIMIT @limit`),
    next: db.prepare(`SELECT ${COLUMNS} ${FROM} AND (created_at, rowid) < (@createdAt, @rowid) ORDER BY created_at DESC, rowid DESC LIMIT @limit`),
    previous: db.prepare(`SELECT ${COLUMNS} ${FROM} AND (created_at, rowid) > (@createdAt, @rowid) ORDER BY created_at ASC, rowid ASC LIMIT @limit`),
  }
  const attachments = db.prepare(`SELECT mailbox_message_id AS mailboxMessageId, position, filename, content_type AS contentType,
    length(content) AS size FROM mailbox_attachment WHERE mailbox_message_id IN (SELECT value FROM json_each(?))
    ORDER BY mailbox_message_id, position`)
  const attachment = db.prepare(`SELECT a.filename, a.content_type AS contentType, a.content FROM mailbox_attachment a
    JOIN mailbox_message m ON m.mailbox_message_id = a.mailbox_message_id
    WHERE a.mailbox_message_id = ? AND m.partner_unique_id = ? AND a.position = ?`)

  return {
    count: (partnerUniqueID: string) => count.get(partnerUniqueID) as number,
    positionOf: (mailboxMessageId: string, partnerUniqueID: string) =>
      position.get(mailboxMessageId, partnerUniqueID) as { createdAt: number; rowid: number } | undefined,
    /** Up to `limit` messages in display order (newest first), after (next) or before (previous) the cursor. */
    page(partnerUniqueID: string, cursor: MailCursor, limit: number): MailRow[] {
      const rows = pages[cursor.kind].all({ partnerUniqueID, limit, ...(cursor.kind === 'first' ? {} : cursor) }) as MailRow[]
      return cursor.kind === 'previous' ? rows.reverse() : rows
    },
    /** The attachments of the messages, without their bytes. */
    attachmentsOf: (mailboxMessageIds: string[]) => attachments.all(JSON.stringify(mailboxMessageIds)) as AttachmentInfo[],
    attachment: (mailboxMessageId: string, partnerUniqueID: string, index: number) =>
      attachment.get(mailboxMessageId, partnerUniqueID, index) as { filename: string; contentType: string; content: Buffer } | undefined,
  }
}

export type SandboxMailboxRepository = ReturnType<typeof createSandboxMailboxRepository>
