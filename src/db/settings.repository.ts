import type { Db } from './connection.ts'

/** Sandbox-wide key/value settings kept in the database (the generated signing secret, seed hashes). */
export function readSetting(db: Db, key: string): string | undefined {
  return db.prepare('SELECT value FROM sandbox_setting WHERE key = ?').pluck().get(key) as string | undefined
}

export function writeSetting(db: Db, key: string, value: string): void {
  db.prepare(`INSERT INTO sandbox_setting (key, value) VALUES (?, ?)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(key, value)
}
