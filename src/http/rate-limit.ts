import type { MiddlewareHandler } from 'hono'
import { ApiError } from './api-error.ts'
import type { AppEnv } from './app-env.ts'
import { setResponseHeader } from './node-request.ts'
import { createTokenBuckets, type TokenBuckets } from './token-buckets.ts'

/**
 * A partner's request rate (docs/design.md "Partners"): after authentication, each request takes one
 * token of the partner's bucket; an empty bucket answers 429 (010604) with Retry-After. Every answer
 * carries RateLimit-Limit (requests a second), RateLimit-Remaining and RateLimit-Reset (seconds until
 * a request would be taken again), so a client can pace itself before it is refused.
 *
 * A client that goes on regardless (more refusals than a second's worth of its rate, within a
 * second) has its further refusals answered only after `refusalDelayMs` (or up to half more): a flood then slows itself
 * down, instead of taking the core every partner shares. A client that honours Retry-After never
 * meets the delay.
 */
export function partnerRateLimit(buckets: TokenBuckets, options: { refusalDelayMs?: number } = {}): MiddlewareHandler<AppEnv> {
  const limit = String(buckets.perSecond)
  const refusalDelayMs = options.refusalDelayMs ?? 1000
  const refusals = createTokenBuckets({ perSecond: buckets.perSecond, burst: Math.max(1, buckets.perSecond) })
  return async (c, next) => {
    const partner = c.get('auth').partnerUniqueID
    const take = buckets.take(partner)
    setResponseHeader(c, 'RateLimit-Limit', limit)
    setResponseHeader(c, 'RateLimit-Remaining', String(take.remaining))
    setResponseHeader(c, 'RateLimit-Reset', String(take.retryAfterSeconds))
    if (!take.allowed) {
      // Between one and one and a half delays: a flood's connections come back spread out, not together.
      if (!refusals.take(partner).allowed) await new Promise((resolve) => setTimeout(resolve, refusalDelayMs * (1 + Math.random() / 2)))
      const seconds = String(take.retryAfterSeconds)
      throw new ApiError('PARTNER_RATE_LIMITED', { field: '', params: { limit, seconds } }, { 'Retry-After': seconds })
    }
    await next()
  }
}
