import type { Lang } from '../../common/language.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'

/** docs/design.md "Lifecycles": the process statuses of workflow-states-proposal, by code. */
export type ProcessStatusCode = 'DRAFT' | 'SUBMITTED' | 'IN_ANALYSIS' | 'APPROVED' | 'REJECTED' | 'CONTRACTED' | 'CANCELLED'

/** Where a status change came from, as the status history records it. */
export type ProcessStatusOrigin = 'api' | 'sandbox' | 'scenario'

const LIST = 'workflow-states-proposal'

/** The workflow's flags, read from the reference list so data, not code, says what each status allows. */
export function processStatuses(taxonomy: TaxonomyCatalog) {
  const flag = (name: 'cancelable' | 'editable' | 'final') => (statusId: number) =>
    taxonomy.get(LIST, statusId)?.attributes[name] === true
  return {
    id(code: ProcessStatusCode): number {
      const item = taxonomy.byCode(LIST, code)
      if (!item) throw new Error(`${LIST} has no status ${code}`)
      return item.id
    },
    /** Process Cancel is allowed: Draft, Submitted, In analysis, Approved. */
    cancelable: flag('cancelable'),
    /** Loan, borrowers and property may change: Draft. */
    editable: flag('editable'),
    /** Rejected, Contracted, Cancelled: no way out. */
    final: flag('final'),
    describe: (statusId: number, lang: Lang): string => taxonomy.describe(LIST, statusId, lang) ?? String(statusId),
    phaseId: (statusId: number): number | null => (taxonomy.get(LIST, statusId)?.attributes.phaseId as number | undefined) ?? null,
  }
}

export type ProcessStatuses = ReturnType<typeof processStatuses>
