import type { PartnerClock } from '../../platform/clock.ts'
import { ApiError, type Problem } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import { mergePatch } from '../../common/json-merge-patch.ts'
import { missing, notAllowed, text } from '../../common/problems.ts'
import { zodProblems } from '../../common/zod-problems.ts'
import { LoanSchemas, type LoanService, type LoanSimulator } from '../loan/index.ts'
import type { ProcessAccess } from './process-access.ts'
import { eligibilityProblems } from './process-eligibility.ts'
import { evaluateProcess, evaluationColumns, propertyValues } from './process-evaluation.ts'
import type { ProcessRepositories } from './process-repositories.ts'
import type { ProcessRow } from './processes.repository.ts'

const { LoanSimulatorSchema } = LoanSchemas

export const LOAN_GROUP = 'loanProcessRequest'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
/** The simulation rules speak of loanSimulator and propertySimulator; a process names its own groups. */
const renamed = (p: Problem): Problem => ({
  ...p,
  field: p.field.replace(/^loanSimulator\./, `${LOAN_GROUP}.`).replace(/^propertySimulator\./, 'property.'),
})

/**
 * Process Update: the loan group merged into the stored one (JSON Merge Patch, as Simulation
 * Update), validated with the rules of the simulation input (the property values the loan purpose
 * needs come from the process's property), then priced and assessed again with the process's
 * borrowers. Draft only; a loan no longer eligible is refused with the engine's reasons.
 * @throws ApiError 404, 400.
 */
export function createProcessLoanUpdate(deps: { repos: ProcessRepositories; access: ProcessAccess; clock: PartnerClock; loan: LoanService }) {
  const { repos, access, loan: loans } = deps
  return function updateLoan(auth: AuthContext, processUniqueId: string, body: unknown): ProcessRow {
    const row = access.owned(auth, processUniqueId)
    access.assertEditable(row)
    const patch = isObject(body) ? body[LOAN_GROUP] : undefined
    if (!isObject(patch)) throw ApiError.validation([missing(LOAN_GROUP)])
    const extra = Object.keys(body as object).filter((key) => key !== LOAN_GROUP)
    const merged = mergePatch(JSON.parse(row.loan) as LoanSimulator, patch)
    const property = repos.properties.ofProcess(row.processUniqueId)?.data ?? {}
    const today = deps.clock.now(row.partnerUniqueID).toISOString().slice(0, 10)
    const parsed = LoanSimulatorSchema.safeParse(merged)
    const problems = [
      ...extra.map((key) => notAllowed(key, text('não é um campo de Process Update.', 'it is not a field of Process Update.'))),
      ...(parsed.success ? [] : zodProblems(parsed.error, merged, [LOAN_GROUP])),
      ...loans.ruleProblems({ loanSimulator: merged, propertySimulator: propertyValues(property) }, today).map(renamed),
    ]
    if (problems.length > 0 || !parsed.success) throw ApiError.validation(problems)
    const loan = parsed.data as LoanSimulator
    const evaluation = evaluateProcess(loans, loan, repos.borrowers.list(row.processUniqueId), property, today)
    if (!evaluation.eligible) throw ApiError.validation(eligibilityProblems(evaluation.failures, LOAN_GROUP))
    repos.processes.updateEvaluation(evaluationColumns(row.processUniqueId, loan, evaluation, deps.clock.now(row.partnerUniqueID)))
    return row
  }
}
