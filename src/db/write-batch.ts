import type { Db } from './connection.ts'
import { announceRollback } from './rollbacks.ts'

/**
 * What a service uses to write: a transaction that is its own unit of work, and work to do once per
 * write batch. Services never call `db.transaction()` themselves, so the batching below stays one
 * mechanism in one file (docs/architecture.md "The write batch").
 */
export interface Transactions {
  /**
   * Wraps `fn` so each call is atomic: a savepoint inside the open write batch (a failing request
   * undoes its own writes and no one else's), or a transaction of its own when no batch is open
   * (scenario jobs, fixtures, workers). Synchronous, like every better-sqlite3 transaction.
   */
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R
  /**
   * Runs `task` once the batch's writes are done, just before it commits and outside every request's
   * savepoint, or at once when no batch is open. A later task with the same key replaces an earlier one.
   * The task must read what it writes from the database as it then stands: a request's savepoint may
   * have been rolled back meanwhile.
   */
  beforeCommit(key: string, task: () => void): void
}

/** The write batch as the HTTP layer drives it: mutating requests open it and wait for its commit. */
export interface WriteBatch extends Transactions {
  /** Opens a batch, if none is open, that commits once this turn of the event loop is done. */
  begin(): void
  /** Resolves once what was written so far is stored (at once when no batch is open). */
  settled(): Promise<void>
}

/**
 * Group commit for the one database connection. Mutating requests write inside one open
 * transaction that commits at the end of the event-loop turn, and each answer waits for that commit:
 * the client is never told of a change that is not stored, and concurrent writes share one commit.
 * A commit writes every page it touched to the WAL, so fifty creates in one commit write the shared
 * index, full-text and counter pages once instead of fifty times.
 *
 * Work deferred with `beforeCommit` runs once per batch instead of once per request: the full-text
 * index (FTS5) writes its pending entries as a new segment at every savepoint, so the simulation
 * words go in once, at the end, in one segment.
 */
export function createWriteBatch(db: Db, onCommitError: (error: unknown) => void): WriteBatch {
  let open: { committed: Promise<void> } | undefined
  // A new map for each batch, not one cleared: V8's clear() links the old table to its new one, and
  // once an old table has reached the old generation that link keeps every later table, and the
  // tasks each held, alive through the minor collections (docs/decisions/0105-what-the-minor-collections-keep.md).
  let deferred = new Map<string, () => void>()

  function commit(resolve: () => void, reject: (error: unknown) => void) {
    open = undefined
    try {
      // Nothing in the sandbox ends the batch but this function: if it is gone, SQLite rolled it back
      // itself after a failed write (disk full, I/O error), and every write of the batch was lost.
      if (!db.inTransaction) throw new Error('the write batch was rolled back by SQLite after a failed write')
      const tasks = [...deferred.values()]
      deferred = new Map()
      for (const task of tasks) task()
      db.exec('COMMIT')
      resolve()
    } catch (error) {
      onCommitError(error)
      deferred = new Map()
      try {
        if (db.inTransaction) db.exec('ROLLBACK')
      } catch {
        // the connection is closed or broken: nothing left to undo
      }
      // Reads between the writes and this rollback may have filled caches with what is now undone:
      // one event, every cache that mirrors rows subscribes to it (db/rollbacks.ts).
      try {
        announceRollback(db)
      } finally {
        reject(error)
      }
    }
  }

  return {
    transaction: (fn) => db.transaction(fn),
    beforeCommit(key, task) {
      if (open) deferred.set(key, task)
      else task()
    },
    begin() {
      if (open || db.inTransaction || !db.open) return
      db.exec('BEGIN IMMEDIATE')
      let settle!: [() => void, (error: unknown) => void]
      const committed = new Promise<void>((resolve, reject) => {
        settle = [resolve, reject]
      })
      committed.catch(() => {}) // each request awaiting it handles the failure; none is left unhandled
      open = { committed }
      setImmediate(() => commit(...settle))
    },
    settled: () => (open ? open.committed : Promise.resolve()),
  }
}
