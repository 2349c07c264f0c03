import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './app-env.ts'

/** Puts the token's partner, broker and user in `c.get('auth')`, or answers 401. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('auth', c.get('deps').tokens.authenticate(c.req.header('authorization')))
  await next()
}
