import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../router/app-env.ts'
import type { AuthContext } from '../../common/auth-context.ts'

/** Reads the Authorization header: the caller, or an ApiError 401. */
export type Authenticate = (authorization: string | undefined) => AuthContext

/** Puts the token's partner, broker and user in `c.get('auth')`, or answers 401. */
export const requireAuth = (authenticate: Authenticate): MiddlewareHandler<AppEnv> =>
  function requireToken(c, next) {
    c.set('auth', authenticate(c.req.header('authorization')))
    return next()
  }
