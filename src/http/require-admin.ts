import type { MiddlewareHandler } from 'hono'
import { ApiError } from './api-error.ts'
import type { AuthContext } from './app-env.ts'
import { text } from './problems.ts'

const ADMIN_ONLY = text(
  'Sem permissão: esta operação muda o parceiro todo e precisa de um utilizador administrador do parceiro.',
  'Not allowed: this operation changes the whole partner and needs a user who administers the partner.',
)

/** The refusal of a partner-wide change to a user who is not an administrator of the partner: 403 (010504). */
export const adminRequired = () => new ApiError('FORBIDDEN', { field: 'Authorization', message: ADMIN_ONLY })

/**
 * The door of the partner-wide routes (docs/design.md "Roles"): the caller must administer its
 * partner, as the live user says now. Put on exactly the routes `http/access-rules.ts` declares
 * `admin`, after authentication: the other routes pay nothing for it.
 */
export const requireAdmin: MiddlewareHandler<{ Variables: { auth: AuthContext } }> = (c, next) => {
  if (!c.get('auth').admin) throw adminRequired()
  return next()
}
