import {
  assessEligibility,
  ltvReferenceValue,
  quoteLoan,
  repaymentScheduleFor,
  type Borrower,
  type EligibilityFailure,
  type LoanQuote,
  type MortgageInput,
  type RateSpec,
  type RepaymentRow,
  type SchemeCode,
} from '../../domain/mortgage/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { MONTHLY_FIELDS, type BorrowersSimulator, type LoanInput, type LoanSimulator, type MonthlyField, type PropertySimulator } from './loan-input.schemas.ts'

/** A quote as stored with the simulation: everything but the repayment table, recomputed on demand. */
export type StoredQuote = Omit<LoanQuote, 'schedule'>

/** A priced and assessed loan: what a simulation and a process store. */
export interface LoanEvaluation {
  engineInput: MortgageInput
  quote: StoredQuote
  eligible: boolean
  failures: EligibilityFailure[]
  /** The property value the LTV divides by: the list's propertyAmount. */
  propertyAmount: number
}

function attribute<T>(taxonomy: TaxonomyCatalog, list: string, id: number | null | undefined, name: string): T {
  const item = id === null || id === undefined ? undefined : taxonomy.get(list, id)
  if (!item) throw new Error(`validated simulation refers to ${list} ${String(id)}, which is not loaded`)
  return (name === 'code' ? item.code : item.attributes[name]) as T
}

function rateSpec(loan: LoanSimulator, taxonomy: TaxonomyCatalog): RateSpec {
  const code = attribute<string>(taxonomy, 'index-type-sub-categories', loan.interestRateTypeID, 'code')
  const indexRate = (indexTypeId: number | null | undefined) => attribute<number>(taxonomy, 'index-types', indexTypeId, 'value')
  switch (code) {
    case 'FIXED':
      return { type: 'fixed', baseRate: attribute(taxonomy, 'fixed-fixed-period', loan.fixedPeriodID, 'baseRate') }
    case 'VARIABLE':
      return { type: 'variable', indexRate: indexRate(loan.indexTypeID) }
    case 'MIXED':
      return {
        type: 'mixed',
        baseRate: attribute(taxonomy, 'mixed-fixed-period', loan.fixedPeriodID, 'baseRate'),
        fixedPeriodMonths: attribute(taxonomy, 'mixed-fixed-period', loan.fixedPeriodID, 'months'),
        indexRate: indexRate(attribute<number>(taxonomy, 'index-type-list-mixed', loan.indexTypeMixedID, 'indexTypeId')),
      }
    default:
      throw new Error(`unknown rate type ${code}`)
  }
}

/**
 * A borrower for the engine from their monthly amounts, read by the input's field suffix
 * (`IncomeWagesPensions`…): the one mapping of a simulation's borrowers and a process's borrowers,
 * each naming the field its own way. An absent amount counts as 0.
 */
export function engineBorrower(birthDate: string, amountOf: (field: MonthlyField) => number | null | undefined): Borrower {
  const value = (field: MonthlyField) => amountOf(field) ?? 0
  return {
    birthDate,
    income: {
      wagesPensions: value('IncomeWagesPensions'),
      greenReceipts: value('IncomeGreenReceipts'),
      rents: value('IncomeRents'),
      others: value('IncomeOthers'),
    },
    installments: {
      housingCredit: value('InstallmentHousingCredit'),
      personalCredit: value('InstallmentPersonalCredit'),
      autoLeasingCredit: value('InstallmentAutoLeasingCredit'),
      creditCard: value('InstallmentCreditCard'),
      bankOverdraft: value('InstallmentBankOverdraft'),
      other: value('InstallmentOther'),
    },
  }
}

/** The input's field names of each borrower, built once (a name built per read costs a string and a slow lookup). */
const FIELD_NAMES = {
  keyBorrower: Object.fromEntries(Object.keys(MONTHLY_FIELDS).map((suffix) => [suffix, `keyBorrower${suffix}`])) as Record<MonthlyField, string>,
  borrower: Object.fromEntries(Object.keys(MONTHLY_FIELDS).map((suffix) => [suffix, `borrower${suffix}`])) as Record<MonthlyField, string>,
}

/** The borrowers of a simulation input, key borrower first (the second one only when numberOfborrowers is 2). */
export function simulatorBorrowers(b: BorrowersSimulator): Borrower[] {
  const source = b as Record<string, unknown>
  const of = (prefix: 'keyBorrower' | 'borrower') => (field: MonthlyField) => source[FIELD_NAMES[prefix][field]] as number | null | undefined
  const borrowers = [engineBorrower(b.keyBorrowerBirthDate, of('keyBorrower'))]
  if (b.numberOfborrowers === 2 && b.borrowerBirthDate) borrowers.push(engineBorrower(b.borrowerBirthDate, of('borrower')))
  return borrowers
}

/**
 * The engine's input from a validated loan group, property group and borrowers, ids resolved to
 * rates and flags from the reference lists.
 */
export function toMortgageInput(loan: LoanSimulator, p: PropertySimulator, borrowers: Borrower[], taxonomy: TaxonomyCatalog, asOf: string): MortgageInput {
  return {
    loanAmount: loan.loanAmount,
    durationMonths: loan.loanDurationMonths,
    rate: rateSpec(loan, taxonomy),
    schemeCode: attribute<SchemeCode>(taxonomy, 'product-schemes', loan.productSchemeId, 'code'),
    ltvBasis: attribute(taxonomy, 'loan-purposes', loan.loanPurposeId, 'ltvBasis'),
    youthCreditAllowedForPurpose: attribute(taxonomy, 'loan-purposes', loan.loanPurposeId, 'youthCreditAllowed'),
    ownPermanentHome: attribute(taxonomy, 'product-purposes', loan.productPurposeId, 'ownPermanentHome'),
    hasCrossSelling: loan.hasCrossSelling ?? false,
    sustainabilityCampaign: p.sustainabilityCampaign ?? false,
    youthCredit: loan.youthCredit ?? false,
    property: {
      acquisitionAmount: p.acquisitionAmount ?? 0,
      evaluationEstimatedAmount: p.evaluationEstimatedAmount ?? 0,
      worksCost: p.worksCost ?? 0,
      estimatedValueAfterWorks: p.estimatedValueAfterWorks ?? 0,
      landValue: p.landValue ?? 0,
    },
    borrowers,
    asOf,
  }
}

/** Prices the loan and assesses eligibility (src/domain/mortgage): the figures a detail shows. */
export function evaluateLoan(engineInput: MortgageInput): LoanEvaluation {
  const quote = quoteLoan(engineInput)
  const assessment = assessEligibility(engineInput)
  return {
    engineInput,
    quote,
    eligible: assessment.eligible,
    failures: assessment.failures,
    propertyAmount: ltvReferenceValue(engineInput),
  }
}

/** A simulation input priced and assessed. */
export function evaluateLoanInput(input: LoanInput, taxonomy: TaxonomyCatalog, asOf: string): LoanEvaluation {
  return evaluateLoan(toMortgageInput(input.loanSimulator, input.propertySimulator, simulatorBorrowers(input.borrowersSimulator), taxonomy, asOf))
}

/** The repayment table of a stored simulation or process, recomputed from the engine input it was priced with. */
export function repaymentTable(engineInput: MortgageInput): RepaymentRow[] {
  return repaymentScheduleFor(engineInput)
}
