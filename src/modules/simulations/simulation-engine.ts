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
import type { BorrowersSimulator, SimulationInput } from './simulation-input.schemas.ts'

/** A quote as stored with the simulation: everything but the repayment table, recomputed on demand. */
export type StoredQuote = Omit<LoanQuote, 'schedule'>

export interface SimulationEvaluation {
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

function rateSpec(loan: SimulationInput['loanSimulator'], taxonomy: TaxonomyCatalog): RateSpec {
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

const INCOME_FIELDS = { wagesPensions: 'IncomeWagesPensions', greenReceipts: 'IncomeGreenReceipts', rents: 'IncomeRents', others: 'IncomeOthers' } as const
const INSTALMENT_FIELDS = {
  housingCredit: 'InstallmentHousingCredit',
  personalCredit: 'InstallmentPersonalCredit',
  autoLeasingCredit: 'InstallmentAutoLeasingCredit',
  creditCard: 'InstallmentCreditCard',
  bankOverdraft: 'InstallmentBankOverdraft',
  other: 'InstallmentOther',
} as const

/** The input's field names of each borrower, built once (a name built per read costs a string and a slow lookup). */
function fieldNames<T extends Record<string, string>>(prefix: string, fields: T): { [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(fields).map(([key, suffix]) => [key, `${prefix}${suffix}`])) as { [K in keyof T]: string }
}

const FIELDS = {
  keyBorrower: { income: fieldNames('keyBorrower', INCOME_FIELDS), installments: fieldNames('keyBorrower', INSTALMENT_FIELDS) },
  borrower: { income: fieldNames('borrower', INCOME_FIELDS), installments: fieldNames('borrower', INSTALMENT_FIELDS) },
}

function borrower(b: BorrowersSimulator, prefix: 'keyBorrower' | 'borrower', birthDate: string): Borrower {
  const { income, installments } = FIELDS[prefix]
  const value = (name: string) => ((b as Record<string, unknown>)[name] as number | null | undefined) ?? 0
  return {
    birthDate,
    income: {
      wagesPensions: value(income.wagesPensions),
      greenReceipts: value(income.greenReceipts),
      rents: value(income.rents),
      others: value(income.others),
    },
    installments: {
      housingCredit: value(installments.housingCredit),
      personalCredit: value(installments.personalCredit),
      autoLeasingCredit: value(installments.autoLeasingCredit),
      creditCard: value(installments.creditCard),
      bankOverdraft: value(installments.bankOverdraft),
      other: value(installments.other),
    },
  }
}

/** The engine's input from a validated simulation, ids resolved to rates and flags from the reference lists. */
export function toMortgageInput(input: SimulationInput, taxonomy: TaxonomyCatalog, asOf: string): MortgageInput {
  const { loanSimulator: loan, borrowersSimulator: b, propertySimulator: p } = input
  const borrowers = [borrower(b, 'keyBorrower', b.keyBorrowerBirthDate)]
  if (b.numberOfborrowers === 2 && b.borrowerBirthDate) borrowers.push(borrower(b, 'borrower', b.borrowerBirthDate))
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

/** Prices the loan and assesses eligibility (src/domain/mortgage): the figures the detail shows. */
export function evaluateSimulation(input: SimulationInput, taxonomy: TaxonomyCatalog, asOf: string): SimulationEvaluation {
  const engineInput = toMortgageInput(input, taxonomy, asOf)
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

/** The repayment table of a stored simulation, recomputed from the engine input it was priced with. */
export function repaymentTable(engineInput: MortgageInput): RepaymentRow[] {
  return repaymentScheduleFor(engineInput)
}
