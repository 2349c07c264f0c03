import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { Worker } from 'node:worker_threads'

// The worker opens its own connection to the same file and checkpoints the WAL on a timer.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.file)
db.pragma('busy_timeout = 5000')
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)') } catch (error) { parentPort.postMessage(String(error && error.message || error)) }
}, workerData.intervalMs)
parentPort.on('message', () => { clearInterval(timer); db.close(); process.exit(0) })
`

/**
 * Moves WAL checkpoints off the request path. A checkpoint copies the WAL into the database file
 * and syncs it to disk; left to SQLite, it runs inside whichever commit crosses 1,000 pages and
 * that request waits for the disk. Here a worker thread does it every `intervalMs` on its own
 * connection, while the main connection's automatic checkpoint stays as a far-off safety net.
 */
export function startWalCheckpointer(file: string, onError: (message: string) => void, intervalMs = 1000) {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file: resolve(file), intervalMs } })
  worker.on('message', onError)
  worker.on('error', (error) => onError(error.message))
  worker.unref()
  return {
    stop: () =>
      new Promise<void>((done) => {
        worker.once('exit', () => done())
        // Held until it has closed its connection: otherwise a stop with nothing else pending
        // would end the process first, and never settle.
        worker.ref()
        worker.postMessage('stop')
      }),
  }
}
