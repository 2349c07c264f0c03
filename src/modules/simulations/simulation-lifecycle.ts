import type { PartnerClock } from '../../platform/clock.ts'
import type { Transactions } from '../../db/write-batch.ts'
import { ApiError } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import { localizedProblem, text } from '../../common/problems.ts'
import type { Notifications } from '../callbacks/index.ts'
import { assertTransition, SIMULATION_STATES, type TaxonomyCatalog } from '../taxonomy/index.ts'
import { DEFAULT_REJECT_REASON, rejectReasonIdOf } from './simulation-scenario.ts'
import { simulationStatuses, type StatusOrigin } from './simulation-status.ts'
import type { SimulationRepository } from './simulations.repository.ts'
import type { StoredSimulation } from './stored-simulation.ts'

export interface SimulationLifecycleDeps {
  repo: SimulationRepository
  writes: Transactions
  clock: PartnerClock
  taxonomy: TaxonomyCatalog
  notifications: Pick<Notifications, 'simulationStatusChanged' | 'simulationExpired'>
}

export const simulationNotFound = (id: string) =>
  new ApiError('NOT_FOUND', {
    field: 'simulationUniqueId',
    params: { id },
    message: { 'pt-PT': `Simulação não encontrada: ${id}.`, en: `Simulation not found: ${id}.` },
  })

/**
 * The simulation's statuses (docs/design.md "Lifecycles"): every change is recorded in the status
 * history with its time and origin and published as a partner notification (6, and 8 when it
 * expires) in the transaction of the change. Final statuses are never left.
 */
export function createSimulationLifecycle(deps: SimulationLifecycleDeps) {
  const { repo, taxonomy } = deps
  const statuses = simulationStatuses()
  const EXPIRED = statuses.id('EXPIRED')

  const describeStatus = (id: number, lang: Lang = 'pt-PT') => taxonomy.describe('workflow-states-simulation', id, lang) ?? String(id)

  /** History and notification 6 of a status change, and 8 when it expires, in the caller's transaction. */
  function record(
    row: Pick<StoredSimulation, 'simulationUniqueId' | 'partnerUniqueID' | 'brokerId'>,
    from: number | null,
    to: number,
    at: number,
    origin: StatusOrigin,
    userId: number | null,
  ) {
    repo.insertHistory(row.simulationUniqueId, { statusId: to, previousStatusId: from, changedAt: at, origin, userId })
    const event = {
      partnerUniqueID: row.partnerUniqueID,
      brokerId: row.brokerId,
      simulationUniqueId: row.simulationUniqueId,
      simulationStatusId: to,
      simulationStatusDescription: describeStatus(to),
      previousSimulationStatusId: from,
    }
    deps.notifications.simulationStatusChanged(event)
    if (to === EXPIRED) deps.notifications.simulationExpired(event)
  }

  /** @throws ApiError 400 (010301) naming the current status when it does not allow the operation. */
  function assertStatus(row: StoredSimulation, allowed: (statusId: number) => boolean, field = 'simulationUniqueId') {
    if (allowed(row.statusId)) return
    throw new ApiError(
      'STATE_FORBIDS_OPERATION',
      localizedProblem('STATE_FORBIDS_OPERATION', field, {
        status: text(describeStatus(row.statusId, 'pt-PT'), describeStatus(row.statusId, 'en')),
      }),
    )
  }

  const move = deps.writes.transaction(
    (row: StoredSimulation, statusId: number, at: number, origin: StatusOrigin, userId: number | null, cancel?: { reasonId: number; observations: string | null }) => {
      if (cancel) repo.updateCancel(row.simulationUniqueId, cancel.reasonId, cancel.observations)
      repo.updateStatus(row.simulationUniqueId, statusId, at)
      record(row, row.statusId, statusId, at, origin, userId)
    },
  )

  function ownedBy(brokerId: number, id: string): StoredSimulation {
    const row = repo.findForBroker(id, brokerId)
    if (!row) throw simulationNotFound(id)
    return row
  }

  /**
   * Moves a simulation of the broker to another status outside the API's own operations (scenarios,
   * a process created from it, which it names). Final statuses are never left.
   * @throws ApiError 404, 400 when the simulation is in a final status.
   */
  const changeStatus = deps.writes.transaction(
    (brokerId: number, id: string, statusId: number, origin: StatusOrigin, userId: number | null = null, process?: { processUniqueId: string; processNumber: number }) => {
      const row = ownedBy(brokerId, id)
      if (!taxonomy.has('workflow-states-simulation', statusId)) throw new Error(`unknown simulation status ${statusId}`)
      assertStatus(row, (s) => !statuses.final(s))
      if (process) repo.updateProcess(id, process.processUniqueId, process.processNumber)
      if (statusId !== row.statusId) move(row, statusId, deps.clock.now(row.partnerUniqueID).getTime(), origin, userId)
    },
  )

  /**
   * Sandbox control: moves a simulation of the caller's broker through the workflow, with the history
   * (origin "sandbox") and notifications of a real change. Simulated and Not eligible set the
   * eligibility too (Not eligible with the bank-policy reason).
   * @throws ApiError 404, 400 (unknown status, impossible transition).
   */
  const forceStatus = deps.writes.transaction((auth: Pick<AuthContext, 'brokerId'>, id: string, statusId: number) => {
    const row = ownedBy(auth.brokerId, id)
    if (!taxonomy.has('workflow-states-simulation', statusId)) {
      throw new ApiError('UNKNOWN_REFERENCE', { field: 'simulationStatusId', params: { value: statusId, list: 'workflow-states-simulation' } })
    }
    assertTransition(taxonomy, SIMULATION_STATES, row.statusId, statusId, 'simulationStatusId')
    const code = taxonomy.get('workflow-states-simulation', statusId)!.code
    if (code === 'SIMULATED') repo.updateEligibility(id, true, null)
    if (code === 'NOT_ELIGIBLE') repo.updateEligibility(id, false, rejectReasonIdOf(taxonomy, DEFAULT_REJECT_REASON))
    changeStatus(auth.brokerId, id, statusId, 'sandbox')
    return { previousStatusId: row.statusId, statusId }
  })

  return { statuses, describeStatus, record, assertStatus, move, ownedBy, changeStatus, forceStatus }
}
