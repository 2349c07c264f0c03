import type { Context } from 'hono'
import { countFallback } from './fast-path-probe.ts'
import { servedByNode } from './node-bindings.ts'

const JSON_TYPE = /^application\/([a-z.+-]*\+)?json/i

let cacheSymbol: symbol | undefined

/**
 * @hono/node-server's Response keeps `[status, body, headers]` under a private symbol described
 * 'cache', the headers as the handler gave them until something reads `res.headers`.
 */
export function cachedAnswerOf(res: Response): [number, unknown, unknown] | undefined {
  cacheSymbol ??= Object.getOwnPropertySymbols(res).find((key) => key.description === 'cache')
  return cacheSymbol ? (res as unknown as Record<symbol, [number, unknown, unknown] | undefined>)[cacheSymbol] : undefined
}

const cachedBodyOf = (res: Response): unknown => cachedAnswerOf(res)?.[1]

/**
 * The text of a JSON answer: from @hono/node-server's own Response, which keeps the string it was
 * built from for its fast path (read without copying the answer or touching Node's response object:
 * replacing a method on it made every answer of the server slower, not only the journaled ones);
 * else from a clone of the answer. Undefined for an answer that is not JSON.
 */
export function answerJsonText(c: Context, res: Response): string | Promise<string> | undefined {
  const cached = cachedBodyOf(res)
  if (typeof cached === 'string') return cached
  const type = res.headers.get('content-type')
  if (!type || !JSON_TYPE.test(type)) return undefined
  // Served by Node, a JSON answer built from a string should have been in the cache.
  if (servedByNode(c) && (cached === undefined || cached === null)) countFallback('answerText')
  return res.clone().text()
}
