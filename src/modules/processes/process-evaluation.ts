import { assessEligibility, ltvReferenceValue, quoteLoan, type Borrower, type EligibilityFailure, type MortgageInput } from '../../domain/mortgage/index.ts'
import { toMortgageInput, type LoanSimulator, type PropertySimulator, type StoredQuote } from '../simulations/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import type { BorrowerRecord } from './borrowers/borrowers.repository.ts'
import type { ProcessRepositories } from './process-repositories.ts'
import type { ProcessEvaluationColumns, ProcessRow } from './processes.repository.ts'
import type { PropertyData } from './property/property.schemas.ts'

export interface ProcessEvaluation {
  engineInput: MortgageInput
  quote: StoredQuote
  eligible: boolean
  failures: EligibilityFailure[]
  /** The property value the LTV divides by. */
  propertyAmount: number
}

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

function engineBorrower(b: BorrowerRecord): Borrower {
  const f = b.financial
  return {
    birthDate: b.personal.birthDate!,
    income: {
      wagesPensions: f.incomeWagesPensions ?? 0,
      greenReceipts: f.incomeGreenReceipts ?? 0,
      rents: f.incomeRents ?? 0,
      others: f.incomeOthers ?? 0,
    },
    installments: {
      housingCredit: f.installmentHousingCredit ?? 0,
      personalCredit: f.installmentPersonalCredit ?? 0,
      autoLeasingCredit: f.installmentAutoLeasingCredit ?? 0,
      creditCard: f.installmentCreditCard ?? 0,
      bankOverdraft: f.installmentBankOverdraft ?? 0,
      other: f.installmentOther ?? 0,
    },
  }
}

/**
 * Prices the process's loan and assesses eligibility with the engine of the simulations: the loan
 * group resolved to rates by the same code, then every borrower of the process (key borrower first)
 * with their current financial data, and the process's property values.
 */
export function evaluateProcess(
  taxonomy: TaxonomyCatalog,
  loan: LoanSimulator,
  borrowers: readonly BorrowerRecord[],
  property: PropertyData,
  asOf: string,
): ProcessEvaluation {
  const key = borrowers[0]
  if (!key?.personal.birthDate) throw new Error('a process is evaluated with its key borrower')
  const base = toMortgageInput(
    {
      loanSimulator: loan,
      borrowersSimulator: { numberOfborrowers: 1, keyBorrowerName: key.personal.name ?? '', keyBorrowerBirthDate: key.personal.birthDate },
      propertySimulator: propertyValues(property),
    },
    taxonomy,
    asOf,
  )
  const engineInput: MortgageInput = { ...base, borrowers: borrowers.map(engineBorrower) }
  const quote = quoteLoan(engineInput)
  const assessment = assessEligibility(engineInput)
  return { engineInput, quote, eligible: assessment.eligible, failures: assessment.failures, propertyAmount: ltvReferenceValue(engineInput) }
}

export function evaluationColumns(processUniqueId: string, loan: LoanSimulator, e: ProcessEvaluation, at: Date): ProcessEvaluationColumns {
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
  taxonomy: TaxonomyCatalog,
  row: ProcessRow,
  at: Date,
): ProcessEvaluation {
  const loan = JSON.parse(row.loan) as LoanSimulator
  const property = repos.properties.ofProcess(row.processUniqueId)?.data ?? {}
  const evaluation = evaluateProcess(taxonomy, loan, repos.borrowers.list(row.processUniqueId), property, at.toISOString().slice(0, 10))
  repos.processes.updateEvaluation(evaluationColumns(row.processUniqueId, loan, evaluation, at))
  return evaluation
}
