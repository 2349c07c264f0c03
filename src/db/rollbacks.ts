import type { Db } from './connection.ts'
import { perConnection } from './per-connection.ts'

/** Told that writes a cache may have read were undone: it must forget everything it read. */
export type RollbackListener = () => void

const listenersOf = perConnection((): Set<RollbackListener> => new Set())

/**
 * Subscribes an in-memory cache that mirrors rows of this connection to the one rollback event: a
 * failed group commit (db/write-batch.ts) undoes every write of its batch, and reads made between
 * those writes and the rollback may have cached what is now gone (docs/architecture.md "In-memory
 * caches" lists every subscriber).
 * @returns the function that ends the subscription.
 */
export function onRollback(db: Db, listener: RollbackListener): () => void {
  const listeners = listenersOf(db)
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Tells every subscriber of the connection that a batch was rolled back. A failing listener does not keep the others from hearing. */
export function announceRollback(db: Db): void {
  let failure: unknown
  for (const listener of listenersOf(db)) {
    try {
      listener()
    } catch (error) {
      failure ??= error
    }
  }
  if (failure !== undefined) throw failure
}
