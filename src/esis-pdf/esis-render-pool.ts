import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { fromRoot } from '../platform/package-root.ts'
import type { EsisDocument } from './esis-document.ts'
import type { RenderAnswer, RenderRequest } from './esis-render-worker.ts'

/** A render not taken: the partner has its most renders under way, or every partner's renders fill the queue, or the pool is stopping. */
export class EsisRenderRefused extends Error {
  override name = 'EsisRenderRefused'
  constructor(
    readonly scope: 'partner' | 'everyone',
    readonly retryAfterSeconds: number,
  ) {
    super(`ESIS render refused (${scope})`)
  }
}

/** A finished render: the PDF, how long its thread worked on it (the partner's fair share is charged that), which thread. */
export interface RenderedEsis {
  pdf: Buffer
  ms: number
  threadId: number
}

export interface EsisRenderPoolOptions {
  /** Render threads, started on first use. */
  threads: number
  /** Renders of one partner at once, running or waiting; null: no bound. */
  perPartner: number | null
  /** Renders waiting for a thread, every partner's together. */
  queue: number
  /** A thread idle this long ends (the next render starts one again). */
  idleMs?: number
}

interface Job {
  partnerUniqueID: string
  doc: EsisDocument
  resolve(rendered: RenderedEsis): void
  reject(error: unknown): void
}

interface Thread {
  worker: Worker
  job: (Job & { id: number }) | undefined
  idle: ReturnType<typeof setTimeout> | undefined
}

/**
 * The thread the built sandbox runs (a bundle of its own, scripts/build.mjs), or from the sources
 * the same code through tsx's loader.
 */
const workerEntry = (): URL =>
  import.meta.url.endsWith('.ts') ? new URL('./esis-render-worker-from-source.mjs', import.meta.url) : pathToFileURL(fromRoot('dist', 'esis-render-worker.js'))

/**
 * ESIS PDFs rendered in worker threads (docs/decisions.md "Fair share"): a render is 50 to 150 ms of
 * pdfkit, which on the event loop every partner shares held every other request back. The document
 * is plain data, so it crosses to the thread by structured clone, and the PDF comes back moved, not
 * copied. Renders wait in one queue, in order; each partner has at most `perPartner` running or
 * waiting, so no partner fills the queue, and the queue itself is bounded: a render past either
 * bound is refused at once (`EsisRenderRefused`), never queued without end.
 *
 * `stop()` lets the renders running and waiting finish, then ends the threads.
 */
export function createEsisRenderPool(options: EsisRenderPoolOptions) {
  const { threads: size, perPartner, queue, idleMs = 30_000 } = options
  const threads: Thread[] = []
  const waiting: Job[] = []
  const ofPartner = new Map<string, number>()
  let nextId = 1
  let stopping = false
  let drained: (() => void) | undefined

  const underWay = () => waiting.length + threads.filter((t) => t.job).length

  function settled(job: Job): void {
    const count = (ofPartner.get(job.partnerUniqueID) ?? 1) - 1
    if (count === 0) ofPartner.delete(job.partnerUniqueID)
    else ofPartner.set(job.partnerUniqueID, count)
  }

  function dispatch(thread: Thread, job: Job): void {
    if (thread.idle) clearTimeout(thread.idle)
    thread.idle = undefined
    const id = nextId++
    thread.job = { ...job, id }
    // Held while it works: a render under way keeps the process up; an idle thread does not.
    thread.worker.ref()
    thread.worker.postMessage({ id, doc: job.doc } satisfies RenderRequest)
  }

  /** The thread's job is done: the next waiting render, or rest. */
  function free(thread: Thread): void {
    thread.job = undefined
    const next = waiting.shift()
    if (next) return dispatch(thread, next)
    thread.worker.unref()
    if (stopping) {
      if (underWay() === 0) drained?.()
      return
    }
    thread.idle = setTimeout(() => retire(thread), idleMs)
    thread.idle.unref()
  }

  function retire(thread: Thread): void {
    threads.splice(threads.indexOf(thread), 1)
    void thread.worker.terminate()
  }

  function spawn(): Thread {
    const worker = new Worker(workerEntry())
    const thread: Thread = { worker, job: undefined, idle: undefined }
    worker.on('message', (answer: RenderAnswer) => {
      const job = thread.job
      if (!job || job.id !== answer.id) return
      settled(job)
      if ('error' in answer) job.reject(new Error(`ESIS render failed: ${answer.error}`))
      else job.resolve({ pdf: Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength), ms: answer.ms, threadId: worker.threadId })
      free(thread)
    })
    // A thread that dies takes its render with it (a 500 for that request); the next render starts another.
    const lost = (error: Error) => {
      if (!threads.includes(thread)) return
      threads.splice(threads.indexOf(thread), 1)
      if (thread.idle) clearTimeout(thread.idle)
      const job = thread.job
      if (job) {
        settled(job)
        job.reject(error)
      }
      const next = waiting.shift()
      if (next) dispatch(spawn(), next)
      else if (stopping && underWay() === 0) drained?.()
    }
    worker.on('error', lost)
    worker.on('exit', (code) => lost(new Error(`ESIS render thread exited with code ${code}`)))
    threads.push(thread)
    return thread
  }

  return {
    /**
     * The PDF of `doc`, rendered in a thread for `partnerUniqueID`, with the thread's time.
     * @throws EsisRenderRefused past the partner's bound or the queue's, or while stopping.
     */
    render(partnerUniqueID: string, doc: EsisDocument): Promise<RenderedEsis> {
      if (stopping) return Promise.reject(new EsisRenderRefused('everyone', 5))
      const count = ofPartner.get(partnerUniqueID) ?? 0
      if (perPartner !== null && count >= perPartner) return Promise.reject(new EsisRenderRefused('partner', 1))
      const idle = threads.find((t) => !t.job)
      if (!idle && threads.length >= size && waiting.length >= queue) return Promise.reject(new EsisRenderRefused('everyone', 1))
      ofPartner.set(partnerUniqueID, count + 1)
      return new Promise<RenderedEsis>((resolve, reject) => {
        const job: Job = { partnerUniqueID, doc, resolve, reject }
        if (idle) dispatch(idle, job)
        else if (threads.length < size) dispatch(spawn(), job)
        else waiting.push(job)
      })
    },
    /** Takes no new render, lets those under way finish, then ends every thread. */
    async stop(): Promise<void> {
      stopping = true
      if (underWay() > 0) await new Promise<void>((resolve) => (drained = resolve))
      const ending = threads.splice(0)
      for (const thread of ending) if (thread.idle) clearTimeout(thread.idle)
      await Promise.all(ending.map((thread) => thread.worker.terminate()))
    },
    /** The pool's threads by id, and the renders running and waiting. */
    status(): { threadIds: number[]; running: number; waiting: number } {
      return { threadIds: threads.map((t) => t.worker.threadId), running: threads.filter((t) => t.job).length, waiting: waiting.length }
    },
  }
}

export type EsisRenderPool = ReturnType<typeof createEsisRenderPool>
