import type { Context } from 'hono'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TrustProxy } from '../config.ts'
import { ApiError } from '../common/api-error.ts'
import { nodeBodySource, webBodySource, type BodySource } from '../common/body-source.ts'
import { clientFromForwarded, fromTrustedProxy } from './forwarded-for.ts'

/**
 * The request and response straight from Node (`c.env.incoming`, `c.env.outgoing`) when the app is
 * served by @hono/node-server; the web Request and Response otherwise (`app.request()` in tests).
 *
 * Why: the adapter hands Hono a lightweight Request that builds a web `Headers` object on the first
 * header read, and a web stream on the first body read; Hono's response headers are a web `Headers`
 * too. Each of those costs more than a cached Simulation Detail answer, while Node has already
 * parsed the request headers and merges headers set on its response into the answer it writes.
 */
interface NodeBindings {
  incoming?: IncomingMessage
  outgoing?: ServerResponse
}

const incomingOf = (c: Context): IncomingMessage | undefined => (c.env as NodeBindings | undefined)?.incoming

/** Whether the request came through a Node server (else a web Request: `app.request()`). */
export const servedByNode = (c: Context): boolean => incomingOf(c) !== undefined

/**
 * Whether an error is the client hanging up mid-request (Node's "aborted" while the body was read):
 * the client's doing, not a fault of the sandbox.
 */
export function isClientAbort(error: unknown, c: Context): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as NodeJS.ErrnoException).code
  const aborted = error.message === 'aborted' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE'
  const incoming = incomingOf(c)
  return aborted && incoming !== undefined && (incoming.destroyed || incoming.socket?.destroyed === true)
}

/**
 * Makes `c.req.header()` read Node's parsed headers for the rest of the request (every middleware,
 * validator and handler). A header sent more than once reads as the Fetch API has it, every value
 * joined with ", " (Node keeps only the first Authorization or Content-Type): a second Authorization
 * makes the token unreadable, as before, rather than silently ignored.
 */
export function readHeadersFromNode(c: Context): void {
  const incoming = incomingOf(c)
  if (!incoming) return
  // One entry per header name unless a name came more than once: then read every value.
  const repeated = incoming.rawHeaders.length / 2 !== Object.keys(incoming.headers).length
  const headers: Record<string, string | string[] | undefined> = repeated ? incoming.headersDistinct : incoming.headers
  const valueOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value)
  const header = (name?: string) => {
    if (name !== undefined) return valueOf(headers[name.toLowerCase()])
    const all: Record<string, string> = {}
    for (const key of Object.keys(headers)) all[key] = valueOf(headers[key])!
    return all
  }
  ;(c.req as { header: unknown }).header = header
}

/** Sets a header of the answer, whatever the handler answers with (Node merges it into the head it writes). */
export function setResponseHeader(c: Context, name: string, value: string): void {
  const outgoing = (c.env as NodeBindings | undefined)?.outgoing
  if (outgoing && !outgoing.headersSent) outgoing.setHeader(name, value)
  else c.header(name, value)
}

/**
 * Reads a request body of at most `maxBytes` and leaves it in Hono's body cache, where `c.req.json()`,
 * `c.req.parseBody()` and the route validators read it: from Node's stream when served by Node, else
 * from the web Request. Stops reading and answers 413 as soon as more arrives than allowed (a chunked
 * body has no length to check beforehand), so no body costs more memory than its limit.
 */
export function bufferBody(c: Context, maxBytes: number, tooLarge: () => ApiError): Promise<void> {
  const incoming = incomingOf(c)
  return incoming ? bufferNodeBody(c, incoming, maxBytes, tooLarge) : bufferWebBody(c, maxBytes, tooLarge)
}

/** The body's text, as the Fetch API's text() has it, where every later reader looks. */
function keepText(c: Context, bytes: Buffer): void {
  let text = bytes.toString('utf8')
  // A byte order mark is not part of the text (the Fetch API's text() drops it too).
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  ;(c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text)
}

function bufferNodeBody(c: Context, incoming: IncomingMessage, maxBytes: number, tooLarge: () => ApiError): Promise<void> {
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
      chunks.push(chunk)
    }
    const onEnd = () => {
      cleanup()
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

async function bufferWebBody(c: Context, maxBytes: number, tooLarge: () => ApiError): Promise<void> {
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
      chunks.push(value)
    }
  }
  keepText(c, Buffer.concat(chunks, size))
}

/**
 * The most of a refused body read (and thrown away) after its answer: about what a client can have
 * written into the kernel's buffers without the server reading (Linux grows a receive buffer to
 * 6 MB by default), so a client that sent its body whole may reuse its connection.
 */
const UNREAD_BODY_DISCARD_BYTES = 16 * 1024 * 1024

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
export function leaveBodyUnread(c: Context): void {
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
    if (discarded > UNREAD_BODY_DISCARD_BYTES) holdBack()
  }
  // A declared length over its limit is refused before a byte of it is read: its rest is all of it.
  const chunked = incoming.headers['transfer-encoding'] !== undefined
  if (!chunked && Number(incoming.headers['content-length']) > UNREAD_BODY_DISCARD_BYTES) return holdBack()
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

/**
 * The client's address: the socket's peer, or, behind the reverse proxies the operator trusts
 * (SANDBOX_TRUST_PROXY), the right-most X-Forwarded-For entry they did not add themselves
 * (forwarded-for.ts). Without a Node request (tests calling `app.request()`), the caller stands in
 * for one trusted proxy.
 */
export function clientAddress(c: Context, trust: TrustProxy): string {
  return clientFromForwarded(c.req.header('x-forwarded-for'), peerOf(c), trust)
}

/** Whether the request came through a proxy the operator trusts, whose X-Forwarded-* headers may be read. */
export const viaTrustedProxy = (c: Context, trust: TrustProxy): boolean => fromTrustedProxy(peerOf(c), trust)

const peerOf = (c: Context): string | undefined => {
  const incoming = incomingOf(c)
  return incoming ? (incoming.socket.remoteAddress ?? 'unknown') : undefined
}

let responseCache: symbol | undefined

/**
 * The body of an answer built from a string (a JSON answer), as @hono/node-server's own Response
 * keeps it for its fast path: read without copying the answer or touching Node's response object
 * (replacing a method on it made every answer of the server slower, not only the journaled ones).
 * Undefined for a streamed answer or a web Response (`app.request()`): the caller reads a clone.
 */
export function answerText(res: Response): string | undefined {
  responseCache ??= Object.getOwnPropertySymbols(res).find((key) => key.description === 'cache')
  const cached = responseCache ? (res as unknown as Record<symbol, [number, unknown, unknown] | undefined>)[responseCache] : undefined
  return typeof cached?.[1] === 'string' ? cached[1] : undefined
}
