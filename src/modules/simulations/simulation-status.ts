import type { TaxonomyCatalog } from '../taxonomy/index.ts'

/** docs/design.md "Lifecycles": the simulation statuses of workflow-states-simulation, by code. */
export type SimulationStatusCode = 'SIMULATED' | 'NOT_ELIGIBLE' | 'COMPLETED' | 'CANCELLED' | 'EXPIRED'

/** Where a status change came from, as the status history records it. */
export type StatusOrigin = 'api' | 'sandbox' | 'scenario' | 'process'

export interface SimulationStatuses {
  id(code: SimulationStatusCode): number
  /** Cancel is allowed (the list's `cancelable` flag): Simulated and Not eligible. */
  cancelable(statusId: number): boolean
  /** Update is allowed (the list's `updatable` flag): Simulated and Not eligible. */
  updatable(statusId: number): boolean
  /** Completed, Cancelled and Expired: no way out. */
  final(statusId: number): boolean
}

export function simulationStatuses(taxonomy: TaxonomyCatalog): SimulationStatuses {
  const list = 'workflow-states-simulation'
  const flag = (name: string) => (statusId: number) => taxonomy.get(list, statusId)?.attributes[name] === true
  return {
    id(code) {
      const item = taxonomy.byCode(list, code)
      if (!item) throw new Error(`${list} has no status ${code}`)
      return item.id
    },
    cancelable: flag('cancelable'),
    updatable: flag('updatable'),
    final: flag('final'),
  }
}
