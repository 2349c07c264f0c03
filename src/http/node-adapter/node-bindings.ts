import type { Context } from 'hono'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TrustProxy } from '../../platform/config.ts'
import { clientFromForwarded, fromTrustedProxy } from '../pipeline/forwarded-for.ts'

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

export const incomingOf = (c: Context): IncomingMessage | undefined => (c.env as NodeBindings | undefined)?.incoming
export const outgoingOf = (c: Context): ServerResponse | undefined => (c.env as NodeBindings | undefined)?.outgoing

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
