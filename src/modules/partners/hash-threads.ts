import type { ScryptOptions } from 'node:crypto'
import { Worker } from 'node:worker_threads'

/**
 * Which threads a hash runs on: `first`, at the process's priority, for a partner's (or an address's)
 * only hash; `backlog`, below everything (nice 19), for a hash with others of the same key running or
 * waiting behind it: a burst of one user's logins.
 */
export type HashPriority = 'first' | 'backlog'

/** Below every other thread of the process, the ESIS renders' (nice 10) included. */
const BACKLOG_NICE = 19
/** A thread idle this long ends (its next hash starts another, in about 20 ms). */
const IDLE_MS = 30_000

// CommonJS, evaluated in the thread: no file of its own, so the same code runs from src/ and dist/.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { scryptSync } = require('node:crypto')
if (workerData.nice > 0) {
  try {
    require('node:os').setPriority(Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()), workerData.nice)
  } catch {}
}
parentPort.on('message', ({ id, password, salt, length, options }) => {
  try {
    parentPort.postMessage({ id, key: scryptSync(password, salt, length, options) })
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) })
  }
})
`

interface Job {
  id: number
  password: string
  salt: Buffer
  length: number
  options: ScryptOptions
  resolve: (key: Buffer) => void
  reject: (error: Error) => void
}

interface HashThread {
  worker: Worker
  job: Job | undefined
  idle: NodeJS.Timeout | undefined
}

/**
 * The threads the password hashes run on, the process's (every sandbox of a process shares them):
 * scrypt synchronously in a thread of its own, so that a thread's priority is the hash's. Linux
 * names a thread by its id in /proc; elsewhere every thread keeps the process's priority. A partner
 * flooding logins hashes at nice 19: another partner's login, the event loop and the renders take
 * the cores first, and the flood's hashes run in what they leave (decision 0316).
 */
function createHashThreads(perPriority: number) {
  const threads: Record<HashPriority, HashThread[]> = { first: [], backlog: [] }
  const queued: Record<HashPriority, Job[]> = { first: [], backlog: [] }
  let nextId = 0

  function start(priority: HashPriority): HashThread {
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { nice: priority === 'backlog' ? BACKLOG_NICE : 0 } })
    worker.unref()
    const thread: HashThread = { worker, job: undefined, idle: undefined }
    worker.on('message', (answer: { id: number; key?: Uint8Array; error?: string }) => {
      const job = thread.job
      thread.job = undefined
      if (job && job.id === answer.id) {
        if (answer.key) job.resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength))
        else job.reject(new Error(answer.error ?? 'scrypt failed'))
      }
      give(priority, thread)
    })
    worker.on('error', (error) => end(priority, thread, error))
    worker.on('exit', () => end(priority, thread, new Error('the hash thread ended')))
    threads[priority].push(thread)
    return thread
  }

  function end(priority: HashPriority, thread: HashThread, error: Error): void {
    // An error is followed by the exit: the thread ends once, and one replaces it at most.
    if (!threads[priority].includes(thread)) return
    threads[priority] = threads[priority].filter((t) => t !== thread)
    if (thread.idle) clearTimeout(thread.idle)
    thread.job?.reject(error)
    thread.job = undefined
    if (queued[priority].length > 0) give(priority, start(priority))
  }

  /** The thread's next job, or its idle timer. */
  function give(priority: HashPriority, thread: HashThread): void {
    const job = queued[priority].shift()
    if (!job) {
      // Out of the list first: no job is given to a thread on its way out.
      thread.idle = setTimeout(() => {
        threads[priority] = threads[priority].filter((t) => t !== thread)
        void thread.worker.terminate()
      }, IDLE_MS).unref()
      return
    }
    if (thread.idle) clearTimeout(thread.idle)
    thread.idle = undefined
    thread.job = job
    thread.worker.postMessage({ id: job.id, password: job.password, salt: job.salt, length: job.length, options: job.options })
  }

  return {
    derive(priority: HashPriority, password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
      return new Promise<Buffer>((resolve, reject) => {
        queued[priority].push({ id: nextId++, password, salt, length, options, resolve, reject })
        const free = threads[priority].find((t) => t.job === undefined)
        if (free) give(priority, free)
        else if (threads[priority].length < perPriority) give(priority, start(priority))
      })
    },
  }
}

let shared: ReturnType<typeof createHashThreads> | undefined

/** The most threads of a priority: the hash queues bound how many run at once (SANDBOX_PASSWORD_HASHES, at most 64). */
const MAX_THREADS_PER_PRIORITY = 64

/**
 * scrypt at `priority` in the process's hash threads: as many of each priority as the hash queues
 * let run at once, each started when first needed.
 */
export function deriveInThread(priority: HashPriority, password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  shared ??= createHashThreads(MAX_THREADS_PER_PRIORITY)
  return shared.derive(priority, password, salt, length, options)
}
