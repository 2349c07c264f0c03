import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { Context } from 'hono'
import type { Socket } from 'node:net'
import { incomingOf, outgoingOf } from './node-bindings.ts'

/**
 * The connection faults of the sandbox's network-fault scenarios (docs/design.md "Network faults"),
 * done on Node's socket by hand. Each returns what the app answers Hono with afterwards: a response
 * @hono/node-server writes nothing of (its documented RESPONSE_ALREADY_SENT header), carrying the
 * status the journal records. Under `app.request()` there is no socket: `breakable()` says so first.
 */

/** An answer as the operation gave it, to be cut or trickled. */
export interface AnswerBytes {
  status: number
  headers: Headers
  body: Uint8Array
}

const socketOf = (c: Context): Socket | undefined => incomingOf(c)?.socket ?? undefined

/** Whether the request has a connection the sandbox can break: served by Node, and still open. */
export const breakable = (c: Context): boolean => outgoingOf(c) !== undefined && socketOf(c)?.destroyed === false

/** The answer of a request whose connection was dealt with by hand; `status` is what the journal records. */
const handled = (status: number): Response => new Response(null, { status, headers: RESPONSE_ALREADY_SENT.headers })

/** Resolves when the socket closes, or after `ms`, whichever comes first (the timer is then cleared). */
function closedOr(socket: Socket, ms: number): Promise<void> {
  if (socket.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      socket.off('close', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    socket.once('close', done)
  })
}

/** Resolves once the socket has closed (at once if it has). */
const closed = (socket: Socket): Promise<void> => (socket.destroyed ? Promise.resolve() : new Promise((resolve) => socket.once('close', () => resolve())))

/** The socket reset (TCP RST) before any byte of an answer: the client reads ECONNRESET. */
export async function resetConnection(c: Context, status: number): Promise<Response> {
  const socket = socketOf(c)!
  socket.resetAndDestroy()
  await closed(socket)
  return handled(status)
}

/** The socket closed (FIN) without a byte of an answer: an empty reply. */
export async function closeWithoutAnswer(c: Context, status: number): Promise<Response> {
  const socket = socketOf(c)!
  socket.destroySoon()
  await closed(socket)
  return handled(status)
}

/** No answer for `ms` (or until the client gives up), then the socket closed: the client's own timeout fires first. */
export async function holdThenClose(c: Context, ms: number, status: number): Promise<Response> {
  const socket = socketOf(c)!
  await closedOr(socket, ms)
  socket.destroySoon()
  await closed(socket)
  return handled(status)
}

const headersOf = (answer: AnswerBytes): Record<string, string> => {
  const headers: Record<string, string> = {}
  answer.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'transfer-encoding') headers[name] = value
  })
  headers['content-length'] = String(answer.body.byteLength)
  return headers
}

/** The status and headers of the answer (its whole length declared), half its body, then the socket closed. */
export async function cutAnswer(c: Context, answer: AnswerBytes): Promise<Response> {
  const outgoing = outgoingOf(c)!
  const socket = socketOf(c)!
  outgoing.writeHead(answer.status, headersOf(answer))
  const half = answer.body.subarray(0, Math.floor(answer.body.byteLength / 2))
  await new Promise<void>((resolve) => outgoing.write(half, () => resolve()))
  socket.destroySoon()
  await closed(socket)
  return handled(answer.status)
}

/** The answer whole, its body written in small pieces spread over `ms` (cut short if the client leaves). */
export async function trickleAnswer(c: Context, answer: AnswerBytes, ms: number): Promise<Response> {
  const outgoing = outgoingOf(c)!
  const socket = socketOf(c)!
  outgoing.writeHead(answer.status, headersOf(answer))
  outgoing.flushHeaders()
  const pieces = Math.max(1, Math.min(20, answer.body.byteLength))
  const size = Math.ceil(answer.body.byteLength / pieces)
  for (let start = 0; start < answer.body.byteLength && !socket.destroyed; start += size) {
    if (start > 0) await closedOr(socket, ms / pieces)
    if (!socket.destroyed) outgoing.write(answer.body.subarray(start, start + size))
  }
  if (!socket.destroyed) await new Promise<void>((resolve) => outgoing.end(() => resolve()))
  return handled(answer.status)
}
