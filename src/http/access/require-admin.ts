import type { MiddlewareHandler } from 'hono'
import type { AuthContext } from '../../common/auth-context.ts'
import { adminRequired } from '../../common/admin-required.ts'

/**
 * The door of the partner-wide routes (docs/design.md "Roles"): the caller must administer its
 * partner, as the live user says now. Put on exactly the routes `http/access/access-rules.ts` declares
 * `admin`, after authentication: the other routes pay nothing for it.
 */
export const requireAdmin: MiddlewareHandler<{ Variables: { auth: AuthContext } }> = (c, next) => {
  if (!c.get('auth').admin) throw adminRequired()
  return next()
}
