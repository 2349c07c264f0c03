import { checkTransition, lifecycle, type Workflow } from './state-machine.ts'

/** The codes of workflow-states-simulation (docs/design.md "Lifecycles"). */
export const SIMULATION_STATUS_CODES = ['SIMULATED', 'NOT_ELIGIBLE', 'COMPLETED', 'CANCELLED', 'EXPIRED'] as const
export type SimulationStatusCode = (typeof SIMULATION_STATUS_CODES)[number]

/**
 * Simulated and Not eligible follow the evaluation (Create, Update) and may swap; Completed needs an
 * eligible simulation (a process is created from it); either may be cancelled or expire.
 * Completed, Cancelled and Expired are final.
 */
export const SIMULATION_WORKFLOW: Workflow<SimulationStatusCode> = {
  SIMULATED: ['NOT_ELIGIBLE', 'COMPLETED', 'CANCELLED', 'EXPIRED'],
  NOT_ELIGIBLE: ['SIMULATED', 'CANCELLED', 'EXPIRED'],
  COMPLETED: [],
  CANCELLED: [],
  EXPIRED: [],
}

export const simulationTransition = (from: SimulationStatusCode, to: SimulationStatusCode) => checkTransition(SIMULATION_WORKFLOW, from, to)

/**
 * The simulation statuses with their ids in workflow-states-simulation and what each allows:
 * Update while Simulated or Not eligible; Cancel where the workflow leads to Cancelled.
 */
export const SIMULATION_STATUSES = lifecycle({
  ids: { SIMULATED: 1, NOT_ELIGIBLE: 2, COMPLETED: 3, CANCELLED: 4, EXPIRED: 5 } satisfies Record<SimulationStatusCode, number>,
  workflow: SIMULATION_WORKFLOW,
  cancelled: 'CANCELLED',
  flags: { updatable: ['SIMULATED', 'NOT_ELIGIBLE'] },
})
