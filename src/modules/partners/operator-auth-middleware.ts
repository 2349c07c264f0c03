import { createHash, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { TrustProxy } from '../../platform/config.ts'
import { addressKey } from '../../common/address-key.ts'
import { ApiError } from '../../common/api-error.ts'
import { localizedProblem, text } from '../../common/problems.ts'
import type { AppEnv } from '../../http/router/app-env.ts'
import { clientAddress } from '../../http/node-adapter/index.ts'
import { createTokenBuckets } from '../../http/fair-share/token-buckets.ts'
import { LOGIN_THROTTLE } from './auth/login-throttle.ts'

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * The operator API's door: `Authorization: Bearer <SANDBOX_OPERATOR_TOKEN>`, compared in constant
 * time. Without a configured token the operator API is off (403); a missing or wrong token is 401.
 * Build it once per app: every operator route shares its count of failures.
 *
 * Failed attempts are throttled by client address (its throttle key, common/address-key.ts) like
 * failed logins: 30 at once, then one every 10 s; past them, every attempt from the address, with the
 * right token or not, answers 429 (010510, `Retry-After`) without a comparison, so the token cannot
 * be guessed at the speed of the network. The count is taken before the next request is looked at,
 * so attempts sent together cannot outrun it.
 */
export function operatorAuth(operatorToken: string | undefined, options: { trustProxy: TrustProxy; now?: () => number }): MiddlewareHandler<AppEnv> {
  const expected = operatorToken === undefined ? undefined : digest(operatorToken)
  const failures = createTokenBuckets({
    burst: LOGIN_THROTTLE.addressBurst,
    perSecond: 1000 / LOGIN_THROTTLE.addressRefillMs,
    ...(options.now ? { now: options.now } : {}),
  })
  const failed = (address: string, detail: string) => {
    failures.take(address)
    return new ApiError('OPERATOR_UNAUTHENTICATED', { field: 'Authorization', params: { detail } })
  }
  return async function operatorToken(c, next) {
    if (!expected) {
      throw new ApiError('FORBIDDEN', { field: 'Authorization', params: { detail: 'use the operator API: this sandbox has no operator token (SANDBOX_OPERATOR_TOKEN)' } })
    }
    const address = addressKey(clientAddress(c, options.trustProxy))
    const left = failures.state(address)
    if (left.remaining < 1) {
      const seconds = String(left.resetSeconds)
      throw new ApiError('LOGIN_THROTTLED', localizedProblem('LOGIN_THROTTLED', 'Authorization', { subject: text('deste endereço', 'from this address'), seconds }), {
        'Retry-After': seconds,
      })
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
    if (!match) throw failed(address, "the Authorization header must be 'Bearer <operator token>'")
    if (!timingSafeEqual(digest(match[1]!), expected)) throw failed(address, 'the token is not the operator token')
    await next()
  }
}
