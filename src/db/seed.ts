import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fromRoot } from '../package-root.ts'
import { hashPassword } from '../modules/auth/password.ts'
import { identitiesSeedFile, readIdentitiesSeed } from '../modules/auth/identities.seed.ts'
import { upsertIdentities } from '../modules/auth/auth.repository.ts'
import { STORED_LISTS } from '../modules/taxonomy/taxonomy.registry.ts'
import { readTaxonomySeeds, taxonomySeedFiles } from '../modules/taxonomy/taxonomy.seed.ts'
import { replaceLists } from '../modules/taxonomy/taxonomy.repository.ts'
import type { Db } from './connection.ts'
import { readSetting, writeSetting } from './settings.repository.ts'

export const SEEDS_DIR = fromRoot('seeds')
const HASH_KEY = 'seed_hash'

function hashFiles(files: string[]): string {
  const hash = createHash('sha256')
  for (const file of files) hash.update(file).update(readFileSync(file))
  return hash.digest('hex')
}

/**
 * Loads the seed files when they differ from the ones last loaded (a hash of their bytes is
 * recorded), so a restart on an existing database reads the files but validates and writes
 * nothing. Returns whether anything was written.
 */
export function seedDatabase(db: Db, seedsDir = SEEDS_DIR, now = new Date()): boolean {
  const files = [...taxonomySeedFiles(seedsDir), identitiesSeedFile(seedsDir)]
  const hash = hashFiles(files)
  if (readSetting(db, HASH_KEY) === hash) return false
  const taxonomy = readTaxonomySeeds(seedsDir)
  const identities = readIdentitiesSeed(seedsDir)
  db.transaction(() => {
    replaceLists(db, STORED_LISTS.map((l) => l.name), taxonomy)
    upsertIdentities(db, identities, hashPassword, now.toISOString())
    writeSetting(db, HASH_KEY, hash)
  })()
  return true
}
