import { describeFailures, type EligibilityFailure } from '../../domain/mortgage/index.ts'
import type { Lang } from '../../common/language.ts'
import { effectOf, type Scenario, type ScenarioScheduler } from '../sandbox-scenarios/index.ts'
import { SIMULATION_STATES, transitionRefusal, type TaxonomyCatalog } from '../taxonomy/index.ts'
import type { SimulationStatuses, StatusOrigin } from './simulation-status.ts'
import type { SimulationRepository } from './simulations.repository.ts'
import type { StoredSimulation } from './stored-simulation.ts'

export const REJECT_REASONS = 'simulation-reject-reasons'
/** The reason of a non-eligibility forced without one (scenario files, the control API). */
export const DEFAULT_REJECT_REASON = 'BANK_POLICY'

export interface ForcedEligibility {
  eligible: boolean
  /** From simulation-reject-reasons when not eligible. */
  rejectReasonId: number | null
}

/** The id of a simulation-reject-reasons code (the start checked the scenarios' codes). */
export function rejectReasonIdOf(taxonomy: TaxonomyCatalog, code: string): number {
  const item = taxonomy.byCode(REJECT_REASONS, code)
  if (!item) throw new Error(`${REJECT_REASONS} has no code ${code}`)
  return item.id
}

/** The eligibility a scenario forces on the simulation (its simulationEligibility effect), if any. */
export function forcedEligibility(scenario: Scenario | undefined, taxonomy: TaxonomyCatalog): ForcedEligibility | undefined {
  const effect = effectOf(scenario, 'simulationEligibility')
  if (!effect) return undefined
  if (effect.eligible) return { eligible: true, rejectReasonId: null }
  return { eligible: false, rejectReasonId: rejectReasonIdOf(taxonomy, effect.reasonCode ?? DEFAULT_REJECT_REASON) }
}

/**
 * nonElegibilityDescription: the forced reason (its simulation-reject-reasons description), then one
 * sentence per eligibility rule the engine found failing; null when eligible.
 */
export function nonEligibilityDescription(
  taxonomy: TaxonomyCatalog,
  outcome: { eligible: boolean; failures: readonly EligibilityFailure[]; rejectReasonId: number | null },
  lang: Lang,
): string | null {
  if (outcome.eligible) return null
  const reason = taxonomy.describe(REJECT_REASONS, outcome.rejectReasonId, lang)
  const parts = [reason ? `${reason}.` : '', outcome.failures.length > 0 ? describeFailures(outcome.failures, lang) : '']
  return parts.filter(Boolean).join(' ') || null
}

export interface SimulationScenarioDeps {
  taxonomy: TaxonomyCatalog
  repo: Pick<SimulationRepository, 'findForBroker' | 'updateScenario'>
  statuses: SimulationStatuses
  /** Where the delayed effects go; absent, none is scheduled. */
  scheduler?: ScenarioScheduler | undefined
  changeStatus(brokerId: number, id: string, statusId: number, origin: StatusOrigin): void
}

/**
 * Inside the transaction of a Create or Update: keeps the scenario (and the reason of a forced
 * non-eligibility) with the simulation, then applies the effects that happen once, on the request
 * carrying the scenario: its status (when the workflow allows it from the evaluated status) and its
 * bank message.
 */
export function applySimulationScenario(
  d: SimulationScenarioDeps,
  simulation: Pick<StoredSimulation, 'simulationUniqueId' | 'partnerUniqueID' | 'brokerId'> & Partial<Pick<StoredSimulation, 'scenario' | 'rejectReasonId'>>,
  scenario: Scenario | undefined,
  options: { forced: ForcedEligibility | undefined; fromRequest: boolean; lang: Lang },
): void {
  const { simulationUniqueId: id, brokerId, partnerUniqueID } = simulation
  const name = scenario?.name ?? null
  const rejectReasonId = options.forced?.eligible === false ? options.forced.rejectReasonId : null
  // An update of a simulation that has no scenario, and gets none, writes nothing more.
  if (name !== (simulation.scenario ?? null) || rejectReasonId !== (simulation.rejectReasonId ?? null)) d.repo.updateScenario(id, name, rejectReasonId)
  if (!scenario || !options.fromRequest) return
  const status = effectOf(scenario, 'simulationStatus')
  if (status) {
    const current = d.repo.findForBroker(id, brokerId)!.statusId
    const target = d.statuses.id(status.status)
    if (!transitionRefusal(d.taxonomy, SIMULATION_STATES, current, target)) d.changeStatus(brokerId, id, target, 'scenario')
  }
  d.scheduler?.bankMessage(scenario, { partnerUniqueID, brokerId, simulationUniqueId: id }, options.lang)
}
