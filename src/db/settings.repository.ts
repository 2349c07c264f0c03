import type { Db } from './connection.ts'
import { rewriteSecrets, type SecretBox } from './secret-box.ts'

/** Sandbox-wide key/value settings kept in the database (the generated signing secret, seed hashes). */
export function readSetting(db: Db, key: string): string | undefined {
  return db.prepare('SELECT value FROM sandbox_setting WHERE key = ?').pluck().get(key) as string | undefined
}

export function writeSetting(db: Db, key: string, value: string): void {
  db.prepare(
    `INSERT INTO sandbox_setting (key, value) VALUES (?, ?)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  ).run(key, value)
}

/** Removes a setting; returns whether there was one. */
export function deleteSetting(db: Db, key: string): boolean {
  return db.prepare('DELETE FROM sandbox_setting WHERE key = ?').run(key).changes > 0
}

/**
 * A secret kept as a setting, through the secret box: opened when sealed; one stored in clear is
 * sealed in place as soon as the box has a key. @throws ConfigError when the box cannot open it.
 */
export function readSecretSetting(db: Db, key: string, secrets: SecretBox): string | undefined {
  const stored = readSetting(db, key)
  if (stored === undefined) return undefined
  const value = secrets.open(stored, key)
  if (secrets.sealing && !secrets.isSealed(stored)) {
    rewriteSecrets(db, () => {
      writeSetting(db, key, secrets.seal(value, key))
      return 1
    })
  }
  return value
}

/** Stores a secret as a setting, sealed when the box has a key. */
export function writeSecretSetting(db: Db, key: string, value: string, secrets: SecretBox): void {
  writeSetting(db, key, secrets.seal(value, key))
}
