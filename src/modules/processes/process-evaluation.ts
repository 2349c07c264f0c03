import type { LoanEvaluation, LoanService, LoanSimulator, MonthlyField, PropertySimulator } from '../loan/index.ts'
import type { BorrowerRecord } from './borrowers/borrowers.repository.ts'
import type { ProcessRepositories } from './process-repositories.ts'
import type { ProcessEvaluationColumns, ProcessRow } from './processes.repository.ts'
import type { PropertyData } from './property/property.schemas.ts'

/** The property values of a process in the simulation's terms (what the engine and the loan-purpose rules read). */
export function propertyValues(p: PropertyData): PropertySimulator {
  return {
    acquisitionAmount: p.acquisitionAmount,
    evaluationEstimatedAmount: p.evaluationEstimatedAmount,
    worksCost: p.worksCost,
    estimatedValueAfterWorks: p.estimatedValueAfterWorks,
    landValue: p.landValue,
    sustainabilityCampaign: p.sustainabilityCampaign,
  }
}

/** The process's financial fields name the input's monthly fields with a lower-case first letter. */
const financialField = (field: MonthlyField) => `${field[0]!.toLowerCase()}${field.slice(1)}` as keyof BorrowerRecord['financial']

/**
 * Prices the process's loan and assesses eligibility as a simulation's (src/modules/loan): the loan
 * group resolved to rates by the same code, then every borrower of the process (key borrower first)
 * with their current financial data, and the process's property values.
 */
export function evaluateProcess(
  loans: Pick<LoanService, 'evaluate' | 'borrower'>,
  loan: LoanSimulator,
  borrowers: readonly BorrowerRecord[],
  property: PropertyData,
  asOf: string,
): LoanEvaluation {
  const key = borrowers[0]
  if (!key?.personal.birthDate) throw new Error('a process is evaluated with its key borrower')
  const engineBorrowers = borrowers.map((b) => loans.borrower(b.personal.birthDate!, (field) => b.financial[financialField(field)] as number | null | undefined))
  return loans.evaluate(loan, propertyValues(property), engineBorrowers, asOf)
}

export function evaluationColumns(processUniqueId: string, loan: LoanSimulator, e: LoanEvaluation, at: Date): ProcessEvaluationColumns {
  return {
    processUniqueId,
    updatedAt: at.getTime(),
    evaluatedOn: at.toISOString().slice(0, 10),
    loanAmount: loan.loanAmount,
    propertyAmount: e.propertyAmount,
    ltvEstimated: e.quote.loanToValue,
    youthCredit: loan.youthCredit ? 1 : 0,
    eligible: e.eligible ? 1 : 0,
    loan: JSON.stringify(loan),
    engineInput: JSON.stringify(e.engineInput),
    quote: JSON.stringify(e.quote),
    failures: JSON.stringify(e.failures),
  }
}

/**
 * Re-runs the evaluation after a change of borrowers or property, inside the caller's transaction:
 * the figures of Process Detail and the ESIS always follow the data; eligibility is enforced at Submit.
 */
export function reevaluateProcess(
  repos: Pick<ProcessRepositories, 'processes' | 'borrowers' | 'properties'>,
  loans: Pick<LoanService, 'evaluate' | 'borrower'>,
  row: ProcessRow,
  at: Date,
): LoanEvaluation {
  const loan = JSON.parse(row.loan) as LoanSimulator
  const property = repos.properties.ofProcess(row.processUniqueId)?.data ?? {}
  const evaluation = evaluateProcess(loans, loan, repos.borrowers.list(row.processUniqueId), property, at.toISOString().slice(0, 10))
  repos.processes.updateEvaluation(evaluationColumns(row.processUniqueId, loan, evaluation, at))
  return evaluation
}
