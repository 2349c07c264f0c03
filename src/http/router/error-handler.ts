import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { ApiError, renderError } from '../../common/api-error.ts'
import type { Logger } from '../../platform/logger.ts'
import { NO_METRICS, type Metrics } from '../../common/metrics.ts'
import type { AppEnv } from './app-env.ts'
import { negotiateLanguage } from '../../common/language.ts'
import { isClientAbort, leaveBodyUnread, REFUSED_OVER_BUDGET_DISCARD_BYTES } from '../node-adapter/index.ts'

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024

function fromHttpException(error: HTTPException, c: Context<AppEnv>): ApiError {
  switch (error.status) {
    case 400:
      return /json/i.test(error.message) ? new ApiError('MALFORMED_JSON', { field: 'body' }) : new ApiError('INVALID_VALUE', { field: 'body' })
    case 413:
      return new ApiError('PAYLOAD_TOO_LARGE', { field: 'body', params: { limit: `${JSON_BODY_LIMIT_BYTES / 1024 / 1024} MB` } })
    case 415:
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', {
        field: 'Content-Type',
        params: { detail: c.req.header('content-type') ?? '(none)' },
      })
    case 401:
      return new ApiError('UNAUTHENTICATED', { field: 'Authorization', params: { detail: error.message } })
    case 404:
      return new ApiError('ROUTE_NOT_FOUND', { field: 'path', params: { method: c.req.method, path: c.req.path } })
    default:
      return new ApiError('INTERNAL_ERROR', { field: '', params: { requestId: c.get('requestId') ?? '' } })
  }
}

/**
 * One error body for everything (docs/design.md "Conventions"). ApiError is meant for the client;
 * anything else is a bug: logged with its stack and request id, answered as a 500 without it.
 */
export const errorHandler =
  (logger: Logger, metrics: Pick<Metrics, 'refusal'> = NO_METRICS): ErrorHandler<AppEnv> =>
  (error, c) => {
    const lang = c.get('lang') ?? negotiateLanguage(c.req.header('accept-language'))
    let apiError: ApiError
    if (error instanceof ApiError) apiError = error
    else if (error instanceof HTTPException) apiError = fromHttpException(error, c)
    else if (isClientAbort(error, c)) {
      // Nobody is left to answer: a line for the record, no stack (nothing went wrong here).
      logger.info('request aborted by the client', { requestId: c.get('requestId'), method: c.req.method, path: c.req.path })
      apiError = new ApiError('VALIDATION_FAILED', { field: 'body' })
    } else {
      logger.error('unhandled error', {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        error: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      })
      apiError = new ApiError('INTERNAL_ERROR', { field: '', params: { requestId: c.get('requestId') ?? '' } })
    }
    // Every refusal by its catalogue key, here where all of them pass (the rate limit's, the quotas', the validation's).
    metrics.refusal(apiError.key, apiError.status)
    for (const [name, value] of Object.entries(apiError.headers)) c.header(name, value)
    // Over its budget, or nested past the limit (no client's body is), a large body is not read at all:
    // its connection closes after the answer.
    leaveBodyUnread(c, apiError.status === 429 || apiError.key === 'JSON_TOO_DEEP' ? REFUSED_OVER_BUDGET_DISCARD_BYTES : undefined)
    return c.json(renderError(apiError, lang), apiError.status)
  }

/** No route for the method and path: the same error body, through the app's error handler. */
export const notFoundHandler =
  (onError: ErrorHandler<AppEnv>): NotFoundHandler<AppEnv> =>
  (c) =>
    onError(new ApiError('ROUTE_NOT_FOUND', { field: 'path', params: { method: c.req.method, path: c.req.path } }), c)
