import { randomUUID } from 'node:crypto'
import type { AppDeps } from '../../../composition-root.ts'
import { ApiError } from '../../../http/api-error.ts'
import type { AuthContext } from '../../auth/token.service.ts'
import { assertEditable, ownedProcessForBorrowers } from '../process-access.ts'
import { reevaluateProcess } from '../process-evaluation.ts'
import type { ProcessRow } from '../process.repository.ts'
import { zodProblems } from '../zod-problems.ts'
import { mergeSimulationPatch, withoutNulls } from '../../simulations/simulation-validation.ts'
import type { BorrowerRecord } from './borrower.repository.ts'
import { BorrowerRequestSchema, type BorrowerData } from './borrower-request.schemas.ts'
import { borrowerRuleProblems, KEY_BORROWER_TYPE, type BorrowerRuleContext } from './borrower-rules.ts'

/**
 * The five borrower operations, with the interface document's rules: the process must exist for the
 * current broker (else 400, 010201), the borrower must belong to it (else 400, 010202), the key
 * borrower is never deleted (400, 010203), the payload is validated against the process, borrower
 * and broker context, and every change is attributed to the token's user. Changes are taken while
 * the process is editable (Draft) and re-run the loan evaluation.
 */

const today = (deps: AppDeps) => deps.clock.now().toISOString().slice(0, 10)

function borrowerOf(deps: AppDeps, process: ProcessRow, borrowerUniqueId: string): BorrowerRecord {
  const borrower = deps.processes.borrowers.find(process.processUniqueId, borrowerUniqueId)
  if (!borrower) throw new ApiError('BORROWER_NOT_IN_PROCESS', { field: 'borrowerUniqueId', params: { id: borrowerUniqueId } })
  return borrower
}

/** The stored borrower in the request's terms, for a merge patch. */
const asRequest = (b: BorrowerRecord) => ({
  borrowerTypeId: b.borrowerTypeId,
  ...(b.keyBorrowerRelationId === undefined ? {} : { keyBorrowerRelationId: b.keyBorrowerRelationId }),
  personalDataBorrowerRequest: b.personal,
  financialDataBorrowerRequest: b.financial,
  professionalDataBorrowerRequest: b.professional,
})

type ParsedBody = {
  borrowerTypeId?: number
  keyBorrowerRelationId?: number
  personalDataBorrowerRequest?: BorrowerData['personal']
  financialDataBorrowerRequest?: BorrowerData['financial']
  professionalDataBorrowerRequest?: BorrowerData['professional']
}

/** Types, bounds and every rule, all problems at once; the borrower to store when there is none. */
function validated(candidate: unknown, ctx: BorrowerRuleContext): BorrowerData {
  const parsed = BorrowerRequestSchema.safeParse(candidate)
  const problems = [...(parsed.success ? [] : zodProblems(parsed.error, candidate)), ...borrowerRuleProblems(candidate, ctx)]
  if (!parsed.success || problems.length > 0) throw ApiError.validation(problems)
  const body = withoutNulls(parsed.data) as ParsedBody
  return {
    borrowerTypeId: body.borrowerTypeId!,
    ...(body.keyBorrowerRelationId === undefined ? {} : { keyBorrowerRelationId: body.keyBorrowerRelationId }),
    personal: body.personalDataBorrowerRequest ?? {},
    financial: body.financialDataBorrowerRequest ?? {},
    professional: body.professionalDataBorrowerRequest ?? {},
  }
}

export function listBorrowers(deps: AppDeps, auth: AuthContext, processUniqueId: string): BorrowerRecord[] {
  const process = ownedProcessForBorrowers(deps, auth, processUniqueId)
  return deps.processes.borrowers.list(process.processUniqueId)
}

export function getBorrower(deps: AppDeps, auth: AuthContext, processUniqueId: string, borrowerUniqueId: string): BorrowerRecord {
  return borrowerOf(deps, ownedProcessForBorrowers(deps, auth, processUniqueId), borrowerUniqueId)
}

export function createBorrower(deps: AppDeps, auth: AuthContext, processUniqueId: string, raw: unknown): string {
  const process = ownedProcessForBorrowers(deps, auth, processUniqueId)
  assertEditable(deps, process)
  const others = deps.processes.borrowers.list(process.processUniqueId)
  const data = validated(withoutNulls(raw), { taxonomy: deps.taxonomy, today: today(deps), others })
  const borrowerUniqueId = randomUUID()
  const now = deps.clock.now()
  deps.db.transaction(() => {
    deps.processes.borrowers.insert(process.processUniqueId, borrowerUniqueId, data, now.getTime(), auth.userId)
    reevaluateProcess(deps, process, now)
  })()
  return borrowerUniqueId
}

export function updateBorrower(deps: AppDeps, auth: AuthContext, processUniqueId: string, borrowerUniqueId: string, patch: unknown): void {
  const process = ownedProcessForBorrowers(deps, auth, processUniqueId)
  const current = borrowerOf(deps, process, borrowerUniqueId)
  assertEditable(deps, process)
  const others = deps.processes.borrowers.list(process.processUniqueId).filter((b) => b.borrowerUniqueId !== borrowerUniqueId)
  const merged = mergeSimulationPatch(asRequest(current) as never, patch)
  const data = validated(merged, { taxonomy: deps.taxonomy, today: today(deps), others, current })
  const now = deps.clock.now()
  deps.db.transaction(() => {
    deps.processes.borrowers.update(process.processUniqueId, borrowerUniqueId, data, now.getTime(), auth.userId)
    reevaluateProcess(deps, process, now)
  })()
}

export function deleteBorrower(deps: AppDeps, auth: AuthContext, processUniqueId: string, borrowerUniqueId: string): void {
  const process = ownedProcessForBorrowers(deps, auth, processUniqueId)
  const borrower = borrowerOf(deps, process, borrowerUniqueId)
  if (borrower.borrowerTypeId === KEY_BORROWER_TYPE) throw new ApiError('KEY_BORROWER_NOT_DELETABLE', { field: 'borrowerUniqueId' })
  assertEditable(deps, process)
  const now = deps.clock.now()
  deps.db.transaction(() => {
    deps.processes.borrowers.remove(process.processUniqueId, borrowerUniqueId)
    deps.processes.processes.touch(process.processUniqueId, now.getTime())
    reevaluateProcess(deps, process, now)
  })()
}
