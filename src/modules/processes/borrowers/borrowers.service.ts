import { randomUUID } from 'node:crypto'
import type { PartnerClock } from '../../../platform/clock.ts'
import type { Transactions } from '../../../db/write-batch.ts'
import { ApiError } from '../../../common/api-error.ts'
import type { AuthContext } from '../../../common/auth-context.ts'
import { mergePatch, withoutNulls } from '../../../common/json-merge-patch.ts'
import { zodProblems } from '../../../common/zod-problems.ts'
import type { LoanService } from '../../loan/index.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import type { ProcessAccess } from '../process-access.ts'
import { reevaluateProcess } from '../process-evaluation.ts'
import type { ProcessRepositories } from '../process-repositories.ts'
import type { ProcessRow } from '../processes.repository.ts'
import type { BorrowerRecord } from './borrowers.repository.ts'
import { BorrowerRequestSchema, type BorrowerData } from './borrower-request.schemas.ts'
import { borrowerRuleProblems, KEY_BORROWER_TYPE, type BorrowerRuleContext } from './borrower-rules.ts'

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

export interface BorrowerServiceDeps {
  repos: ProcessRepositories
  access: ProcessAccess
  writes: Transactions
  clock: PartnerClock
  taxonomy: TaxonomyCatalog
  loan: LoanService
}

/**
 * The five borrower operations, with the interface document's rules: the process must exist for the
 * current broker (else 400, 010201), the borrower must belong to it (else 400, 010202), the key
 * borrower is never deleted (400, 010203), the payload is validated against the process, borrower
 * and broker context, and every change is attributed to the token's user. Changes are taken while
 * the process is editable (Draft) and re-run the loan evaluation.
 */
export function createBorrowerService(deps: BorrowerServiceDeps) {
  const { repos, access, taxonomy } = deps
  const today = (process: ProcessRow) => deps.clock.now(process.partnerUniqueID).toISOString().slice(0, 10)

  function borrowerOf(process: ProcessRow, borrowerUniqueId: string): BorrowerRecord {
    const borrower = repos.borrowers.find(process.processUniqueId, borrowerUniqueId)
    if (!borrower) throw new ApiError('BORROWER_NOT_IN_PROCESS', { field: 'borrowerUniqueId', params: { id: borrowerUniqueId } })
    return borrower
  }

  /** The change and the loan evaluated again with it, in one transaction. */
  const changed = deps.writes.transaction((process: ProcessRow, change: (at: number) => void) => {
    const now = deps.clock.now(process.partnerUniqueID)
    change(now.getTime())
    reevaluateProcess(repos, deps.loan, process, now)
  })

  return {
    list: (auth: AuthContext, processUniqueId: string): BorrowerRecord[] => repos.borrowers.list(access.ownedForBorrowers(auth, processUniqueId).processUniqueId),

    get: (auth: AuthContext, processUniqueId: string, borrowerUniqueId: string): BorrowerRecord => borrowerOf(access.ownedForBorrowers(auth, processUniqueId), borrowerUniqueId),

    create(auth: AuthContext, processUniqueId: string, raw: unknown): string {
      const process = access.ownedForBorrowers(auth, processUniqueId)
      access.assertEditable(process)
      const others = repos.borrowers.list(process.processUniqueId)
      const data = validated(withoutNulls(raw), { taxonomy, today: today(process), others })
      const borrowerUniqueId = randomUUID()
      changed(process, (at) => repos.borrowers.insert(process.processUniqueId, borrowerUniqueId, data, at, auth.userId))
      return borrowerUniqueId
    },

    update(auth: AuthContext, processUniqueId: string, borrowerUniqueId: string, patch: unknown): void {
      const process = access.ownedForBorrowers(auth, processUniqueId)
      const current = borrowerOf(process, borrowerUniqueId)
      access.assertEditable(process)
      const others = repos.borrowers.list(process.processUniqueId).filter((b) => b.borrowerUniqueId !== borrowerUniqueId)
      const data = validated(mergePatch(asRequest(current), patch), { taxonomy, today: today(process), others, current })
      changed(process, (at) => repos.borrowers.update(process.processUniqueId, borrowerUniqueId, data, at, auth.userId))
    },

    remove(auth: AuthContext, processUniqueId: string, borrowerUniqueId: string): void {
      const process = access.ownedForBorrowers(auth, processUniqueId)
      const borrower = borrowerOf(process, borrowerUniqueId)
      if (borrower.borrowerTypeId === KEY_BORROWER_TYPE) throw new ApiError('KEY_BORROWER_NOT_DELETABLE', { field: 'borrowerUniqueId' })
      access.assertEditable(process)
      changed(process, (at) => {
        repos.borrowers.remove(process.processUniqueId, borrowerUniqueId)
        repos.processes.touch(process.processUniqueId, at)
      })
    },
  }
}

export type BorrowerService = ReturnType<typeof createBorrowerService>
