import { ApiError } from './api-error.ts'
import { text } from './problems.ts'

const ADMIN_ONLY = text(
  'Sem permissão: esta operação muda o parceiro todo e precisa de um utilizador administrador do parceiro.',
  'Not allowed: this operation changes the whole partner and needs a user who administers the partner.',
)

/** The refusal of a partner-wide change to a user who is not an administrator of the partner: 403 (010504). */
export const adminRequired = () => new ApiError('FORBIDDEN', { field: 'Authorization', message: ADMIN_ONLY })
