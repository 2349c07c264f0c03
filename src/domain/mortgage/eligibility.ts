import { annuityPayment, outstandingBalance } from './annuity.ts'
import { addMonths, ageInCompletedMonths, ageInYears } from './borrower-age.ts'
import { priceRates, type RatePricing } from './interest-rates.ts'
import { loanToValue, ltvLimit, type LtvLimitBasis } from './loan-to-value.ts'
import type { Borrower, MortgageInput } from './mortgage-input.ts'
import { DSTI_LIMIT, DSTI_STRESS_BY_TERM, MAX_AGE_AT_MATURITY, MAX_TERM_BY_AGE, MINIMUM_BORROWER_AGE, RENT_INCOME_WEIGHT, YOUTH_CREDIT } from './pricing-config.ts'
import { roundMoney, roundRate } from './rounding.ts'

/**
 * `borrower` is 1 for the key borrower, 2 for the second. LTV and DSTI are in percent to 3 decimals,
 * the precision the limits are compared at, so a figure shown is never "at" a limit it failed.
 */
export type EligibilityFailure =
  | { code: 'LTV_ABOVE_LIMIT'; params: { ltv: number; limit: number; basis: LtvLimitBasis } }
  | { code: 'DSTI_ABOVE_LIMIT'; params: { dsti: number; limit: number } }
  | { code: 'TERM_ABOVE_MAXIMUM'; params: { termMonths: number; maxTermMonths: number; oldestBorrowerAge: number } }
  | { code: 'AGE_AT_MATURITY_ABOVE_LIMIT'; params: { ageAtMaturityMonths: number; limitYears: number } }
  | { code: 'BORROWER_UNDER_MINIMUM_AGE'; params: { borrower: number; age: number; minimumAge: number } }
  | { code: 'YOUTH_CREDIT_AGE'; params: { borrower: number; age: number; maximumAge: number } }
  | { code: 'YOUTH_CREDIT_TRANSACTION_LIMIT'; params: { transactionAmount: number; limit: number } }
  | { code: 'YOUTH_CREDIT_INCOME_LIMIT'; params: { borrower: number; annualIncome: number; limit: number } }
  | { code: 'YOUTH_CREDIT_PURPOSE'; params: Record<string, never> }
  | { code: 'NO_INCOME'; params: Record<string, never> }

export interface EligibilityAssessment {
  eligible: boolean
  /** Every rule that failed, in a stable order. */
  failures: EligibilityFailure[]
  /** Percent, 3 decimals. */
  loanToValue: number
  ltvLimit: number
  /** Percent, 3 decimals; null without income. */
  dsti: number | null
  /** Stress added to the index, in percentage points (0 for a fixed rate). */
  stressPp: number
  /** The new loan's instalment the DSTI counts, under stress. */
  stressedInstallment: number
  /** Monthly income the DSTI counts (rents at 70%). */
  monthlyIncome: number
  /** Monthly instalments of the borrowers' existing credits. */
  existingInstallments: number
}

/** Banco de Portugal macroprudential recommendation and DL 44/2024, as docs/domain.md "Eligibility" states them. */
export function assessEligibility(input: MortgageInput): EligibilityAssessment {
  const failures: EligibilityFailure[] = []
  const exactLtv = loanToValue(input)
  const ltv = roundRate(exactLtv)
  const { limit, basis } = ltvLimit(input)
  if (ltv > limit) failures.push({ code: 'LTV_ABOVE_LIMIT', params: { ltv, limit, basis } })

  const pricing = priceRates(input, exactLtv)
  const stressPp = dstiStress(input.rate.type, input.durationMonths)
  const stressedInstallment = roundMoney(stressedInstalment(input.loanAmount, pricing, stressPp))
  const monthlyIncome = roundMoney(sum(input.borrowers.map(countedIncome)))
  const existingInstallments = roundMoney(sum(input.borrowers.map(existingInstalments)))
  let dsti: number | null = null
  if (monthlyIncome <= 0) {
    failures.push({ code: 'NO_INCOME', params: {} })
  } else {
    dsti = roundRate(((existingInstallments + stressedInstallment) / monthlyIncome) * 100)
    if (dsti > DSTI_LIMIT) failures.push({ code: 'DSTI_ABOVE_LIMIT', params: { dsti, limit: DSTI_LIMIT } })
  }

  failures.push(...ageFailures(input))
  if (input.youthCredit) failures.push(...youthCreditFailures(input))
  return {
    eligible: failures.length === 0,
    failures,
    loanToValue: ltv,
    ltvLimit: limit,
    dsti,
    stressPp,
    stressedInstallment,
    monthlyIncome,
    existingInstallments,
  }
}

/** Stress on the index by term; a rate fixed for the whole term takes none. */
export function dstiStress(rateType: MortgageInput['rate']['type'], durationMonths: number): number {
  if (rateType === 'fixed') return 0
  const band = DSTI_STRESS_BY_TERM.find(({ maxMonths }) => durationMonths <= maxMonths)
  return band?.pp ?? 0
}

/**
 * The instalment DSTI counts: variable rates pay index + spread + stress from the start; mixed rates
 * take the stress only after the fixed period, on the balance then owed, and the higher of the two
 * instalments counts.
 */
function stressedInstalment(loanAmount: number, pricing: RatePricing, stressPp: number): number {
  const { fixed, variable, periods } = pricing
  const totalMonths = sum(periods.map((period) => period.months))
  if (!variable) return annuityPayment(loanAmount, fixed?.tan ?? 0, totalMonths)
  if (!fixed) return annuityPayment(loanAmount, variable.tan + stressPp, totalMonths)
  const fixedInstalment = annuityPayment(loanAmount, fixed.tan, totalMonths)
  const balance = outstandingBalance(loanAmount, fixed.tan, totalMonths, fixed.months)
  return Math.max(fixedInstalment, annuityPayment(balance, variable.tan + stressPp, variable.months))
}

/**
 * The age rules Submit and Create apply: the term the oldest borrower's age allows, at most 75 at
 * the loan's end, every borrower at least 18.
 */
export function ageFailures(input: Pick<MortgageInput, 'borrowers' | 'asOf' | 'durationMonths'>): EligibilityFailure[] {
  const failures: EligibilityFailure[] = []
  const ages = input.borrowers.map((b) => ageInCompletedMonths(b.birthDate, input.asOf))
  if (ages.length === 0) return failures
  const oldestIndex = ages.indexOf(Math.max(...ages))
  const oldest = input.borrowers[oldestIndex]
  const oldestAge = Math.floor((ages[oldestIndex] ?? 0) / 12)

  const maxTermMonths = MAX_TERM_BY_AGE.find(({ maxAge }) => oldestAge <= maxAge)?.months ?? 0
  if (input.durationMonths > maxTermMonths) {
    failures.push({
      code: 'TERM_ABOVE_MAXIMUM',
      params: { termMonths: input.durationMonths, maxTermMonths, oldestBorrowerAge: oldestAge },
    })
  }
  if (oldest) {
    const ageAtMaturityMonths = ageInCompletedMonths(oldest.birthDate, addMonths(input.asOf, input.durationMonths))
    if (ageAtMaturityMonths > MAX_AGE_AT_MATURITY * 12) {
      failures.push({ code: 'AGE_AT_MATURITY_ABOVE_LIMIT', params: { ageAtMaturityMonths, limitYears: MAX_AGE_AT_MATURITY } })
    }
  }
  ages.forEach((months, index) => {
    const age = Math.floor(months / 12)
    if (age < MINIMUM_BORROWER_AGE) {
      failures.push({ code: 'BORROWER_UNDER_MINIMUM_AGE', params: { borrower: index + 1, age, minimumAge: MINIMUM_BORROWER_AGE } })
    }
  })
  return failures
}

/** The longest term the bank offers, in months: the one its youngest borrowers may have. */
export const LONGEST_TERM_MONTHS = Math.max(...MAX_TERM_BY_AGE.map(({ months }) => months))

/**
 * The oldest a borrower may be when a loan of `durationMonths` starts, in completed months, for the
 * age rules to let it through: its age allows the term (MAX_TERM_BY_AGE), and it is at most 75 at
 * the loan's end. A 480-month loan: 30 years and 11 months; a 360-month one: 45 years. Negative for
 * a term no age allows.
 */
export function oldestAgeMonthsForTerm(durationMonths: number): number {
  const allowing = MAX_TERM_BY_AGE.filter(({ months }) => months >= durationMonths).map(({ maxAge }) => maxAge)
  if (allowing.length === 0) return -1
  const byTerm = Math.max(...allowing) * 12 + 11
  return Math.min(byTerm, MAX_AGE_AT_MATURITY * 12 - durationMonths)
}

/**
 * Decreto-Lei 44/2024: every borrower at most 35 (the minimum of 18 is the general rule above),
 * first own permanent home and not construction or works, transaction ≤ 450,000 €, each borrower's
 * income within the 8th IRS bracket.
 */
function youthCreditFailures(input: MortgageInput): EligibilityFailure[] {
  const failures: EligibilityFailure[] = []
  input.borrowers.forEach((borrower, index) => {
    const age = ageInYears(borrower.birthDate, input.asOf)
    if (age > YOUTH_CREDIT.MAX_AGE) {
      failures.push({ code: 'YOUTH_CREDIT_AGE', params: { borrower: index + 1, age, maximumAge: YOUTH_CREDIT.MAX_AGE } })
    }
  })
  const transactionAmount = input.property.acquisitionAmount
  if (transactionAmount > YOUTH_CREDIT.MAX_TRANSACTION) {
    failures.push({
      code: 'YOUTH_CREDIT_TRANSACTION_LIMIT',
      params: { transactionAmount, limit: YOUTH_CREDIT.MAX_TRANSACTION },
    })
  }
  input.borrowers.forEach((borrower, index) => {
    const annualIncome = roundMoney(grossMonthlyIncome(borrower) * YOUTH_CREDIT.MONTHS_OF_INCOME_PER_YEAR)
    if (annualIncome > YOUTH_CREDIT.MAX_ANNUAL_INCOME) {
      failures.push({
        code: 'YOUTH_CREDIT_INCOME_LIMIT',
        params: { borrower: index + 1, annualIncome, limit: YOUTH_CREDIT.MAX_ANNUAL_INCOME },
      })
    }
  })
  if (!input.youthCreditAllowedForPurpose || !input.ownPermanentHome) {
    failures.push({ code: 'YOUTH_CREDIT_PURPOSE', params: {} })
  }
  return failures
}

function grossMonthlyIncome({ income }: Borrower): number {
  return income.wagesPensions + income.greenReceipts + income.rents + income.others
}

/** Rental income counts at 70% (docs/domain.md "Eligibility"). */
function countedIncome({ income }: Borrower): number {
  return income.wagesPensions + income.greenReceipts + income.rents * RENT_INCOME_WEIGHT + income.others
}

function existingInstalments({ installments: i }: Borrower): number {
  return i.housingCredit + i.personalCredit + i.autoLeasingCredit + i.creditCard + i.bankOverdraft + i.other
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}
