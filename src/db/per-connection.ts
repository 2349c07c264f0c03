import type { Db } from './connection.ts'

/**
 * A value built once per database connection: the prepared statements of a module whose handlers
 * reach the database through `c.get('deps').db` rather than a repository in AppDeps.
 */
export function perConnection<T>(create: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>()
  return (db) => {
    let value = built.get(db)
    if (value === undefined) built.set(db, (value = create(db)))
    return value
  }
}
