import { checkTransition, PROCESS_WORKFLOW, SIMULATION_WORKFLOW, type Workflow } from '../../domain/workflow/index.ts'
import { ApiError } from '../../common/api-error.ts'
import { LANGUAGES, type Lang, type LocalizedText } from '../../common/language.ts'
import type { TaxonomyCatalog } from './taxonomy.catalog.ts'

export interface WorkflowOfList {
  list: 'workflow-states-simulation' | 'workflow-states-proposal'
  workflow: Workflow<string>
}

/** The domain's workflows (src/domain/workflow) over the ids of their reference lists. */
export const SIMULATION_STATES: WorkflowOfList = { list: 'workflow-states-simulation', workflow: SIMULATION_WORKFLOW }
export const PROCESS_STATES: WorkflowOfList = { list: 'workflow-states-proposal', workflow: PROCESS_WORKFLOW }

function codeOf(taxonomy: TaxonomyCatalog, { list }: WorkflowOfList, id: number): string {
  const code = taxonomy.get(list, id)?.code
  if (!code) throw new Error(`${list} has no status ${id}`)
  return code
}

/**
 * Why a record in status `fromId` cannot move to `toId`, in both languages, naming the current
 * status and the ones it may move to; null when the workflow allows the move.
 */
export function transitionRefusal(taxonomy: TaxonomyCatalog, states: WorkflowOfList, fromId: number, toId: number): LocalizedText | null {
  const check = checkTransition(states.workflow, codeOf(taxonomy, states, fromId), codeOf(taxonomy, states, toId))
  if (check.allowed) return null
  const name = (code: string, lang: Lang) => {
    const item = taxonomy.byCode(states.list, code)!
    return `${item.description[lang]} (${item.id})`
  }
  const sentence = (lang: Lang) => {
    const [from, to, next] = [name(check.from, lang), name(check.to, lang), check.next.map((c) => name(c, lang)).join(', ')]
    if (lang === 'pt-PT') {
      return `Transição impossível de ${from} para ${to}. ${next ? `A partir de ${from} são permitidos: ${next}.` : `${from} é um estado final.`}`
    }
    return `Impossible transition from ${from} to ${to}. ${next ? `Allowed from ${from}: ${next}.` : `${from} is a final status.`}`
  }
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, sentence(lang)])) as LocalizedText
}

/** @throws ApiError 400 (010301) naming the current status and the allowed ones, when the workflow refuses the move. */
export function assertTransition(taxonomy: TaxonomyCatalog, states: WorkflowOfList, fromId: number, toId: number, field: string): void {
  const refusal = transitionRefusal(taxonomy, states, fromId, toId)
  if (refusal) throw new ApiError('STATE_FORBIDS_OPERATION', { field, message: refusal })
}
