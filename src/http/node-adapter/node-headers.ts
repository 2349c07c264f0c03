import type { Context } from 'hono'
import { HonoRequest } from 'hono/request'
import { fieldsKeptForHead, keepAllForHead, keepForHead } from './answer-head.ts'
import { cachedAnswerOf } from './answer-text.ts'
import { countFallback } from './fast-path-probe.ts'
import { incomingOf, outgoingOf, servedByNode } from './node-bindings.ts'

const honoHeader = HonoRequest.prototype.header

/**
 * Makes `c.req.header()` read Node's parsed headers for the rest of the request (every middleware,
 * validator and handler), by replacing the method on Hono's request object. A header sent more than
 * once reads as the Fetch API has it, every value joined with ", " (Node keeps only the first
 * Authorization or Content-Type): a second Authorization makes the token unreadable, as before,
 * rather than silently ignored.
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
  const request = c.req as { header: unknown }
  request.header = header
  // Hono made the method unwritable: its own (slower) header reads go on working.
  if (request.header !== header) countFallback('headers')
}

/** Whether `c.req.header()` reads Node's parsed headers (the fast path) rather than Hono's web Headers. */
export const readsHeadersFromNode = (c: Context): boolean => c.req.header !== honoHeader

/**
 * Sets a header of the answer, whatever the handler answers with: kept for the head Node writes
 * (answer-head.ts), or set on Node's response when the server was made without the sandbox's
 * options (counted as a fall back), or on Hono's answer without a Node server (`app.request()`).
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  const outgoing = outgoingOf(c)
  if (outgoing && !outgoing.headersSent) {
    if (keepForHead(outgoing, name, value)) return
    countFallback('head')
    outgoing.setHeader(name, value)
  } else c.header(name, value)
}

/** Sets several headers of the answer as `setResponseHeader` does, kept for the head in one step. */
export function setResponseHeaders(c: Context, fields: ReadonlyArray<readonly [string, string]>): void {
  const outgoing = outgoingOf(c)
  if (outgoing && !outgoing.headersSent && keepAllForHead(outgoing, fields)) return
  for (const [name, value] of fields) setResponseHeader(c, name, value)
}

/**
 * The headers of an answer as the client receives them: those set on Node's response (the fair
 * share's, the security headers) merged with the Response's own, names in lower case. Cookies are
 * left out: they are no one's business in a journal. The Response's own are read as the handler gave
 * them (node-server's cache) when they are a plain record: reading `res.headers` would build a
 * `Headers` object, and make Node write the head through the slower way too.
 */
export function responseHeadersOf(c: Context, res: Response): Record<string, string> {
  const all: Record<string, string> = {}
  const outgoing = outgoingOf(c)
  if (outgoing) {
    const kept = fieldsKeptForHead(outgoing)
    if (kept) for (const name in kept) all[name.toLowerCase()] = kept[name]!
    for (const [name, value] of Object.entries(outgoing.getHeaders())) if (value !== undefined) all[name] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  const cached = cachedAnswerOf(res)
  const given = cached?.[2]
  if (given !== null && typeof given === 'object' && Object.getPrototypeOf(given) === Object.prototype) {
    for (const [name, value] of Object.entries(given as Record<string, unknown>)) if (value !== undefined) all[name.toLowerCase()] = String(value)
  } else {
    // An answer with a body that node-server kept no cache of: its private part moved.
    if (cached === undefined && servedByNode(c) && res.body !== null) countFallback('answerHeaders')
    res.headers.forEach((value, name) => {
      all[name] = value
    })
  }
  delete all['set-cookie']
  return all
}
