import type { Readable } from 'node:stream'

/** A request body read one chunk at a time, with back-pressure, and let go of without destroying it. */
export interface BodySource {
  /** The next chunk, or null at the end. */
  next(): Promise<Uint8Array | null>
  /** Stops reading; what is left is the server's to discard (the socket stays up for the answer). */
  release(): void
}

/**
 * The Node request itself, when the app runs on @hono/node-server: read straight from the socket,
 * paused between chunks. (Readable.toWeb, behind Request.body, does not hold back on Node 20, so a
 * slow reader would find the whole upload queued in memory.)
 */
export function nodeBodySource(stream: Readable): BodySource {
  let waiting: { resolve: (chunk: Uint8Array | null) => void; reject: (error: unknown) => void } | null = null
  let ended = false
  let failure: unknown
  const settle = (fn: (w: NonNullable<typeof waiting>) => void) => {
    const w = waiting
    waiting = null
    if (w) fn(w)
  }
  const onData = (chunk: Buffer) => {
    stream.pause()
    settle((w) => w.resolve(chunk))
  }
  const onEnd = () => {
    ended = true
    settle((w) => w.resolve(null))
  }
  const onError = (error: unknown) => {
    failure = error
    settle((w) => w.reject(error))
  }
  stream.pause()
  stream.on('data', onData).once('end', onEnd).once('error', onError)
  return {
    next: () =>
      new Promise((resolve, reject) => {
        if (failure) return reject(failure)
        if (ended) return resolve(null)
        waiting = { resolve, reject }
        stream.resume()
      }),
    release() {
      stream.off('data', onData).off('end', onEnd).off('error', onError)
    },
  }
}

/** A web ReadableStream (Request.body): how the app is called without a Node server (tests, other runtimes). */
export function webBodySource(body: ReadableStream<Uint8Array> | null): BodySource {
  if (!body) return { next: async () => null, release: () => undefined }
  const reader = body.getReader()
  return {
    next: async () => {
      const { done, value } = await reader.read()
      return done ? null : value
    },
    // Not cancel(): that would destroy the socket before the answer is written.
    release: () => reader.releaseLock(),
  }
}
