import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, chmodSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import Database from 'better-sqlite3'

/**
 * The copy runs in a worker thread on a connection of its own: `VACUUM INTO` reads the database in
 * one read transaction (a consistent snapshot: every commit before it began, none after) while the
 * server's connection goes on writing to the WAL; the server's event loop does not wait for it.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
try {
  const started = performance.now()
  const source = new Database(workerData.source, { fileMustExist: true })
  source.pragma('busy_timeout = 5000')
  try { source.prepare('VACUUM INTO ?').run(workerData.partial) } finally { source.close() }
  parentPort.postMessage({ ok: true, ms: performance.now() - started })
} catch (error) {
  parentPort.postMessage({ ok: false, error: String(error && error.message || error) })
}
`

export interface BackupResult {
  file: string
  bytes: number
  /** The copy's time (the integrity check after it not counted). */
  ms: number
}

/** `PRAGMA integrity_check` of a database file: null when it is sound, else what SQLite found. */
export function integrityProblem(file: string): string | null {
  let db: Database.Database | undefined
  try {
    db = new Database(file, { readonly: true, fileMustExist: true })
    const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>
    const findings = rows.map((row) => row.integrity_check)
    return findings.length === 1 && findings[0] === 'ok' ? null : findings.slice(0, 5).join('; ')
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  } finally {
    db?.close()
  }
}

function syncFile(file: string): void {
  const fd = openSync(file, 'r+')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * A consistent copy of the database at `source` into `target`, safe while a server writes to it
 * (docs/operating.md "Backups"): written to `target.partial`, checked with `PRAGMA
 * integrity_check`, synced, and only then renamed into place, so a file named `target` is always a
 * good backup. Refuses a target that exists. The copy holds the stored signing secrets as the
 * database does, sealed under SANDBOX_SECRETS_KEY: a restore needs the same key. Readable by the
 * owner only.
 */
export async function backupDatabase(source: string, target: string): Promise<BackupResult> {
  const from = resolve(source)
  const file = resolve(target)
  if (!existsSync(from)) throw new Error(`no database at ${from}`)
  if (existsSync(file)) throw new Error(`${file} exists: a backup never overwrites a file`)
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  const partial = `${file}.partial`
  rmSync(partial, { force: true })
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  try {
    const copied = await new Promise<{ ms: number }>((done, fail) => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, source: from, partial } })
      worker.once('message', (message: { ok: true; ms: number } | { ok: false; error: string }) => {
        if (message.ok) done({ ms: message.ms })
        else fail(new Error(`backup of ${from} failed: ${message.error}`))
      })
      worker.once('error', fail)
      worker.once('exit', (code) => fail(new Error(`backup worker exited (${code})`)))
    })
    chmodSync(partial, 0o600)
    const problem = integrityProblem(partial)
    if (problem) throw new Error(`the copy of ${from} fails its integrity check: ${problem}`)
    syncFile(partial)
    renameSync(partial, file)
    return { file, bytes: statSync(file).size, ms: copied.ms }
  } finally {
    rmSync(partial, { force: true })
  }
}

/**
 * Puts a backup in place as the database at `target` (docs/operating.md "Restore drill"), for a server
 * not yet started on it: the folder must be empty or absent, so a restore never mixes with, or
 * overwrites, live data (a stale `-wal` beside the restored file would be replayed into it). The
 * backup is checked before and its copy after, then renamed into place.
 */
export function restoreDatabase(backup: string, target: string): { file: string; bytes: number } {
  const from = resolve(backup)
  const file = resolve(target)
  const folder = dirname(file)
  if (!existsSync(from)) throw new Error(`no backup at ${from}`)
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new Error(`${folder} is not empty: restore into an empty data folder (move the old one aside first)`)
  }
  const before = integrityProblem(from)
  if (before) throw new Error(`${from} fails its integrity check: ${before}`)
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  const partial = `${file}.partial`
  try {
    copyFileSync(from, partial)
    chmodSync(partial, 0o600)
    const after = integrityProblem(partial)
    if (after) throw new Error(`the copy fails its integrity check: ${after}`)
    syncFile(partial)
    renameSync(partial, file)
  } finally {
    rmSync(partial, { force: true })
  }
  return { file, bytes: statSync(file).size }
}
