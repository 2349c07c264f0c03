import type { SchemeCode } from './pricing-config.ts'

/** Rates in percent. A fixed rate holds for the whole term; its TAN is base rate + proposed spread. */
export type RateSpec =
  { type: 'fixed'; baseRate: number } | { type: 'variable'; indexRate: number } | { type: 'mixed'; baseRate: number; fixedPeriodMonths: number; indexRate: number }

export interface BorrowerIncome {
  wagesPensions: number
  greenReceipts: number
  rents: number
  others: number
}

export interface BorrowerInstallments {
  housingCredit: number
  personalCredit: number
  autoLeasingCredit: number
  creditCard: number
  bankOverdraft: number
  other: number
}

/** Monthly amounts in euros. */
export interface Borrower {
  birthDate: string
  income: BorrowerIncome
  installments: BorrowerInstallments
}

export interface PropertyValues {
  acquisitionAmount: number
  evaluationEstimatedAmount: number
  worksCost: number
  estimatedValueAfterWorks: number
  landValue: number
}

export interface MortgageInput {
  loanAmount: number
  durationMonths: number
  rate: RateSpec
  schemeCode: SchemeCode
  /** Loan purpose: works or construction value the property as min(land + works, value after works). */
  ltvBasis: 'acquisition' | 'works'
  /** Loan purpose flag: youth credit is not for construction or works. */
  youthCreditAllowedForPurpose: boolean
  /** Product purpose flag. */
  ownPermanentHome: boolean
  hasCrossSelling: boolean
  sustainabilityCampaign: boolean
  youthCredit: boolean
  property: PropertyValues
  /** One or two borrowers, the key borrower first. */
  borrowers: readonly Borrower[]
  /** YYYY-MM-DD, the date of the simulation. */
  asOf: string
}
