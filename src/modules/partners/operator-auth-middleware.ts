import { createHash, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { ApiError } from '../../common/api-error.ts'
import type { AppEnv } from '../../http/app-env.ts'

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * The operator API's door: `Authorization: Bearer <SANDBOX_OPERATOR_TOKEN>`, compared in constant
 * time. Without a configured token the operator API is off (403); a missing or wrong token is 401.
 */
export function operatorAuth(operatorToken: string | undefined): MiddlewareHandler<AppEnv> {
  const expected = operatorToken === undefined ? undefined : digest(operatorToken)
  return async (c, next) => {
    if (!expected) {
      throw new ApiError('FORBIDDEN', { field: 'Authorization', params: { detail: 'use the operator API: this sandbox has no operator token (SANDBOX_OPERATOR_TOKEN)' } })
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
    if (!match) throw new ApiError('OPERATOR_UNAUTHENTICATED', { field: 'Authorization', params: { detail: "the Authorization header must be 'Bearer <operator token>'" } })
    if (!timingSafeEqual(digest(match[1]!), expected)) throw new ApiError('OPERATOR_UNAUTHENTICATED', { field: 'Authorization', params: { detail: 'the token is not the operator token' } })
    await next()
  }
}
