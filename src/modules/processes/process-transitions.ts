import type { AppDeps } from '../../composition-root.ts'
import { processDecision, processStatusChanged } from '../callbacks/notification-events.ts'
import { assertTransition, PROCESS_STATES } from '../taxonomy/workflow-states.ts'
import type { ProcessRow } from './process.repository.ts'
import { assertProcessStatus, processNotFound } from './process-access.ts'
import { processStatuses, type ProcessStatusOrigin } from './process-status.ts'

type Transitioned = Pick<ProcessRow, 'processUniqueId' | 'partnerUniqueID'>

/**
 * Records a status change (DESIGN.md "Lifecycles": time and origin) and publishes notification 5
 * (process status changed), and 9 (process decision) when it is Approved or Rejected, inside the
 * caller's transaction: the notification is stored if and only if the change is. The one hook point
 * of every process status change.
 */
export function recordProcessStatusChange(
  deps: AppDeps,
  row: Transitioned,
  from: number | null,
  to: number,
  at: number,
  origin: ProcessStatusOrigin,
  userId: number | null,
  rejectReasonId: number | null = null,
): void {
  const statuses = processStatuses(deps.taxonomy)
  deps.processes.processes.insertHistory(row.processUniqueId, { statusId: to, previousStatusId: from, changedAt: at, origin, userId })
  const status = { partnerUniqueID: row.partnerUniqueID, processUniqueId: row.processUniqueId, processStatusId: to, processStatusDescription: statuses.describe(to, 'pt-PT') }
  deps.notifications.publish(processStatusChanged({ ...status, previousProcessStatusId: from }))
  const decision = deps.taxonomy.get('workflow-states-proposal', to)?.code
  if (decision === 'APPROVED' || decision === 'REJECTED') {
    const reasonId = decision === 'REJECTED' ? rejectReasonId : null
    deps.notifications.publish(
      processDecision({ ...status, decision, rejectReasonId: reasonId, rejectReasonDescription: deps.taxonomy.describe('proposal-reject-reasons', reasonId, 'pt-PT') }),
    )
  }
}

export interface StatusChangeOptions {
  cancel?: { reasonId: number; observations: string | null }
  /** Submit stamps the submission date. */
  submitted?: boolean
  /** From proposal-reject-reasons, recorded with a move to Rejected. */
  rejectReasonId?: number | null
}

/** Moves a process to a status, with its history and notification, in one transaction. */
export function applyProcessStatus(
  deps: AppDeps,
  row: ProcessRow,
  to: number,
  origin: ProcessStatusOrigin,
  userId: number | null,
  options: StatusChangeOptions = {},
): void {
  const store = deps.processes.processes
  const at = deps.clock.now().getTime()
  deps.db.transaction(() => {
    if (options.cancel) store.updateCancel(row.processUniqueId, options.cancel.reasonId, options.cancel.observations)
    if (options.rejectReasonId !== undefined) store.updateRejectReason(row.processUniqueId, options.rejectReasonId)
    store.updateStatus(row.processUniqueId, to, at, options.submitted ?? false)
    recordProcessStatusChange(deps, row, row.statusId, to, at, origin, userId, options.rejectReasonId ?? null)
  })()
}

/**
 * Moves a process of the broker to any status but out of a final one, skipping the workflow: a
 * shortcut for tests. The control API and scenario jobs use `transitionProcess`, which follows it.
 * Same history and notifications as every other change.
 * @throws ApiError 404 (not the broker's), 400 (final status).
 */
export function changeProcessStatus(
  deps: AppDeps,
  brokerId: number,
  processUniqueId: string,
  statusId: number,
  origin: Exclude<ProcessStatusOrigin, 'api'>,
  userId: number | null = null,
): void {
  const row = deps.processes.processes.findForBroker(processUniqueId, brokerId)
  if (!row) throw processNotFound(processUniqueId)
  if (!deps.taxonomy.has('workflow-states-proposal', statusId)) throw new Error(`unknown process status ${statusId}`)
  const statuses = processStatuses(deps.taxonomy)
  assertProcessStatus(deps, row, (s) => !statuses.final(s))
  if (statusId !== row.statusId) applyProcessStatus(deps, row, statusId, origin, userId)
}

/** The proposal-reject-reasons code of a rejection that names no reason. */
export const DEFAULT_PROCESS_REJECT_REASON = 'BANK_POLICY'

/**
 * Moves a process through the workflow (src/domain/workflow): the sandbox control API and the
 * scenario jobs driving the bank's side. Submitted stamps the submission date; Rejected records its
 * reason (bank credit policy when none is given). Same history and notifications (5, 9) as every
 * other change. Returns the reject reason recorded, null for any other status.
 * @throws ApiError 400 (010301) naming the current status and the allowed ones.
 */
export function transitionProcess(deps: AppDeps, row: ProcessRow, to: number, origin: Exclude<ProcessStatusOrigin, 'api'>, rejectReasonId?: number): number | null {
  assertTransition(deps.taxonomy, PROCESS_STATES, row.statusId, to, 'processStatusId')
  const statuses = processStatuses(deps.taxonomy)
  const reason = to !== statuses.id('REJECTED') ? null : (rejectReasonId ?? deps.taxonomy.byCode('proposal-reject-reasons', DEFAULT_PROCESS_REJECT_REASON)!.id)
  applyProcessStatus(deps, row, to, origin, null, { submitted: to === statuses.id('SUBMITTED'), ...(reason === null ? {} : { rejectReasonId: reason }) })
  return reason
}
