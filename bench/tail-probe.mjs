// A probe of where a server's slow answers come from, preloaded into the sandbox by
// create-tail.mjs (`node --import ./bench/tail-probe.mjs`), never by the sandbox itself.
// It writes a timeline to TAIL_PROBE_FILE (JSON lines, times in ms since the epoch):
//   request   an answer: from its headers parsed to its last byte handed to the socket
//   commit    the write batch's COMMIT (better-sqlite3 exec) and the other exec()s over 0.2 ms
//   timer     a setTimeout/setInterval callback over 0.2 ms, named by where it was set
//   gc        a garbage collection (kind, duration)
//   checkpoint  a WAL checkpoint of the worker thread (its pragma), with the pages it moved
//   sched     every 5 ms, the main thread's and the other threads' time on the CPU and waiting
//             for it (/proc/self/task/*/schedstat): whether a slow stretch was our own work, a
//             wait for the core, or a wait for something else (the disk, a lock)
import { subscribe } from 'node:diagnostics_channel'
import { appendFileSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire, syncBuiltinESMExports } from 'node:module'
import { PerformanceObserver, performance } from 'node:perf_hooks'
import { isMainThread, threadId } from 'node:worker_threads'

const FILE = process.env.TAIL_PROBE_FILE
const rawSetInterval = setInterval
const now = () => performance.timeOrigin + performance.now()
let buffer = []
const record = (event) => buffer.push(JSON.stringify(event))
const flush = () => {
  if (buffer.length === 0) return
  appendFileSync(FILE, buffer.join('\n') + '\n')
  buffer = []
}

const require = createRequire(`${process.cwd()}/package.json`)
const Database = require('better-sqlite3')
const exec = Database.prototype.exec
// This thread's time on the CPU and waiting for it, in ms: the rest of a stretch it slept (a disk sync, a lock).
const schedstat = () =>
  readFileSync('/proc/thread-self/schedstat', 'utf8')
    .split(' ', 2)
    .map((n) => Number(n) / 1e6)
Database.prototype.exec = function (sql) {
  const start = now()
  const [run0, wait0] = schedstat()
  try {
    return exec.call(this, sql)
  } finally {
    const ms = now() - start
    const [run1, wait1] = schedstat()
    if (sql === 'COMMIT' || ms > 0.2)
      record({ kind: 'commit', thread: threadId, sql: sql.slice(0, 30), start, ms, run: run1 - run0, wait: wait1 - wait0, blocked: ms - (run1 - run0) - (wait1 - wait0) })
  }
}
const pragma = Database.prototype.pragma
Database.prototype.pragma = function (source, options) {
  const start = now()
  const result = pragma.call(this, source, options)
  if (source.startsWith('wal_checkpoint')) record({ kind: 'checkpoint', thread: threadId, start, ms: now() - start, result })
  return result
}

if (isMainThread) {
  // The checkpointer's worker thread runs no preload: its source gets the timing written in.
  const threads = require('node:worker_threads')
  const Worker = threads.Worker
  threads.Worker = class extends Worker {
    constructor(source, options) {
      const call = "db.pragma('wal_checkpoint(PASSIVE)')"
      if (options?.eval && typeof source === 'string' && source.includes(call)) {
        source = source.replace(
          call,
          `(() => { const fs = require('node:fs'); const cpu = () => fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ', 2).map((n) => Number(n) / 1e6); const t0 = performance.timeOrigin + performance.now(); const [r0, w0] = cpu(); const r = ${call}; const [r1, w1] = cpu(); const ms = performance.timeOrigin + performance.now() - t0; fs.appendFileSync(${JSON.stringify(FILE)}, JSON.stringify({ kind: 'checkpoint', start: t0, ms, run: r1 - r0, wait: w1 - w0, blocked: ms - (r1 - r0) - (w1 - w0), result: r }) + '\\n'); return r })()`,
        )
      }
      // TAIL_PROBE_CHECKPOINT_MS: another interval for the checkpoints, to compare on the same build.
      if (process.env.TAIL_PROBE_CHECKPOINT_MS && options?.workerData?.intervalMs)
        options = { ...options, workerData: { ...options.workerData, intervalMs: Number(process.env.TAIL_PROBE_CHECKPOINT_MS) } }
      super(source, options)
    }
  }
  syncBuiltinESMExports()
  const requests = new WeakMap()
  subscribe('http.server.request.start', ({ request }) => requests.set(request, now()))
  subscribe('http.server.response.finish', ({ request, response }) => {
    const start = requests.get(request)
    if (start !== undefined) record({ kind: 'request', method: request.method, url: request.url.slice(0, 40), status: response.statusCode, start, ms: now() - start })
  })

  for (const name of ['setTimeout', 'setInterval']) {
    const original = globalThis[name]
    globalThis[name] = function (callback, ...rest) {
      if (typeof callback !== 'function') return original.call(this, callback, ...rest)
      const where = new Error().stack
        .split('\n')
        .slice(2, 5)
        .map((l) =>
          l
            .trim()
            .replace(/^at /, '')
            .replace(/\(.*\/(dist|node_modules)\//, '($1/'),
        )
        .join(' < ')
      return original.call(
        this,
        function (...args) {
          const start = now()
          const [run0] = schedstat()
          try {
            return callback.apply(this, args)
          } finally {
            const ms = now() - start
            if (ms > 0.2) record({ kind: 'timer', where, start, ms, run: schedstat()[0] - run0 })
          }
        },
        ...rest,
      )
    }
  }

  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) record({ kind: 'gc', gc: e.detail?.kind, start: performance.timeOrigin + e.startTime, ms: e.duration })
  }).observe({ entryTypes: ['gc'] })

  const schedOf = (tid) => readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ').map(Number)
  const sample = rawSetInterval(() => {
    const threads = {}
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        const [run, wait] = schedOf(tid)
        const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim()
        threads[`${tid === String(process.pid) ? 'main' : name}:${tid}`] = [run / 1e6, wait / 1e6]
      } catch {}
    }
    record({ kind: 'sched', start: now(), threads })
  }, 5)
  sample.unref()
}
const flusher = rawSetInterval(flush, 500)
flusher.unref()
process.on('exit', flush)
