import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { Worker } from 'node:worker_threads'

// The worker opens its own connection to the same file and checkpoints the WAL on a timer.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.file)
db.pragma('busy_timeout = 5000')
let timer
let backfilled = 0
let last = performance.now()
function tick() {
  let next = workerData.intervalMs
  try {
    const [{ checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)')
    const now = performance.now()
    // Fewer pages backfilled than last time: the WAL started over in between.
    const moved = checkpointed >= backfilled ? checkpointed - backfilled : checkpointed
    if (moved >= workerData.streamPagesPerMs * (now - last)) next = workerData.streamIntervalMs
    backfilled = checkpointed
    last = now
  } catch (error) { parentPort.postMessage(String(error && error.message || error)) }
  timer = setTimeout(tick, next)
}
timer = setTimeout(tick, workerData.intervalMs)
parentPort.on('message', () => { clearTimeout(timer); db.close(); process.exit(0) })
`

/**
 * Moves WAL checkpoints off the request path. A checkpoint copies the WAL into the database file
 * and syncs it to disk; left to SQLite, it runs inside whichever commit crosses 1,000 pages and
 * that request waits for the disk. Here a worker thread does it every `intervalMs` on its own
 * connection, while the main connection's automatic checkpoint stays as a far-off safety net.
 *
 * Under a steady stream of writes (a checkpoint that found at least `streamPagesPerMs` pages a
 * millisecond) the next one follows after `streamIntervalMs`. In such a stream a checkpoint never
 * finds the WAL still, so the WAL starts over only when the main connection's own checkpoint (at
 * 10,000 pages) completes it, and that commit waits for disk syncs of what the worker has not
 * copied yet: a tenth of a second of writes instead of a second
 * (docs/decisions/0100-create-tail.md). Quiet, the pace stays slow: each time a checkpoint catches
 * up, the next commit starts the WAL over and syncs its header on the event loop.
 */
export function startWalCheckpointer(file: string, onError: (message: string) => void, { intervalMs = 1000, streamIntervalMs = 100, streamPagesPerMs = 1 } = {}) {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file: resolve(file), intervalMs, streamIntervalMs, streamPagesPerMs } })
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
