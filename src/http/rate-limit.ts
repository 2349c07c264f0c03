import type { MiddlewareHandler } from 'hono'
import { ApiError } from './api-error.ts'
import type { AppEnv } from './app-env.ts'
import { setResponseHeader } from './node-request.ts'
import type { TokenBuckets } from './token-buckets.ts'

/**
 * A partner's request rate (docs/design.md "Partners"): after authentication, each request takes one
 * token of the partner's bucket; an empty bucket answers 429 (010604) with Retry-After. Every answer
 * carries RateLimit-Limit (requests a second), RateLimit-Remaining and RateLimit-Reset (seconds until
 * a request would be taken again), so a client can pace itself before it is refused.
 */
export function partnerRateLimit(buckets: TokenBuckets): MiddlewareHandler<AppEnv> {
  const limit = String(buckets.perSecond)
  return async (c, next) => {
    const take = buckets.take(c.get('auth').partnerUniqueID)
    setResponseHeader(c, 'RateLimit-Limit', limit)
    setResponseHeader(c, 'RateLimit-Remaining', String(take.remaining))
    setResponseHeader(c, 'RateLimit-Reset', String(take.retryAfterSeconds))
    if (!take.allowed) {
      const seconds = String(take.retryAfterSeconds)
      throw new ApiError('PARTNER_RATE_LIMITED', { field: '', params: { limit, seconds } }, { 'Retry-After': seconds })
    }
    await next()
  }
}
