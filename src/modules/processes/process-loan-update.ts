import type { AppDeps } from '../../composition-root.ts'
import { ApiError, type Problem } from '../../http/api-error.ts'
import type { AuthContext } from '../auth/token.service.ts'
import { missing, notAllowed, text } from '../../http/problems.ts'
import { LoanSimulatorSchema, type LoanSimulator } from '../simulations/simulation-input.schemas.ts'
import { simulationRuleProblems } from '../simulations/simulation-rules.ts'
import { mergeSimulationPatch } from '../simulations/simulation-validation.ts'
import { assertEditable, ownedProcess } from './process-access.ts'
import { eligibilityProblems } from './process-eligibility.ts'
import { evaluateProcess, evaluationColumns, propertyValues } from './process-evaluation.ts'
import type { ProcessRow } from './process.repository.ts'
import { zodProblems } from './zod-problems.ts'

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
export function updateProcessLoan(deps: AppDeps, auth: AuthContext, processUniqueId: string, body: unknown): ProcessRow {
  const row = ownedProcess(deps, auth, processUniqueId)
  assertEditable(deps, row)
  const patch = isObject(body) ? body[LOAN_GROUP] : undefined
  if (!isObject(patch)) throw ApiError.validation([missing(LOAN_GROUP)])
  const extra = Object.keys(body as object).filter((key) => key !== LOAN_GROUP)
  const merged = (mergeSimulationPatch({ loan: JSON.parse(row.loan) } as never, { loan: patch }) as { loan: unknown }).loan
  const store = deps.processes
  const property = store.properties.ofProcess(row.processUniqueId)?.data ?? {}
  const today = deps.clock.now().toISOString().slice(0, 10)
  const parsed = LoanSimulatorSchema.safeParse(merged)
  const problems = [
    ...extra.map((key) => notAllowed(key, text('não é um campo de Process Update.', 'it is not a field of Process Update.'))),
    ...(parsed.success ? [] : zodProblems(parsed.error, merged, [LOAN_GROUP])),
    ...simulationRuleProblems({ loanSimulator: merged, propertySimulator: propertyValues(property) }, { taxonomy: deps.taxonomy, today }).map(renamed),
  ]
  if (problems.length > 0 || !parsed.success) throw ApiError.validation(problems)
  const loan = parsed.data as LoanSimulator
  const evaluation = evaluateProcess(deps.taxonomy, loan, store.borrowers.list(row.processUniqueId), property, today)
  if (!evaluation.eligible) throw ApiError.validation(eligibilityProblems(evaluation.failures, LOAN_GROUP))
  store.processes.updateEvaluation(evaluationColumns(row.processUniqueId, loan, evaluation, deps.clock.now()))
  return row
}
