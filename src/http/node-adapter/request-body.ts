import type { Context } from 'hono'
import type { IncomingMessage } from 'node:http'
import { ApiError, type Problem } from '../../common/api-error.ts'
import { nodeBodySource, webBodySource, type BodySource } from '../../common/body-source.ts'
import { keepBodyText } from './hono-body-cache.ts'
import { incomingOf } from './node-bindings.ts'

/**
 * Reads a request body of at most `maxBytes` and leaves it in Hono's body cache, where `c.req.json()`,
 * `c.req.parseBody()` and the route validators read it: from Node's stream when served by Node, else
 * from the web Request. Stops reading and answers 413 as soon as more arrives than allowed (a chunked
 * body has no length to check beforehand), so no body costs more memory than its limit. `watch`, when
 * given, sees each chunk as it arrives: a problem it names is answered at once (400), the rest unread.
 */
export function bufferBody(c: Context, maxBytes: number, tooLarge: () => ApiError, watch?: BodyWatch): Promise<void> {
  const incoming = incomingOf(c)
  return incoming ? bufferNodeBody(c, incoming, maxBytes, tooLarge, watch) : bufferWebBody(c, maxBytes, tooLarge, watch)
}

/** A check of a body's bytes as they arrive: `chunk` refuses it mid-way, `end` once it is whole (before it is joined and decoded). */
export interface BodyWatch {
  chunk(bytes: Uint8Array): Problem | undefined
  end(): Problem | undefined
}

const refusal = (problem: Problem) => new ApiError(problem.key, problem)

/** The body's text, as the Fetch API's text() has it, where every later reader looks. */
function keepText(c: Context, bytes: Buffer): void {
  const text = bytes.toString('utf8')
  // A byte order mark is not part of the text (the Fetch API's text() drops it too).
  keepBodyText(c, text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
}

function bufferNodeBody(c: Context, incoming: IncomingMessage, maxBytes: number, tooLarge: () => ApiError, watch: BodyWatch | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const cleanup = () => {
      incoming.off('data', onData)
      incoming.off('end', onEnd)
      incoming.off('error', onError)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        cleanup()
        incoming.pause()
        // The rest stays unread: see leaveBodyUnread, which the answer's error handler calls.
        reject(tooLarge())
        return
      }
      const problem = watch?.chunk(chunk)
      if (problem) {
        cleanup()
        incoming.pause()
        reject(refusal(problem))
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      cleanup()
      const problem = watch?.end()
      if (problem) {
        reject(refusal(problem))
        return
      }
      keepText(c, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size))
      resolve()
    }
    const onError = (error: Error) => {
      cleanup()
      reject(error)
    }
    incoming.on('data', onData).on('end', onEnd).on('error', onError)
  })
}

async function bufferWebBody(c: Context, maxBytes: number, tooLarge: () => ApiError, watch: BodyWatch | undefined): Promise<void> {
  const chunks: Uint8Array[] = []
  let size = 0
  const body = c.req.raw.body
  if (body) {
    const reader = body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.length
      if (size > maxBytes) {
        // No socket behind a web Request: cancelling only stops its source.
        await reader.cancel()
        throw tooLarge()
      }
      const problem = watch?.chunk(value)
      if (problem) {
        await reader.cancel()
        throw refusal(problem)
      }
      chunks.push(value)
    }
  }
  const problem = watch?.end()
  if (problem) throw refusal(problem)
  keepText(c, Buffer.concat(chunks, size))
}

/**
 * The most of a refused body read (and thrown away) after its answer: about what a client can have
 * written into the kernel's buffers without the server reading (Linux grows a receive buffer to
 * 6 MB by default), so a client that sent its body whole may reuse its connection.
 */
const UNREAD_BODY_DISCARD_BYTES = 16 * 1024 * 1024

/**
 * The most of a body read after a 429: a partner past its budget that keeps sending large bodies
 * would otherwise have every refused megabyte read (CPU, and buffers whose collection pauses every
 * other partner's requests). Past this, its connection is closed after the answer, as for an
 * oversized body: the client pays a new connection for each refusal, the server nothing.
 */
export const REFUSED_OVER_BUDGET_DISCARD_BYTES = 64 * 1024

/**
 * A request answered before its body was read whole (a 413, a 415, a 401 or a 404 with a body).
 * Left alone, @hono/node-server and Node read such a body on and throw it away as fast as the client
 * sends it, up to 64 MB a connection: CPU and garbage (tens of MB of RSS before a collection) for
 * bytes nobody wants. Here the rest is read to its end only while it is small enough for the client
 * to have sent it whole (the connection then serves its next request, as keep-alive clients expect);
 * a body declared larger, or one that runs past that, is left unread: the client's bytes wait in the
 * kernel's buffers while it reads the answer, and the adapter closes the connection half a second
 * after the answer. Not closed at once: a reset under a client still writing may lose it the answer.
 */
export function leaveBodyUnread(c: Context, discardBytes = UNREAD_BODY_DISCARD_BYTES): void {
  const incoming = incomingOf(c)
  if (!incoming || incoming.complete || incoming.destroyed) return
  const holdBack = () => {
    incoming.off('data', onData)
    incoming.pause()
    // The adapter's drain and Node's own dump resume the request to discard the rest: not this one.
    incoming.resume = () => incoming
  }
  let discarded = 0
  const onData = (chunk: Buffer) => {
    discarded += chunk.length
    if (discarded > discardBytes) holdBack()
  }
  // A declared length over the bound is not read at all. Under the general bound the client has
  // likely sent it whole and waits for its answer on a keep-alive connection: the answer says the
  // connection closes, so the client does not send its next request on a connection closed under it.
  const chunked = incoming.headers['transfer-encoding'] !== undefined
  const declared = Number(incoming.headers['content-length'])
  if (!chunked && declared > discardBytes) {
    if (declared <= UNREAD_BODY_DISCARD_BYTES) c.header('Connection', 'close')
    return holdBack()
  }
  incoming.on('data', onData)
  incoming.resume()
}

/**
 * The body of an upload, read chunk by chunk with back-pressure: from Node's socket when served by
 * @hono/node-server, else from the web stream. Nothing is read until the first `next()`.
 */
export function requestBodySource(c: Context): BodySource {
  const incoming = incomingOf(c)
  let source: BodySource | undefined
  const open = () => (source ??= incoming ? nodeBodySource(incoming) : webBodySource(c.req.raw.body))
  return { next: () => open().next(), release: () => source?.release() }
}
