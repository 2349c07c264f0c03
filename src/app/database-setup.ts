import { openDatabase, type Db } from '../db/connection.ts'
import { migrate } from '../db/migrate.ts'
import { seedWhenChanged } from '../db/seed.ts'
import { identitiesSeedFile, seedIdentities } from '../modules/partners/index.ts'
import { seedTaxonomy, taxonomySeedFiles } from '../modules/taxonomy/index.ts'
import { fromRoot } from '../platform/package-root.ts'

export const SEEDS_DIR = fromRoot('seeds')

/**
 * Opens, migrates and seeds the database the sandbox expects: the reference lists and the
 * identities, loaded again only when their files changed.
 */
export function prepareDatabase(path: string, options: { seedsDir?: string; cacheMb?: number } = {}): { db: Db; migrations: string[]; seeded: boolean } {
  const { seedsDir = SEEDS_DIR } = options
  const db = openDatabase(path, options.cacheMb === undefined ? {} : { cacheMb: options.cacheMb })
  try {
    const migrations = migrate(db)
    const seeded = seedWhenChanged(db, [...taxonomySeedFiles(seedsDir), identitiesSeedFile(seedsDir)], () => {
      seedTaxonomy(db, seedsDir)
      seedIdentities(db, seedsDir, new Date().toISOString())
    })
    return { db, migrations, seeded }
  } catch (error) {
    db.close()
    throw error
  }
}
