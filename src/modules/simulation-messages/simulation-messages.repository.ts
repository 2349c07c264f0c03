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

const COLUMNS = `m.message_id AS messageId, m.message_unique_id AS messageUniqueId, m.origin, m.user_id AS userId,
  u.name AS userName, m.message_text AS messageText, m.created_at AS createdAt`

/** SQL of the simulation messages, prepared once; newest first by (created_at, message_id). */
export function createSimulationMessageRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO simulation_message
    (message_unique_id, simulation_unique_id, origin, user_id, message_text, created_at)
    VALUES (@messageUniqueId, @simulationUniqueId, @origin, @userId, @messageText, @createdAt)`)
  const count = db.prepare('SELECT COUNT(*) FROM simulation_message WHERE simulation_unique_id = ?').pluck()
  const position = db.prepare(`SELECT created_at AS createdAt, message_id AS messageId FROM simulation_message
    WHERE message_unique_id = ? AND simulation_unique_id = ?`)
  const from = `FROM simulation_message m LEFT JOIN app_user u ON u.user_id = m.user_id WHERE m.simulation_unique_id = @simulationUniqueId`
  const pages = {
    first: db.prepare(`SELECT ${COLUMNS} ${from} ORDER BY m.created_at DESC, m.message_id DESC LIMIT @limit`),
    next: db.prepare(`SELECT ${COLUMNS} ${from} AND (m.created_at, m.message_id) < (@createdAt, @messageId)
      ORDER BY m.created_at DESC, m.message_id DESC LIMIT @limit`),
    previous: db.prepare(`SELECT ${COLUMNS} ${from} AND (m.created_at, m.message_id) > (@createdAt, @messageId)
      ORDER BY m.created_at ASC, m.message_id ASC LIMIT @limit`),
  }
  return {
    insert: (message: { messageUniqueId: string; simulationUniqueId: string; origin: 'BROKER' | 'BANK'; userId: number | null; messageText: string; createdAt: number }) =>
      void insert.run(message),
    count: (simulationUniqueId: string) => count.get(simulationUniqueId) as number,
    positionOf: (messageUniqueId: string, simulationUniqueId: string) =>
      position.get(messageUniqueId, simulationUniqueId) as { createdAt: number; messageId: number } | undefined,
    /** Up to `limit` messages, newest first, after (next) or before (previous) the cursor. */
    page(simulationUniqueId: string, cursor: MessageCursor, limit: number): MessageRow[] {
      const rows = pages[cursor.kind].all({ simulationUniqueId, limit, ...(cursor.kind === 'first' ? {} : cursor) }) as MessageRow[]
      return cursor.kind === 'previous' ? rows.reverse() : rows
    },
  }
}

export type SimulationMessageRepository = ReturnType<typeof createSimulationMessageRepository>
