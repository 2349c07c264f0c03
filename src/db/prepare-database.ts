import { openDatabase, type Db } from './connection.ts'
import { migrate } from './migrate.ts'
import { seedDatabase } from './seed.ts'

/** Opens, migrates and seeds: the database the app expects. */
export function prepareDatabase(path: string): { db: Db; migrations: string[]; seeded: boolean } {
  const db = openDatabase(path)
  try {
    const migrations = migrate(db)
    const seeded = seedDatabase(db)
    return { db, migrations, seeded }
  } catch (error) {
    db.close()
    throw error
  }
}
