import { PROCESS_STATUSES, SIMULATION_STATUSES, transitionRefusal as refusalOf, type Lifecycle } from '../../domain/workflow/index.ts'
import { ApiError } from '../../common/api-error.ts'
import type { LocalizedText } from '../../common/language.ts'
import type { TaxonomyCatalog } from './taxonomy.catalog.ts'

export interface WorkflowOfList {
  list: 'workflow-states-simulation' | 'workflow-states-proposal'
  lifecycle: Lifecycle<string>
}

/** The domain's workflows (src/domain/workflow) and the reference lists that name their statuses. */
export const SIMULATION_STATES: WorkflowOfList = { list: 'workflow-states-simulation', lifecycle: SIMULATION_STATUSES }
export const PROCESS_STATES: WorkflowOfList = { list: 'workflow-states-proposal', lifecycle: PROCESS_STATUSES }

function codeOf({ list, lifecycle }: WorkflowOfList, id: number): string {
  const code = lifecycle.codeOf(id)
  if (!code) throw new Error(`${list} has no status ${id}`)
  return code
}

/**
 * Why a record in status `fromId` cannot move to `toId`, in both languages, naming the current
 * status and the ones it may move to by the list's names; null when the workflow allows the move.
 */
export function transitionRefusal(taxonomy: TaxonomyCatalog, states: WorkflowOfList, fromId: number, toId: number): LocalizedText | null {
  const check = states.lifecycle.check(codeOf(states, fromId), codeOf(states, toId))
  return refusalOf(check, (code, lang) => {
    const id = states.lifecycle.id(code)
    return `${taxonomy.describe(states.list, id, lang) ?? code} (${id})`
  })
}

/** @throws ApiError 400 (010301) naming the current status and the allowed ones, when the workflow refuses the move. */
export function assertTransition(taxonomy: TaxonomyCatalog, states: WorkflowOfList, fromId: number, toId: number, field: string): void {
  const refusal = transitionRefusal(taxonomy, states, fromId, toId)
  if (refusal) throw new ApiError('STATE_FORBIDS_OPERATION', { field, message: refusal })
}
