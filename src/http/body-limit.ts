import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ApiError } from './api-error.ts'
import type { AppEnv } from './app-env.ts'

/**
 * JSON bodies stop at `maxBytes` (413 with the error body), read as a stream so a client cannot
 * make the server buffer more. Multipart uploads are left to the routes that take them.
 */
export function jsonBodyLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  const tooLarge = () => new ApiError('PAYLOAD_TOO_LARGE', { field: 'body', params: { limit: `${Math.round(maxBytes / 1024)} KB` } })
  const streamed = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge()
    },
  })
  return (c, next) => {
    // Touching `c.req.raw.body` makes the Node adapter build a full web Request, which costs more
    // than most handlers: GETs and bodies with a declared length never need it.
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next()
    if (/^multipart\//i.test(c.req.header('content-type') ?? '')) return next()
    const declared = c.req.header('content-length')
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(declared) > maxBytes) throw tooLarge()
      return next()
    }
    return streamed(c, next)
  }
}
