import type { AppDeps } from '../../app-deps.ts'
import { processStatusChanged } from '../../callbacks/notification-events.ts'
import type { ProcessRow } from './process.repository.ts'
import { assertProcessStatus, processNotFound } from './process-access.ts'
import { processStatuses, type ProcessStatusOrigin } from './process-status.ts'

type Transitioned = Pick<ProcessRow, 'processUniqueId' | 'partnerUniqueID'>

/**
 * Records a status change (DESIGN.md "Lifecycles": time and origin) and publishes notification 5
 * (process status changed), inside the caller's transaction: the notification is stored if and only
 * if the change is. The one hook point of every process status change.
 */
export function recordProcessStatusChange(
  deps: AppDeps,
  row: Transitioned,
  from: number | null,
  to: number,
  at: number,
  origin: ProcessStatusOrigin,
  userId: number | null,
): void {
  deps.processes.processes.insertHistory(row.processUniqueId, { statusId: to, previousStatusId: from, changedAt: at, origin, userId })
  deps.notifications.publish(
    processStatusChanged({
      partnerUniqueID: row.partnerUniqueID,
      processUniqueId: row.processUniqueId,
      processStatusId: to,
      processStatusDescription: processStatuses(deps.taxonomy).describe(to, 'pt-PT'),
      previousProcessStatusId: from,
    }),
  )
}

export interface StatusChangeOptions {
  cancel?: { reasonId: number; observations: string | null }
  /** Submit stamps the submission date. */
  submitted?: boolean
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
    store.updateStatus(row.processUniqueId, to, at, options.submitted ?? false)
    recordProcessStatusChange(deps, row, row.statusId, to, at, origin, userId)
  })()
}

/**
 * Moves a process of the broker to another status outside the API's own operations (sandbox control
 * API, scenarios driving the bank's side: In analysis, Approved, Rejected, Contracted). Final
 * statuses are never left. Same history and notification as every other change.
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
