import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fromRoot } from '../platform/package-root.ts'
import type { Db } from './connection.ts'

const MIGRATIONS_DIR = fromRoot('src', 'db', 'migrations')
const FILE_NAME = /^(\d{3})_[a-z0-9_]+\.sql$/

interface Migration {
  version: number
  name: string
  sql: string
}

function readMigrations(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((file) => FILE_NAME.test(file))
    .sort()
    .map((file) => ({
      version: Number(FILE_NAME.exec(file)![1]),
      name: file,
      sql: readFileSync(join(dir, file), 'utf8'),
    }))
}

/**
 * Applies the numbered migrations not yet recorded, all in one transaction: a failing file
 * leaves the database as it was. Returns the names applied.
 */
export function migrate(db: Db, dir = MIGRATIONS_DIR): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migration (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`)
  const applied = new Set(db.prepare('SELECT version FROM schema_migration').pluck().all() as number[])
  const pending = readMigrations(dir).filter((m) => !applied.has(m.version))
  if (pending.length === 0) return []
  const record = db.prepare('INSERT INTO schema_migration (version, name, applied_at) VALUES (?, ?, ?)')
  db.transaction(() => {
    for (const m of pending) {
      db.exec(m.sql)
      record.run(m.version, m.name, new Date().toISOString())
    }
  })()
  return pending.map((m) => m.name)
}

/** The newest migration this version ships (what a ready database carries). */
export const latestMigration = (dir = MIGRATIONS_DIR): number => Math.max(0, ...readMigrations(dir).map((m) => m.version))
