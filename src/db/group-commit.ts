import type { Db } from './connection.ts'
import { batchOpened, dropDeferred, runDeferred } from './commit-hooks.ts'
import { forgetAllRowWrites } from './row-writes.ts'

/**
 * Group commit for the one database connection. A mutating request opens a write batch if none is
 * open, and its answer waits until whatever batch is open when the handler is done commits: the
 * client is never told of a change that is not stored, and concurrent writes share one commit.
 * A commit writes every page it touched to the WAL, so fifty creates in one commit write the
 * shared index, full-text and counter pages once instead of fifty times.
 *
 * The services' own `db.transaction()` calls become savepoints inside the batch: a request that
 * fails rolls back its own writes and no one else's.
 */
export function createGroupCommit(db: Db, onCommitError: (error: unknown) => void) {
  let open: { committed: Promise<void> } | undefined

  function commit(resolve: () => void, reject: (error: unknown) => void) {
    open = undefined
    try {
      // Nothing in the sandbox ends the batch but this function: if it is gone, SQLite rolled it back
      // itself after a failed write (disk full, I/O error), and every write of the batch was lost.
      if (!db.inTransaction) throw new Error('the write batch was rolled back by SQLite after a failed write')
      runDeferred(db)
      db.exec('COMMIT')
      resolve()
    } catch (error) {
      onCommitError(error)
      try {
        if (db.inTransaction) db.exec('ROLLBACK')
      } catch {
        // the connection is closed or broken: nothing left to undo
      }
      dropDeferred(db)
      // Reads between the writes and this rollback may have filled caches with what is now undone.
      forgetAllRowWrites(db)
      reject(error)
    }
  }

  return {
    /** Opens a batch, if none is open, that commits once this turn of the event loop is done. */
    begin(): void {
      if (open || db.inTransaction || !db.open) return
      db.exec('BEGIN IMMEDIATE')
      batchOpened(db)
      let settle!: [() => void, (error: unknown) => void]
      const committed = new Promise<void>((resolve, reject) => {
        settle = [resolve, reject]
      })
      committed.catch(() => {}) // each request awaiting it handles the failure; none is left unhandled
      open = { committed }
      setImmediate(() => commit(...settle))
    },
    /**
     * Resolves once what was written so far is stored: at once when no batch is open (writes
     * outside a batch commit on their own), else when the open batch commits.
     */
    settled(): Promise<void> {
      return open ? open.committed : Promise.resolve()
    },
  }
}

export type GroupCommit = ReturnType<typeof createGroupCommit>
