import { COMMISSIONS, MORTGAGE_REGISTRATION, STAMP_DUTY_COMMISSIONS_RATE, STAMP_DUTY_INTEREST_RATE, STAMP_DUTY_LOAN } from './pricing-config.ts'
import { roundMoney } from './rounding.ts'

export type UpfrontChargeCode = 'STUDY' | 'VALUATION' | 'FORMALISATION' | 'REGISTRATION' | 'STAMP_DUTY_LOAN' | 'STAMP_DUTY_COMMISSIONS'

export type BankChargeCode = UpfrontChargeCode | 'STAMP_DUTY_INTEREST' | 'LIFE_INSURANCE' | 'PROPERTY_INSURANCE'

export interface BankCharge {
  code: BankChargeCode
  amount: number
}

export const UPFRONT_CHARGE_CODES: ReadonlySet<BankChargeCode> = new Set<UpfrontChargeCode>([
  'STUDY',
  'VALUATION',
  'FORMALISATION',
  'REGISTRATION',
  'STAMP_DUTY_LOAN',
  'STAMP_DUTY_COMMISSIONS',
])

/** Stamp duty rate on the loan amount in percent, Tabela Geral do Imposto do Selo verba 17.1. */
export function stampDutyLoanRate(durationMonths: number): number {
  if (durationMonths >= 60) return STAMP_DUTY_LOAN.FIVE_YEARS_OR_MORE // verba 17.1.3
  if (durationMonths >= 12) return STAMP_DUTY_LOAN.ONE_YEAR_OR_MORE // verba 17.1.2
  return STAMP_DUTY_LOAN.PER_MONTH_UNDER_ONE_YEAR * durationMonths // verba 17.1.1
}

/**
 * Charges paid at the start, which reduce the drawdown in the APRC: the bank commissions, the
 * mortgage registration, stamp duty on the loan (verba 17.1) and 4% on the commissions (verba 17.3.4).
 */
export function upfrontCharges(loanAmount: number, durationMonths: number): BankCharge[] {
  const commissions = COMMISSIONS.STUDY + COMMISSIONS.VALUATION + COMMISSIONS.FORMALISATION
  return [
    { code: 'STUDY', amount: COMMISSIONS.STUDY },
    { code: 'VALUATION', amount: COMMISSIONS.VALUATION },
    { code: 'FORMALISATION', amount: COMMISSIONS.FORMALISATION },
    { code: 'REGISTRATION', amount: MORTGAGE_REGISTRATION },
    { code: 'STAMP_DUTY_LOAN', amount: roundMoney((loanAmount * stampDutyLoanRate(durationMonths)) / 100) },
    { code: 'STAMP_DUTY_COMMISSIONS', amount: roundMoney((commissions * STAMP_DUTY_COMMISSIONS_RATE) / 100) },
  ]
}

/** Stamp duty on interest in percent (verba 17.3.1): own-home loans are exempt (CIS art. 7.º). */
export function stampDutyInterestRate(ownPermanentHome: boolean): number {
  return ownPermanentHome ? 0 : STAMP_DUTY_INTEREST_RATE
}
