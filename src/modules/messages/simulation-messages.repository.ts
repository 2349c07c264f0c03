import type { Db } from '../../db/connection.ts'

export interface MessageRow {
  messageId: number
  messageUniqueId: string
  origin: 'BROKER' | 'BANK'
  userId: number | null
  userName: string | null
  messageText: string
  createdAt: number
}

export type MessageCursor = { kind: 'first' } | { kind: 'next' | 'previous'; createdAt: number; messageId: number }

export interface NewMessage {
  messageUniqueId: string
  origin: 'BROKER' | 'BANK'
  userId: number | null
  messageText: string
  createdAt: number
}

/** The two message threads: same columns and order, one table each (migrations 002 and 003). */
const THREADS = {
  simulation: { table: 'simulation_message', owner: 'simulation_unique_id' },
  process: { table: 'process_message', owner: 'process_unique_id' },
} as const

const COLUMNS = `m.message_id AS messageId, m.message_unique_id AS messageUniqueId, m.origin, m.user_id AS userId,
  u.name AS userName, m.message_text AS messageText, m.created_at AS createdAt`

/**
 * SQL of a message thread (of simulations or of processes), prepared once; newest first by
 * (created_at, message_id), read by keyset.
 */
export function createMessageRepository(db: Db, thread: keyof typeof THREADS) {
  const { table, owner } = THREADS[thread]
  const insert = db.prepare(`INSERT INTO ${table} (message_unique_id, ${owner}, origin, user_id, message_text, created_at)
    VALUES (@messageUniqueId, @ownerUniqueId, @origin, @userId, @messageText, @createdAt)`)
  const count = db.prepare(`SELECT COUNT(*) FROM ${table} WHERE ${owner} = ?`).pluck()
  const position = db.prepare(`SELECT created_at AS createdAt, message_id AS messageId FROM ${table}
    WHERE message_unique_id = ? AND ${owner} = ?`)
  const from = `FROM ${table} m LEFT JOIN app_user u ON u.user_id = m.user_id WHERE m.${owner} = @ownerUniqueId`
  const pages = {
    first: db.prepare(`SELECT ${COLUMNS} ${from} ORDER BY m.created_at DESC, m.message_id DESC LIMIT @limit`),
    next: db.prepare(`SELECT ${COLUMNS} ${from} AND (m.created_at, m.message_id) < (@createdAt, @messageId)
      ORDER BY m.created_at DESC, m.message_id DESC LIMIT @limit`),
    previous: db.prepare(`SELECT ${COLUMNS} ${from} AND (m.created_at, m.message_id) > (@createdAt, @messageId)
      ORDER BY m.created_at ASC, m.message_id ASC LIMIT @limit`),
  }
  return {
    insert: (ownerUniqueId: string, message: NewMessage) => void insert.run({ ...message, ownerUniqueId }),
    count: (ownerUniqueId: string) => count.get(ownerUniqueId) as number,
    positionOf: (messageUniqueId: string, ownerUniqueId: string) =>
      position.get(messageUniqueId, ownerUniqueId) as { createdAt: number; messageId: number } | undefined,
    /** Up to `limit` messages, newest first, after (next) or before (previous) the cursor. */
    page(ownerUniqueId: string, cursor: MessageCursor, limit: number): MessageRow[] {
      const rows = pages[cursor.kind].all({ ownerUniqueId, limit, ...(cursor.kind === 'first' ? {} : cursor) }) as MessageRow[]
      return cursor.kind === 'previous' ? rows.reverse() : rows
    },
  }
}

export type MessageRepository = ReturnType<typeof createMessageRepository>
