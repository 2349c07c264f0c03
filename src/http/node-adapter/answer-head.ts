import { serve, type ServerType } from '@hono/node-server'
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, type ServerOptions } from 'node:http'

type HeadArgument = string | OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined

/**
 * Node's answer, with the header fields every answer carries (the request id, the language, the
 * security headers, the fair share's) kept as a plain record until Node writes the head, and given
 * to it then in one step (docs/decisions/1087-the-answer-s-own-headers-written-with-its-head.md).
 *
 * Set one by one with `setHeader`, seven fields cost seven validations and a header table of
 * Node's, and made `writeHead` take its slow path for the answer's own headers too: more than a
 * cached Simulation Detail takes to answer. Node still validates every field once, as it writes
 * the head. The handler's answer wins over a field of the same name, as it did over `setHeader`.
 */
export class AnswerWithHead extends ServerResponse<IncomingMessage> {
  /** The fields to write with the head, by name as given (kept once written: the journal reads them). */
  headFields: Record<string, string> | undefined = undefined
  #headWritten = false

  override writeHead(statusCode: number, reasonOrHeaders?: HeadArgument, maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    const fields = this.#headWritten ? undefined : this.headFields
    this.#headWritten = true
    if (fields === undefined) return super.writeHead(statusCode, reasonOrHeaders as string, maybeHeaders)
    const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : undefined
    const given = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders
    if (Array.isArray(given)) {
      // Headers as a list (no route answers so): the fields go into Node's table, the list after them.
      for (const name in fields) if (!this.hasHeader(name)) this.setHeader(name, fields[name]!)
      return super.writeHead(statusCode, reasonOrHeaders as string, maybeHeaders)
    }
    const head: OutgoingHttpHeaders = {}
    const named = new Set<string>()
    for (const name in given) {
      head[name] = given[name]
      named.add(name.toLowerCase())
    }
    for (const name in fields) {
      if (!named.has(name.toLowerCase()) && !this.hasHeader(name)) head[name] = fields[name]
    }
    return reason === undefined ? super.writeHead(statusCode, head) : super.writeHead(statusCode, reason, head)
  }
}

/** The server options under which answers take their fields in one step. */
export const NODE_SERVER_OPTIONS: ServerOptions = { ServerResponse: AnswerWithHead as typeof ServerResponse }

/** Serves a fetch app on Node, as the sandbox does (its answers an `AnswerWithHead`). */
export function serveApp(fetch: (request: Request, env: unknown) => Response | Promise<Response>, options: { port: number; hostname: string }, listening: () => void): ServerType {
  return serve({ fetch, port: options.port, hostname: options.hostname, serverOptions: NODE_SERVER_OPTIONS }, listening)
}

/**
 * Keeps a header field for the head, on an `AnswerWithHead` whose head is not written yet: false
 * when the answer is not one (a server made without `NODE_SERVER_OPTIONS`).
 */
export function keepForHead(outgoing: ServerResponse, name: string, value: string): boolean {
  if (!(outgoing instanceof AnswerWithHead) || outgoing.headersSent) return false
  ;(outgoing.headFields ??= {})[name] = value
  return true
}

/** Keeps several header fields for the head in one step (`keepForHead` for each): false as it does. */
export function keepAllForHead(outgoing: ServerResponse, fields: ReadonlyArray<readonly [string, string]>): boolean {
  if (!(outgoing instanceof AnswerWithHead) || outgoing.headersSent) return false
  const kept = (outgoing.headFields ??= {})
  for (const [name, value] of fields) kept[name] = value
  return true
}

/** The fields kept for an answer's head (written or not). */
export const fieldsKeptForHead = (outgoing: ServerResponse): Readonly<Record<string, string>> | undefined => (outgoing instanceof AnswerWithHead ? outgoing.headFields : undefined)
