import type { Db } from '../../db/connection.ts'
import type { MessageCursor, MessageRow } from '../simulation-messages/simulation-messages.repository.ts'

const COLUMNS = `m.message_id AS messageId, m.message_unique_id AS messageUniqueId, m.origin, m.user_id AS userId,
  u.name AS userName, m.message_text AS messageText, m.created_at AS createdAt`

export interface NewProcessMessage {
  messageUniqueId: string
  processUniqueId: string
  origin: 'BROKER' | 'BANK'
  userId: number | null
  messageText: string
  createdAt: number
}

/** SQL of the process messages, the same rows and order as the simulation messages: newest first by (created_at, message_id). */
export function createProcessMessageRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO process_message (message_unique_id, process_unique_id, origin, user_id, message_text, created_at)
    VALUES (@messageUniqueId, @processUniqueId, @origin, @userId, @messageText, @createdAt)`)
  const count = db.prepare('SELECT COUNT(*) FROM process_message WHERE process_unique_id = ?').pluck()
  const position = db.prepare(`SELECT created_at AS createdAt, message_id AS messageId FROM process_message
    WHERE message_unique_id = ? AND process_unique_id = ?`)
  const from = `FROM process_message m LEFT JOIN app_user u ON u.user_id = m.user_id WHERE m.process_unique_id = @processUniqueId`
  const pages = {
    first: db.prepare(`SELECT ${COLUMNS} ${from} ORDER BY m.created_at DESC, m.message_id DESC LIMIT @limit`),
    next: db.prepare(`SELECT ${COLUMNS} ${from} AND (m.created_at, m.message_id) < (@createdAt, @messageId)
      ORDER BY m.created_at DESC, m.message_id DESC LIMIT @limit`),
    previous: db.prepare(`SELECT ${COLUMNS} ${from} AND (m.created_at, m.message_id) > (@createdAt, @messageId)
      ORDER BY m.created_at ASC, m.message_id ASC LIMIT @limit`),
  }
  return {
    insert: (message: NewProcessMessage) => void insert.run(message),
    count: (processUniqueId: string) => count.get(processUniqueId) as number,
    positionOf: (messageUniqueId: string, processUniqueId: string) =>
      position.get(messageUniqueId, processUniqueId) as { createdAt: number; messageId: number } | undefined,
    page(processUniqueId: string, cursor: MessageCursor, limit: number): MessageRow[] {
      const rows = pages[cursor.kind].all({ processUniqueId, limit, ...(cursor.kind === 'first' ? {} : cursor) }) as MessageRow[]
      return cursor.kind === 'previous' ? rows.reverse() : rows
    },
  }
}

export type ProcessMessageRepository = ReturnType<typeof createProcessMessageRepository>
