import type { Db } from '../../../db/connection.ts'
import type { KeysetCursor } from '../../../common/pagination.ts'

export interface MessageRow {
  messageId: number
  messageUniqueId: string
  origin: 'BROKER' | 'BANK'
  userId: number | null
  userName: string | null
  messageText: string
  createdAt: number
}

export interface MessagePosition {
  createdAt: number
  messageId: number
}

export interface NewMessage {
  messageUniqueId: string
  origin: 'BROKER' | 'BANK'
  userId: number | null
  messageText: string
  createdAt: number
}

/** The two message threads: same columns and order, one table each (migrations 002 and 003), each hanging off its simulation or process. */
const THREADS = {
  simulation: { table: 'simulation_message', owner: 'simulation_unique_id', owners: 'simulation' },
  process: { table: 'process_message', owner: 'process_unique_id', owners: 'process' },
} as const

export type Thread = keyof typeof THREADS

const COLUMNS = `m.message_id AS messageId, m.message_unique_id AS messageUniqueId, m.origin, m.user_id AS userId,
  u.name AS userName, m.message_text AS messageText, m.created_at AS createdAt`

/**
 * SQL of a message thread (of simulations or of processes), prepared once; newest first by
 * (created_at, message_id), read by keyset.
 */
export function createMessageRepository(db: Db, thread: Thread) {
  const { table, owner, owners } = THREADS[thread]
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
  // The thread's messages follow their simulation or process by foreign key: its partner is theirs.
  const removeOfPartner = db.prepare(`DELETE FROM ${table} WHERE ${owner} IN (SELECT ${owner} FROM ${owners} WHERE partner_unique_id = ?)`)
  return {
    insert: (ownerUniqueId: string, message: NewMessage) => void insert.run({ ...message, ownerUniqueId }),
    count: (ownerUniqueId: string) => count.get(ownerUniqueId) as number,
    positionOf: (messageUniqueId: string, ownerUniqueId: string) => position.get(messageUniqueId, ownerUniqueId) as MessagePosition | undefined,
    /** Up to `limit` messages, newest first, after (next) or before (previous) the cursor. */
    page(ownerUniqueId: string, cursor: KeysetCursor<MessagePosition>, limit: number): MessageRow[] {
      const rows = pages[cursor.kind].all({ ownerUniqueId, limit, ...(cursor.kind === 'first' ? {} : cursor) }) as MessageRow[]
      return cursor.kind === 'previous' ? rows.reverse() : rows
    },
    /** Deletes the thread's messages of every simulation or process of the partner; returns how many. */
    removeOfPartner: (partnerUniqueID: string): number => removeOfPartner.run(partnerUniqueID).changes,
  }
}

export type MessageRepository = ReturnType<typeof createMessageRepository>
