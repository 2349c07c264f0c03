import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './app-env.ts'
import type { AuthContext } from '../common/auth-context.ts'

/** Reads the Authorization header: the caller, or an ApiError 401. */
export type Authenticate = (authorization: string | undefined) => AuthContext

/**
 * Puts the token's partner, broker and user in `c.get('auth')`, or answers 401; then runs `then`
 * (the request journal) in the same step: one middleware less for every request to go through.
 */
export const requireAuth =
  (authenticate: Authenticate, then?: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    c.set('auth', authenticate(c.req.header('authorization')))
    return then ? then(c, next) : next()
  }
