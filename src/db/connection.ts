import Database from 'better-sqlite3'
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'

export type Db = Database.Database

/** SQLite's files beside the database: created with the database file's own mode, tightened here when older. */
const COMPANIONS = ['-wal', '-shm', '-journal']

/**
 * The database and its folder readable by the owner only (docs/decisions.md "Platform"): it holds
 * the partners' data and, unless settings hold them, the signing secrets. The file is created 0600
 * before SQLite opens it (SQLite gives the -wal and -shm files the database file's mode), an older
 * one is tightened; the folder is created 0700, and an existing one is tightened only when it is
 * the database's own (nothing else in it): a shared folder the operator chose is left as it is.
 */
function ownerOnly(path: string): void {
  const file = resolve(path)
  const folder = dirname(file)
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 })
  else if (process.platform !== 'win32' && readdirSync(folder).every((name) => name.startsWith(basename(file)))) {
    try {
      chmodSync(folder, 0o700)
    } catch (error) {
      // A folder of another owner (a mounted volume): the files' own modes still protect them.
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error
    }
  }
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600))
  if (process.platform !== 'win32') chmodSync(file, 0o600)
}

/**
 * Opens the sandbox database: WAL for concurrent readers, foreign keys on, and a busy timeout
 * so a second process (a CLI, a test) waits instead of failing. Creates the folder of a file path;
 * the files and the folder are the owner's only.
 */
export function openDatabase(path: string, options: { cacheMb?: number } = {}): Db {
  const inMemory = path === ':memory:'
  if (!inMemory) ownerOnly(path)
  const db = new Database(path)
  if (!inMemory) {
    db.pragma('journal_mode = WAL')
    // Checkpoints run in a worker (wal-checkpointer.ts). This one bounds the WAL if it stops, and
    // under a steady stream of writes it is what lets the WAL start over, at the price of three disk
    // syncs on the event loop: 40,000 pages (160 MB) makes that four times rarer than 10,000
    // (docs/decisions/0100-create-tail.md).
    db.pragma('wal_autocheckpoint = 40000')
    // 64 MiB of pages kept by default (SQLite's own is 2 MiB): the indexes of 100,000 simulations
    // stay in memory. SANDBOX_SQLITE_CACHE_MB bounds it.
    db.pragma(`cache_size = -${(options.cacheMb ?? 64) * 1024}`)
    if (process.platform !== 'win32') for (const suffix of COMPANIONS) if (existsSync(`${resolve(path)}${suffix}`)) chmodSync(`${resolve(path)}${suffix}`, 0o600)
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
