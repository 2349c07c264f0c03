import { SIMULATION_STATUSES, type SimulationStatusCode } from '../../domain/workflow/index.ts'

export type { SimulationStatusCode } from '../../domain/workflow/index.ts'

/** Where a status change came from, as the status history records it. */
export type StatusOrigin = 'api' | 'sandbox' | 'scenario' | 'process'

/** The simulation statuses by their ids (docs/design.md "Lifecycles"), as src/domain/workflow rules them. */
export interface SimulationStatuses {
  id(code: SimulationStatusCode): number
  /** Cancel is allowed: Simulated and Not eligible. */
  cancelable(statusId: number): boolean
  /** Update is allowed: Simulated and Not eligible. */
  updatable(statusId: number): boolean
  /** Completed, Cancelled and Expired: no way out. */
  final(statusId: number): boolean
}

export function simulationStatuses(): SimulationStatuses {
  const rule = (holds: (code: SimulationStatusCode) => boolean) => (statusId: number) => {
    const code = SIMULATION_STATUSES.codeOf(statusId)
    return code !== undefined && holds(code)
  }
  return {
    id: (code: SimulationStatusCode) => SIMULATION_STATUSES.id(code),
    cancelable: rule((code) => SIMULATION_STATUSES.isCancelable(code)),
    updatable: rule((code) => SIMULATION_STATUSES.has('updatable', code)),
    final: rule((code) => SIMULATION_STATUSES.isFinal(code)),
  }
}
