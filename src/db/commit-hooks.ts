import type { Db } from './connection.ts'
import { perConnection } from './per-connection.ts'

/** The write batch of a connection, as the group commit opens and ends it, and the work deferred to its end. */
const batchOf = perConnection(() => ({ open: false, deferred: new Map<string, () => void>() }))

/**
 * Runs `task` once the writes of the open group-commit batch are done, just before it commits and
 * outside every request's savepoint, or at once when no batch is open (fixtures, scenario jobs). A
 * later task with the same key replaces an earlier one.
 *
 * For work that is much cheaper once per batch than once per request: the full-text index (FTS5)
 * writes its pending entries to disk at every savepoint, so an entry written inside each request's
 * savepoint costs a new index segment, and the merges that follow, per request. A deferred task must
 * read what it writes from the database as it stands then, since a request's savepoint may have
 * been rolled back in the meantime.
 */
export function deferUntilCommit(db: Db, key: string, task: () => void): void {
  const batch = batchOf(db)
  if (batch.open) batch.deferred.set(key, task)
  else task()
}

/** The group commit opened a batch. */
export function batchOpened(db: Db): void {
  batchOf(db).open = true
}

/** The group commit is about to commit: runs the deferred work, in the order it was first deferred. */
export function runDeferred(db: Db): void {
  const batch = batchOf(db)
  batch.open = false
  const tasks = [...batch.deferred.values()]
  batch.deferred.clear()
  for (const task of tasks) task()
}

/** The batch was rolled back: its deferred work goes with it. */
export function dropDeferred(db: Db): void {
  const batch = batchOf(db)
  batch.open = false
  batch.deferred.clear()
}
