import type { Db } from '../../../db/connection.ts'

/** The one query Health asks the database: that it answers at all. */
export function createHealthRepository(db: Db) {
  const probe = db.prepare('SELECT 1')
  return { ping: (): void => void probe.get() }
}

export type HealthRepository = ReturnType<typeof createHealthRepository>
