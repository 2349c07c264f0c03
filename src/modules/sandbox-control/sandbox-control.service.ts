import type { AppDeps } from '../../composition-root.ts'
import { ApiError } from '../../http/api-error.ts'
import type { AuthContext } from '../auth/token.service.ts'
import { addBankProcessMessage } from '../messages/process-messages.service.ts'
import { ownedProcess } from '../processes/process-access.ts'
import { processStatuses } from '../processes/process-status.ts'
import { transitionProcess } from '../processes/process-transitions.ts'
import { localizedProblem, text } from '../../http/problems.ts'
import { DEFAULT_REJECT_REASON, rejectReasonIdOf } from '../simulations/simulation-scenario.ts'
import { assertTransition, SIMULATION_STATES } from '../taxonomy/workflow-states.ts'

const unknown = (field: string, value: number, list: string) => new ApiError('UNKNOWN_REFERENCE', { field, params: { value, list } })

/**
 * Control API: moves a simulation of the caller's broker through the simulation workflow, with the
 * history (origin "sandbox") and notifications (6, and 8 for Expired) of a real change. Simulated and
 * Not eligible set the eligibility too (Not eligible with the bank-policy reason).
 * @throws ApiError 404, 400 (unknown status, impossible transition).
 */
export function forceSimulationStatus(deps: AppDeps, auth: AuthContext, simulationUniqueId: string, statusId: number) {
  const { simulations, taxonomy } = deps
  const row = simulations.find(auth, simulationUniqueId)
  if (!taxonomy.has('workflow-states-simulation', statusId)) throw unknown('simulationStatusId', statusId, 'workflow-states-simulation')
  assertTransition(taxonomy, SIMULATION_STATES, row.statusId, statusId, 'simulationStatusId')
  const code = taxonomy.get('workflow-states-simulation', statusId)!.code
  deps.db.transaction(() => {
    if (code === 'SIMULATED') simulations.repository.updateEligibility(simulationUniqueId, true, null)
    if (code === 'NOT_ELIGIBLE') simulations.repository.updateEligibility(simulationUniqueId, false, rejectReasonIdOf(taxonomy, DEFAULT_REJECT_REASON))
    simulations.changeStatus(auth.brokerId, simulationUniqueId, statusId, 'sandbox')
  })()
  return { previousStatusId: row.statusId, statusId }
}

/**
 * Control API: moves a process of the caller's broker through the process workflow, with the
 * history (origin "sandbox") and notifications (5, and 9 for Approved and Rejected) of a real
 * change; Rejected records its reason.
 * @throws ApiError 404, 400 (unknown status or reason, a reason without Rejected, impossible transition).
 */
export function forceProcessStatus(deps: AppDeps, auth: AuthContext, processUniqueId: string, statusId: number, rejectReasonId?: number) {
  const { taxonomy } = deps
  const row = ownedProcess(deps, auth, processUniqueId)
  if (!taxonomy.has('workflow-states-proposal', statusId)) throw unknown('processStatusId', statusId, 'workflow-states-proposal')
  const rejected = statusId === processStatuses(taxonomy).id('REJECTED')
  if (rejectReasonId !== undefined && !rejected) {
    throw new ApiError(
      'FIELD_NOT_ALLOWED',
      localizedProblem('FIELD_NOT_ALLOWED', 'rejectReasonId', { detail: text('só se aplica à passagem a Recusado (5).', 'it applies only to a move to Rejected (5).') }),
    )
  }
  if (rejectReasonId !== undefined && !taxonomy.has('proposal-reject-reasons', rejectReasonId)) throw unknown('rejectReasonId', rejectReasonId, 'proposal-reject-reasons')
  const reason = transitionProcess(deps, row, statusId, 'sandbox', rejectReasonId)
  return { previousStatusId: row.statusId, statusId, rejectReasonId: reason }
}

/** Control API: a message of the bank on a simulation of the caller's broker (notification 7). @throws ApiError 404. */
export const bankSimulationMessage = (deps: AppDeps, auth: AuthContext, simulationUniqueId: string, messageText: string): string =>
  deps.simulationMessages.addBankMessage(auth, simulationUniqueId, messageText)

/** Control API: a message of the bank on a process of the caller's broker (notification 7). @throws ApiError 404. */
export const bankProcessMessage = (deps: AppDeps, auth: AuthContext, processUniqueId: string, messageText: string): string =>
  addBankProcessMessage(deps, auth.brokerId, processUniqueId, messageText)
