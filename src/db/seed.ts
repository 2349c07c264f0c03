import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Db } from './connection.ts'
import { readSetting, writeSetting } from './settings.repository.ts'

const HASH_KEY = 'seed_hash'

function hashFiles(files: readonly string[]): string {
  const hash = createHash('sha256')
  for (const file of files) hash.update(file).update(readFileSync(file))
  return hash.digest('hex')
}

/**
 * Loads seed files when they differ from the ones last loaded (a hash of their bytes is recorded), so
 * a restart on an existing database reads the files but validates and writes nothing. `load` writes
 * them, in one transaction with the new hash. Returns whether anything was written.
 */
export function seedWhenChanged(db: Db, files: readonly string[], load: () => void): boolean {
  const hash = hashFiles(files)
  if (readSetting(db, HASH_KEY) === hash) return false
  db.transaction(() => {
    load()
    writeSetting(db, HASH_KEY, hash)
  })()
  return true
}
