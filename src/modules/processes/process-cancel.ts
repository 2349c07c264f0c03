import type { AppDeps } from '../../composition-root.ts'
import { ApiError } from '../../http/api-error.ts'
import type { AuthContext } from '../auth/token.service.ts'
import { assertProcessStatus, ownedProcess } from './process-access.ts'
import { processStatuses } from './process-status.ts'
import { applyProcessStatus } from './process-transitions.ts'

/**
 * Process Cancel: from a status whose `cancelable` flag is set (Draft, Submitted, In analysis,
 * Approved), to Cancelled with the reason and comments; history and notification 5.
 * @throws ApiError 404, 400 (unknown reason, status not cancelable).
 */
export function cancelProcess(deps: AppDeps, auth: AuthContext, processUniqueId: string, reasonId: number, comments: string | null | undefined): number {
  const row = ownedProcess(deps, auth, processUniqueId)
  if (!deps.taxonomy.has('proposal-cancel-reasons', reasonId)) {
    throw new ApiError('UNKNOWN_REFERENCE', { field: 'proposalCancelReasonId', params: { value: reasonId, list: 'proposal-cancel-reasons' } })
  }
  const statuses = processStatuses(deps.taxonomy)
  assertProcessStatus(deps, row, statuses.cancelable)
  const cancelled = statuses.id('CANCELLED')
  applyProcessStatus(deps, row, cancelled, 'api', auth.userId, { cancel: { reasonId, observations: comments || null } })
  return cancelled
}
