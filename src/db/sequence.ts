import type { Db } from './connection.ts'
import { perConnection } from './per-connection.ts'
import type { Transactions } from './write-batch.ts'

interface Counter {
  /** The last number handed out, once read from the database. */
  last: number | undefined
}

const countersOf = perConnection(() => new Map<string, Counter>())

/**
 * Numbers that are never handed out twice, kept in `sequence_counter`: counted in memory (this
 * process is the database's only writer) and stored once per write batch rather than once per
 * number. A number of a write that was rolled back is skipped, never reused.
 */
export function createSequence(db: Db, writes: Pick<Transactions, 'beforeCommit'>, name: string) {
  const read = db.prepare('SELECT value FROM sequence_counter WHERE name = ?').pluck()
  const store = db.prepare('UPDATE sequence_counter SET value = MAX(value, ?) WHERE name = ?')
  const counters = countersOf(db)
  const shared = counters.get(name) ?? { last: undefined }
  counters.set(name, shared)
  return {
    next(): number {
      shared.last = (shared.last ?? (read.get(name) as number | undefined) ?? 0) + 1
      writes.beforeCommit(`sequence:${name}`, () => void store.run(shared.last, name))
      return shared.last
    },
  }
}
