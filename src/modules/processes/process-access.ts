import { ApiError } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import { localizedProblem, text } from '../../common/problems.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import type { ProcessRepository, ProcessRow } from './processes.repository.ts'
import { processStatuses } from './process-status.ts'

/** 404 for an unknown process or one of another broker: the answer never tells the two apart. */
export const processNotFound = (id: string) =>
  new ApiError('NOT_FOUND', {
    field: 'processUniqueId',
    params: { resource: 'process', id },
    message: { 'pt-PT': `Processo não encontrado: ${id}.`, en: `Process not found: ${id}.` },
  })

/**
 * Who may reach a process and what its status allows: the first check of every operation on a
 * process and its parts.
 */
export function createProcessAccess(deps: { processes: ProcessRepository; taxonomy: TaxonomyCatalog }) {
  const statuses = processStatuses(deps.taxonomy)

  /** 400 (010301) naming the current status, in both languages, when the status does not allow the operation. */
  function assertStatus(row: ProcessRow, allowed: (statusId: number) => boolean, field = 'processUniqueId'): void {
    if (allowed(row.statusId)) return
    const describe = (lang: Lang) => statuses.describe(row.statusId, lang)
    throw new ApiError('STATE_FORBIDS_OPERATION', localizedProblem('STATE_FORBIDS_OPERATION', field, { status: text(describe('pt-PT'), describe('en')) }))
  }

  return {
    statuses,
    assertStatus,

    /** The broker's process, else 404 (Processes, Documents, Property, Messages, ESIS). */
    owned(auth: Pick<AuthContext, 'brokerId'>, processUniqueId: string): ProcessRow {
      const row = deps.processes.findForBroker(processUniqueId, auth.brokerId)
      if (!row) throw processNotFound(processUniqueId)
      return row
    },

    /**
     * The broker's process for the borrower operations, else the document's validation error (400,
     * 010201): "every borrower operation first checks that the process exists for the current broker".
     */
    ownedForBorrowers(auth: Pick<AuthContext, 'brokerId'>, processUniqueId: string): ProcessRow {
      const row = deps.processes.findForBroker(processUniqueId, auth.brokerId)
      if (!row) throw new ApiError('PROCESS_NOT_FOUND_FOR_BROKER', { field: 'processUniqueId', params: { id: processUniqueId } })
      return row
    },

    /** Loan, borrowers and property change only while the workflow says the process is editable (Draft). */
    assertEditable: (row: ProcessRow, field?: string) => assertStatus(row, statuses.editable, field),

    /** Documents and messages are taken until the process reaches a final status. */
    assertOpen: (row: ProcessRow, field?: string) => assertStatus(row, (s) => !statuses.final(s), field),
  }
}

export type ProcessAccess = ReturnType<typeof createProcessAccess>
