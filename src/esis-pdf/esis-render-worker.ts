import { openSync, readlinkSync, readSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import type { EsisDocument } from './esis-document.ts'
import { renderEsisPdf } from './render-esis-pdf.ts'

/** What the pool sends: one document to render. */
export interface RenderRequest {
  id: number
  doc: EsisDocument
}

/** What the thread answers: the PDF and the thread's time it took (its CPU time on Linux), or why it failed. */
export type RenderAnswer = { id: number; pdf: Uint8Array; ms: number } | { id: number; error: string }

/**
 * Below the event loop's priority (nice 10, this thread only): where the thread and the loop share a
 * core, every partner's requests come before a render. Linux names a thread by its id in /proc;
 * elsewhere the thread keeps the process's priority.
 */
function yieldToTheEventLoop(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10)
  } catch {
    // Not Linux, or no /proc: nothing to lower.
  }
}

/**
 * This thread's time on a core, from Linux's /proc/thread-self/schedstat (its first figure,
 * nanoseconds run), read through one descriptor kept open. A render is charged what it used, not
 * how long it waited for a core at its low priority: on a busy machine its wall time was ten times
 * its work. Elsewhere the wall time, which is never less.
 */
function threadClock(): () => number {
  try {
    const fd = openSync('/proc/thread-self/schedstat', 'r')
    const buffer = Buffer.alloc(96)
    const read = () => Number(buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0)).split(' ')[0]) / 1e6
    if (Number.isFinite(read())) return read
  } catch {
    // Not Linux, or no /proc: the wall clock.
  }
  return () => performance.now()
}

// The thread of esis-render-pool.ts: one render at a time, each answered with its own time, which the
// partner's fair share is charged.
const port = parentPort
if (port) {
  yieldToTheEventLoop()
  const clock = threadClock()
  port.on('message', async ({ id, doc }: RenderRequest) => {
    const started = clock()
    try {
      const pdf = await renderEsisPdf(doc)
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength)
      // Moved, not copied, when the PDF owns its whole memory (a large Buffer does).
      const whole = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength
      port.postMessage({ id, pdf: bytes, ms: clock() - started } satisfies RenderAnswer, whole ? [pdf.buffer as ArrayBuffer] : [])
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) } satisfies RenderAnswer)
    }
  })
}
