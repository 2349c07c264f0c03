import type { Db } from './connection.ts'

/**
 * A value kept once per database connection, whoever asks for it: what two sandboxes built on the
 * same connection (a restart in the tests) must share, such as a sequence's last number or the
 * listeners of its row triggers.
 */
export function perConnection<T>(create: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>()
  return (db) => {
    let value = built.get(db)
    if (value === undefined) built.set(db, (value = create(db)))
    return value
  }
}
