import { describeFailures, type EligibilityFailure } from '../../domain/mortgage/index.ts'
import { withoutNulls } from '../../common/answer-fields.ts'
import type { Lang } from '../../common/language.ts'
import type { LoanService } from '../loan/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { toBorrowerListItem } from './borrowers/borrower-view.ts'
import { documentView } from './documents/document-view.ts'
import { toProperty } from './property/property-view.ts'
import type { ProcessListRow } from './process-list.repository.ts'
import { loanSections } from './process-loan-detail.ts'
import type { ProcessRepositories } from './process-repositories.ts'
import type { ProcessRow } from './processes.repository.ts'
import type { ProcessDetail, ProcessListItem } from './processes.schemas.ts'
import { processStatuses } from './process-status.ts'

const iso = (ms: number) => new Date(ms).toISOString()

/** Process Detail: every section of one process, descriptions in the caller's language. */
export function toProcessDetail(store: ProcessRepositories, taxonomy: TaxonomyCatalog, loans: Pick<LoanService, 'figures'>, row: ProcessRow, lang: Lang): ProcessDetail {
  const statuses = processStatuses(taxonomy)
  const phaseId = statuses.phaseId(row.statusId)
  const failures = JSON.parse(row.failures) as EligibilityFailure[]
  const property = store.properties.ofProcess(row.processUniqueId)
  return {
    processDetail: withoutNulls({
      processUniqueId: row.processUniqueId,
      processNumber: row.processNumber,
      simulationUniqueId: row.simulationUniqueId,
      creationDate: iso(row.createdAt),
      submissionDate: row.submittedAt === null ? null : iso(row.submittedAt),
      statusLastDate: iso(row.statusLastAt),
      processStatusId: row.statusId,
      processStatusDescription: statuses.describe(row.statusId, lang),
      phaseId,
      phaseDescription: taxonomy.describe('workflow-phases', phaseId, lang),
      branchId: String(row.branchId),
      branchDescription: row.branchDescription,
      elegibility: row.eligible === 1,
      nonElegibilityDescription: row.eligible === 1 ? null : describeFailures(failures, lang),
      cancelReasonId: row.cancelReasonId,
      cancelReasonDescription: taxonomy.describe('proposal-cancel-reasons', row.cancelReasonId, lang),
      cancelObservations: row.cancelObservations,
      rejectReasonId: row.rejectReasonId,
      rejectReasonDescription: taxonomy.describe('proposal-reject-reasons', row.rejectReasonId, lang),
    }),
    ...loanSections(row, loans, lang),
    borrowers: store.borrowers.list(row.processUniqueId).map((b) => toBorrowerListItem(b, taxonomy, lang)),
    ...(property ? { propertyProcessDetail: toProperty(property, taxonomy, lang) } : {}),
    documents: store.documents.list(row.processUniqueId).map((d) => documentView(d, taxonomy, lang)),
    statusHistory: store.processes.history(row.processUniqueId).map((h) =>
      withoutNulls({
        processStatusId: h.statusId,
        processStatusDescription: statuses.describe(h.statusId, lang),
        previousProcessStatusId: h.previousStatusId,
        statusDate: iso(h.changedAt),
        origin: h.origin,
        userId: h.userId,
      }),
    ),
  }
}

export function toProcessListItem(taxonomy: TaxonomyCatalog, row: ProcessListRow, lang: Lang): ProcessListItem {
  return withoutNulls({
    processUniqueID: row.processUniqueId,
    processNumber: row.processNumber,
    simulationUniqueID: row.simulationUniqueId,
    keyBorrowerName: row.keyBorrowerName,
    keyBorrowerTaxID: row.keyBorrowerTaxId,
    loanAmount: row.loanAmount,
    creationDate: iso(row.createdAt),
    statusLastDate: iso(row.statusLastAt),
    processStatusID: row.statusId,
    processStatusDescription: processStatuses(taxonomy).describe(row.statusId, lang),
    propertyAmount: row.propertyAmount,
    ltvEstimated: row.ltvEstimated,
    branchID: row.branchId,
    branchDescription: row.branchDescription,
    youthCredit: row.youthCredit === 1,
  })
}
