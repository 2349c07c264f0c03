import type { MiddlewareHandler } from 'hono'
import { randomUUID } from 'node:crypto'
import type { Logger } from '../../platform/logger.ts'
import type { AppEnv } from '../router/app-env.ts'
import { negotiateLanguage } from '../../common/language.ts'
import { readHeadersFromNode, setResponseHeader } from '../node-adapter/index.ts'
import { setSecurityHeaders } from './security-headers.ts'

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * First middleware of every request: the answer language and a request id
 * (the client's X-Request-Id when it is sane, else a new one), echoed back and put in the access
 * log line written when the answer leaves; and the security headers of every answer.
 */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async function requestContextOf(c, next) {
    const started = performance.now()
    readHeadersFromNode(c)
    const incoming = c.req.header('x-request-id')
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    const lang = negotiateLanguage(c.req.header('accept-language'))
    c.set('requestId', requestId)
    c.set('lang', lang)
    // Set before the handler runs: headers added to a finished response make the Node adapter
    // rebuild it, which costs more than most handlers.
    setResponseHeader(c, 'X-Request-Id', requestId)
    setResponseHeader(c, 'Content-Language', lang)
    setSecurityHeaders(c)
    await next()
    if (logger.enabled('info')) {
      logger.info('request', {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        partner: c.get('auth')?.partnerUniqueID,
      })
    }
  }
}
