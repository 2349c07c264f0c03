import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ApiError } from './api-error.ts'
import type { AppEnv } from './app-env.ts'

/**
 * JSON bodies stop at `maxBytes` (413 with the error body), read as a stream so a client cannot
 * make the server buffer more. Multipart uploads are left to the routes that take them.
 */
export function jsonBodyLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE', { field: 'body', params: { limit: `${Math.round(maxBytes / 1024)} KB` } })
    },
  })
  return (c, next) => {
    // Touching the body of a GET makes the Node adapter build a full Request: skip the methods
    // whose body no operation reads.
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next()
    if (/^multipart\//i.test(c.req.header('content-type') ?? '')) return next()
    return limit(c, next)
  }
}
