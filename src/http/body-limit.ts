import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ApiError } from './api-error.ts'
import type { AppEnv } from './app-env.ts'
import { bufferNodeBody, servedByNode } from './node-request.ts'

/**
 * Request bodies stop at `maxBytes` (413 with the error body): a declared length is checked before
 * reading, and reading stops as soon as a body passes the limit, so a client cannot make the server
 * buffer more. Multipart uploads are left to the routes that take them (documents, 10 MiB).
 */
export function jsonBodyLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  const tooLarge = () => new ApiError('PAYLOAD_TOO_LARGE', { field: 'body', params: { limit: `${Math.round(maxBytes / 1024)} KB` } })
  const streamed = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge()
    },
  })
  return async (c, next) => {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next()
    const contentType = c.req.header('content-type')
    if (contentType !== undefined && /^multipart\//i.test(contentType)) return next()
    const declared = c.req.header('content-length')
    const chunked = c.req.header('transfer-encoding') !== undefined
    if (declared !== undefined && !chunked && Number(declared) > maxBytes) throw tooLarge()
    // Without a Content-Type the body stays where the routes' media type check looks for it (415).
    if (servedByNode(c) && contentType !== undefined) {
      await bufferNodeBody(c, maxBytes, tooLarge)
      return next()
    }
    // A web Request (app.request), or no Content-Type: a declared length bounds the read, else count while reading.
    if (declared !== undefined && !chunked) return next()
    return streamed(c, next)
  }
}
