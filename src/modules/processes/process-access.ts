import type { AppDeps } from '../../composition-root.ts'
import { ApiError } from '../../http/api-error.ts'
import type { Lang } from '../../http/language.ts'
import type { AuthContext } from '../auth/token.service.ts'
import { localizedProblem, text } from '../../http/problems.ts'
import type { ProcessRow } from './process.repository.ts'
import { processStatuses } from './process-status.ts'

/** 404 for an unknown process or one of another broker: the answer never tells the two apart. */
export const processNotFound = (id: string) =>
  new ApiError('NOT_FOUND', {
    field: 'processUniqueId',
    params: { resource: 'process', id },
    message: { 'pt-PT': `Processo não encontrado: ${id}.`, en: `Process not found: ${id}.` },
  })

/** The broker's process, else 404 (Processes, Documents, Property, Messages, ESIS). */
export function ownedProcess(deps: AppDeps, auth: AuthContext, processUniqueId: string): ProcessRow {
  const row = deps.processes.processes.findForBroker(processUniqueId, auth.brokerId)
  if (!row) throw processNotFound(processUniqueId)
  return row
}

/**
 * The broker's process for the borrower operations, else the document's validation error (400,
 * 010201): "every borrower operation first checks that the process exists for the current broker".
 */
export function ownedProcessForBorrowers(deps: AppDeps, auth: AuthContext, processUniqueId: string): ProcessRow {
  const row = deps.processes.processes.findForBroker(processUniqueId, auth.brokerId)
  if (!row) throw new ApiError('PROCESS_NOT_FOUND_FOR_BROKER', { field: 'processUniqueId', params: { id: processUniqueId } })
  return row
}

/** 400 (010301) naming the current status, in both languages, when the status does not allow the operation. */
export function assertProcessStatus(deps: AppDeps, row: ProcessRow, allowed: (statusId: number) => boolean, field = 'processUniqueId'): void {
  if (allowed(row.statusId)) return
  const statuses = processStatuses(deps.taxonomy)
  const describe = (lang: Lang) => statuses.describe(row.statusId, lang)
  throw new ApiError('STATE_FORBIDS_OPERATION', localizedProblem('STATE_FORBIDS_OPERATION', field, { status: text(describe('pt-PT'), describe('en')) }))
}

/** Loan, borrowers and property change only while the workflow says the process is editable (Draft). */
export const assertEditable = (deps: AppDeps, row: ProcessRow, field?: string) =>
  assertProcessStatus(deps, row, processStatuses(deps.taxonomy).editable, field)

/** Documents and messages are taken until the process reaches a final status. */
export const assertOpen = (deps: AppDeps, row: ProcessRow, field?: string) => {
  const statuses = processStatuses(deps.taxonomy)
  assertProcessStatus(deps, row, (s) => !statuses.final(s), field)
}
