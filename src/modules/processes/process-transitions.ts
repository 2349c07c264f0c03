import type { PartnerClock } from '../../platform/clock.ts'
import type { Transactions } from '../../db/write-batch.ts'
import { ApiError } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import { localizedProblem, text } from '../../common/problems.ts'
import type { Notifications } from '../callbacks/index.ts'
import { assertTransition, PROCESS_STATES, type TaxonomyCatalog } from '../taxonomy/index.ts'
import type { ProcessAccess } from './process-access.ts'
import { processNotFound } from './process-access.ts'
import type { ProcessRepository, ProcessRow } from './processes.repository.ts'
import type { ProcessStatusOrigin } from './process-status.ts'

type Transitioned = Pick<ProcessRow, 'processUniqueId' | 'partnerUniqueID' | 'brokerId'>

export interface StatusChangeOptions {
  cancel?: { reasonId: number; observations: string | null }
  /** Submit stamps the submission date. */
  submitted?: boolean
  /** From proposal-reject-reasons, recorded with a move to Rejected. */
  rejectReasonId?: number | null
}

/** The proposal-reject-reasons code of a rejection that names no reason. */
export const DEFAULT_PROCESS_REJECT_REASON = 'BANK_POLICY'

export interface ProcessTransitionsDeps {
  processes: ProcessRepository
  access: ProcessAccess
  writes: Transactions
  clock: PartnerClock
  taxonomy: TaxonomyCatalog
  notifications: Pick<Notifications, 'processStatusChanged' | 'processDecision'>
}

/**
 * Every process status change (docs/design.md "Lifecycles"): recorded with its time and origin and
 * published as notification 5 (process status changed), and 9 (decision) when it is Approved or
 * Rejected, inside the transaction of the change: the notification is stored if and only if the
 * change is.
 */
export function createProcessTransitions(deps: ProcessTransitionsDeps) {
  const { processes, taxonomy, access } = deps
  const { statuses } = access

  /** History and notifications of a change, in the caller's transaction. */
  function record(row: Transitioned, from: number | null, to: number, at: number, origin: ProcessStatusOrigin, userId: number | null, rejectReasonId: number | null = null): void {
    processes.insertHistory(row.processUniqueId, { statusId: to, previousStatusId: from, changedAt: at, origin, userId })
    const status = {
      partnerUniqueID: row.partnerUniqueID,
      brokerId: row.brokerId,
      processUniqueId: row.processUniqueId,
      processStatusId: to,
      processStatusDescription: statuses.describe(to, 'pt-PT'),
    }
    deps.notifications.processStatusChanged({ ...status, previousProcessStatusId: from })
    const decision = taxonomy.get('workflow-states-proposal', to)?.code
    if (decision === 'APPROVED' || decision === 'REJECTED') {
      const reasonId = decision === 'REJECTED' ? rejectReasonId : null
      deps.notifications.processDecision({
        ...status,
        decision,
        rejectReasonId: reasonId,
        rejectReasonDescription: taxonomy.describe('proposal-reject-reasons', reasonId, 'pt-PT'),
      })
    }
  }

  /** Moves a process to a status, with its history and notifications, in one transaction. */
  const apply = deps.writes.transaction((row: ProcessRow, to: number, origin: ProcessStatusOrigin, userId: number | null, options: StatusChangeOptions = {}) => {
    const at = deps.clock.now(row.partnerUniqueID).getTime()
    if (options.cancel) processes.updateCancel(row.processUniqueId, options.cancel.reasonId, options.cancel.observations)
    if (options.rejectReasonId !== undefined) processes.updateRejectReason(row.processUniqueId, options.rejectReasonId)
    processes.updateStatus(row.processUniqueId, to, at, options.submitted ?? false)
    record(row, row.statusId, to, at, origin, userId, options.rejectReasonId ?? null)
  })

  /**
   * Moves a process through the workflow (src/domain/workflow): the sandbox control API and the
   * scenario jobs driving the bank's side. Submitted stamps the submission date; Rejected records its
   * reason (bank credit policy when none is given). Returns the reject reason recorded, null otherwise.
   * @throws ApiError 400 (010301) naming the current status and the allowed ones.
   */
  function transition(row: ProcessRow, to: number, origin: Exclude<ProcessStatusOrigin, 'api'>, rejectReasonId?: number): number | null {
    assertTransition(taxonomy, PROCESS_STATES, row.statusId, to, 'processStatusId')
    const reason = to !== statuses.id('REJECTED') ? null : (rejectReasonId ?? taxonomy.byCode('proposal-reject-reasons', DEFAULT_PROCESS_REJECT_REASON)!.id)
    apply(row, to, origin, null, { submitted: to === statuses.id('SUBMITTED'), ...(reason === null ? {} : { rejectReasonId: reason }) })
    return reason
  }

  return {
    record,
    apply,
    transition,

    /**
     * Moves a process of the broker to any status but out of a final one, skipping the workflow: a
     * shortcut for tests. The control API and scenario jobs use `transition`, which follows it.
     * @throws ApiError 404 (not the broker's), 400 (final status).
     */
    change(brokerId: number, processUniqueId: string, statusId: number, origin: Exclude<ProcessStatusOrigin, 'api'>, userId: number | null = null): void {
      const row = processes.findForBroker(processUniqueId, brokerId)
      if (!row) throw processNotFound(processUniqueId)
      if (!taxonomy.has('workflow-states-proposal', statusId)) throw new Error(`unknown process status ${statusId}`)
      access.assertStatus(row, (s) => !statuses.final(s))
      if (statusId !== row.statusId) apply(row, statusId, origin, userId)
    },

    /**
     * Sandbox control: moves a process of the caller's broker through the workflow, with the history
     * (origin "sandbox") and notifications (5, and 9 for Approved and Rejected) of a real change;
     * Rejected records its reason.
     * @throws ApiError 404, 400 (unknown status or reason, a reason without Rejected, impossible transition).
     */
    force(auth: Pick<AuthContext, 'brokerId'>, processUniqueId: string, statusId: number, rejectReasonId?: number) {
      const row = access.owned(auth, processUniqueId)
      if (!taxonomy.has('workflow-states-proposal', statusId)) {
        throw new ApiError('UNKNOWN_REFERENCE', { field: 'processStatusId', params: { value: statusId, list: 'workflow-states-proposal' } })
      }
      if (rejectReasonId !== undefined && statusId !== statuses.id('REJECTED')) {
        throw new ApiError(
          'FIELD_NOT_ALLOWED',
          localizedProblem('FIELD_NOT_ALLOWED', 'rejectReasonId', { detail: text('só se aplica à passagem a Recusado (5).', 'it applies only to a move to Rejected (5).') }),
        )
      }
      if (rejectReasonId !== undefined && !taxonomy.has('proposal-reject-reasons', rejectReasonId)) {
        throw new ApiError('UNKNOWN_REFERENCE', { field: 'rejectReasonId', params: { value: rejectReasonId, list: 'proposal-reject-reasons' } })
      }
      const reason = transition(row, statusId, 'sandbox', rejectReasonId)
      return { previousStatusId: row.statusId, statusId, rejectReasonId: reason }
    },
  }
}

export type ProcessTransitions = ReturnType<typeof createProcessTransitions>
