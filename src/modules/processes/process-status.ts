import type { Lang } from '../../common/language.ts'
import { PROCESS_STATUSES, type ProcessStatusCode } from '../../domain/workflow/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'

export type { ProcessStatusCode } from '../../domain/workflow/index.ts'

/** Where a status change came from, as the status history records it. */
export type ProcessStatusOrigin = 'api' | 'sandbox' | 'scenario'

const LIST = 'workflow-states-proposal'

/**
 * The process statuses by their ids (docs/design.md "Lifecycles"): what each allows, as
 * src/domain/workflow rules it; names and phases from the reference list.
 */
export function processStatuses(taxonomy: TaxonomyCatalog) {
  const rule = (holds: (code: ProcessStatusCode) => boolean) => (statusId: number) => {
    const code = PROCESS_STATUSES.codeOf(statusId)
    return code !== undefined && holds(code)
  }
  return {
    id: (code: ProcessStatusCode) => PROCESS_STATUSES.id(code),
    /** Process Cancel is allowed: Draft, Submitted, In analysis, Approved. */
    cancelable: rule((code) => PROCESS_STATUSES.isCancelable(code)),
    /** Loan, borrowers and property may change: Draft. */
    editable: rule((code) => PROCESS_STATUSES.has('editable', code)),
    /** Rejected, Contracted, Cancelled: no way out. */
    final: rule((code) => PROCESS_STATUSES.isFinal(code)),
    describe: (statusId: number, lang: Lang): string => taxonomy.describe(LIST, statusId, lang) ?? String(statusId),
    phaseId: (statusId: number): number | null => (taxonomy.get(LIST, statusId)?.attributes.phaseId as number | undefined) ?? null,
  }
}
