import type { Db } from './connection.ts'
import { perConnection } from './per-connection.ts'
import { onRollback } from './rollbacks.ts'

/** Called with the key of a row updated or deleted, or null when every row must be assumed changed. */
export type RowWriteListener = (key: string | null) => void

const FUNCTION_NAME = 'sandbox_row_written'
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/

/** table → listeners of one connection, with the SQL function its triggers call. */
const listenersOf = perConnection((db) => {
  const byTable = new Map<string, Set<RowWriteListener>>()
  db.function(FUNCTION_NAME, { deterministic: false }, (table: unknown, key: unknown) => {
    for (const listener of byTable.get(String(table)) ?? []) listener(key === null ? null : String(key))
    return null
  })
  // A rolled-back batch may have undone writes the listeners were told of after their caches read them.
  onRollback(db, () => forgetAllRowWrites(db))
  return byTable
})

/**
 * Tells an in-memory cache which rows of a table change, from SQLite itself: temporary triggers of
 * this connection call `listener` on every UPDATE and DELETE of the table, whichever code made it
 * (a service, the sandbox control API, a scenario job, a reset, a foreign-key cascade). Inserts are
 * not reported: a cache holds only rows that existed when it read them.
 *
 * Assumes what the sandbox guarantees: one connection writes (the checkpointer only checkpoints),
 * and a rolled-back write either happened inside one synchronous transaction, before any read could
 * see it, or was a failed group commit, whose rollback event (db/rollbacks.ts) calls every listener with null.
 * @returns the function that stops the listener.
 */
export function watchRowWrites(db: Db, table: string, keyColumn: string, listener: RowWriteListener): () => void {
  if (!IDENTIFIER.test(table) || !IDENTIFIER.test(keyColumn)) throw new Error(`not a plain identifier: ${table}.${keyColumn}`)
  const byTable = listenersOf(db)
  let listeners = byTable.get(table)
  if (!listeners) {
    listeners = new Set()
    byTable.set(table, listeners)
    for (const event of ['UPDATE', 'DELETE']) {
      db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS ${table}_${event.toLowerCase()}_watch AFTER ${event} ON main.${table}
        BEGIN SELECT ${FUNCTION_NAME}('${table}', old.${keyColumn}); END`)
    }
  }
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Every listener of the connection forgets everything: writes it may have seen were rolled back. */
export function forgetAllRowWrites(db: Db): void {
  for (const listeners of listenersOf(db).values()) for (const listener of listeners) listener(null)
}
