import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

export type Db = Database.Database

/**
 * Opens the sandbox database: WAL for concurrent readers, foreign keys on, and a busy timeout
 * so a second process (a CLI, a test) waits instead of failing. Creates the folder of a file path.
 */
export function openDatabase(path: string, options: { cacheMb?: number } = {}): Db {
  const inMemory = path === ':memory:'
  if (!inMemory) mkdirSync(dirname(resolve(path)), { recursive: true })
  const db = new Database(path)
  if (!inMemory) {
    db.pragma('journal_mode = WAL')
    // Checkpoints run in a worker (wal-checkpointer.ts); this one only bounds the WAL if it stops.
    db.pragma('wal_autocheckpoint = 10000')
    // 64 MiB of pages kept by default (SQLite's own is 2 MiB): the indexes of 100,000 simulations
    // stay in memory. SANDBOX_SQLITE_CACHE_MB bounds it.
    db.pragma(`cache_size = -${(options.cacheMb ?? 64) * 1024}`)
  }
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  db.pragma('synchronous = NORMAL')
  // Temporary files in memory: every request's writes run in a savepoint of the open group commit,
  // and a savepoint copies each page before its first change to a statement journal, which
  // otherwise is a file written with a system call per page.
  db.pragma('temp_store = MEMORY')
  return db
}
