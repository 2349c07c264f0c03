// Test-only reference: src/domain/mortgage/loan-quote.ts as it was before the fast path (schedule
// built inside the quote, APRC by bisection over 360-480 powers, rounding through toPrecision).
// It uses the reference copies of annuity.ts, aprc.ts and rounding.ts next to it, and the unchanged
// modules of src/domain/mortgage (pricing, charges, insurance, LTV, ages).
import { amortise, repaymentSchedule, type AmortisationStep, type RepaymentRow } from './annuity.ts'
import { monthlyAprc } from './aprc.ts'
import { ageInYears } from '../../../../src/domain/mortgage/borrower-age.ts'
import { stampDutyInterestRate, upfrontCharges, type BankCharge } from '../../../../src/domain/mortgage/charges.ts'
import { lifeInsuranceMonthly, propertyInsuranceMonthly } from '../../../../src/domain/mortgage/insurance.ts'
import { priceRates, type RatePart } from '../../../../src/domain/mortgage/interest-rates.ts'
import { loanToValue, ltvReferenceValue } from '../../../../src/domain/mortgage/loan-to-value.ts'
import type { MortgageInput } from '../../../../src/domain/mortgage/mortgage-input.ts'
import { roundMoney, roundRate } from './rounding.ts'

/** Rates in percent (3 decimals), money in euros (2 decimals); null where the rate type has no such part. */
export interface ReferenceLoanQuote {
  loanAmount: number
  loanDurationMonths: number
  /** The rate that applies at the start. */
  tan: number
  taeg: number
  /** The first instalment. */
  monthlyInstallmentAmount: number
  mtic: number
  totalInterest: number
  /** Standard spread of the scheme and LTV band, before discounts. */
  spread: number
  /** After the cross-selling and sustainability discounts. */
  proposedSpread: number
  /** Fixed base rate, or the index, at the start. */
  baseInterestRate: number
  indexInterestRate: number | null
  fixedBaseInterestRate: number | null
  fixedSpread: number | null
  fixedProposedSpread: number | null
  fixedTAN: number | null
  fixedMonthlyInstallmentAmount: number | null
  loanFixedPeriodMonths: number | null
  variableBaseInterestRate: number | null
  variableSpread: number | null
  variableProposedSpread: number | null
  variableTAN: number | null
  variableMonthlyInstallmentAmount: number | null
  loanVariablePeriodMonths: number | null
  loanToValue: number
  insurance: { lifeInsuranceMonthlyAmount: number; propertyInsuranceMonthlyAmount: number }
  /**
   * Upfront charges, then the totals over the term of stamp duty on interest (when it applies) and
   * of each insurance: MTIC = loanAmount + totalInterest + Σ amounts.
   */
  bankCharges: BankCharge[]
  /** ESIS section 7 repayment table; other costs are insurance and stamp duty on interest. */
  schedule: RepaymentRow[]
}

/**
 * Prices a loan and computes its instalments, charges, MTIC and TAEG (docs/domain.md "Instalment, MTIC,
 * APRC"). The index is assumed constant at today's value over the term (Directive 2014/17/EU Annex I).
 */
export function referenceQuoteLoan(input: MortgageInput): ReferenceLoanQuote {
  const { loanAmount, durationMonths } = input
  const ltv = loanToValue(input)
  const pricing = priceRates(input, ltv)
  const steps = amortise(loanAmount, pricing.periods)
  const first = stepAt(steps, 0)
  const switchStep = pricing.fixed && pricing.variable ? stepAt(steps, pricing.fixed.months) : first

  const ages = input.borrowers.map((borrower) => ageInYears(borrower.birthDate, input.asOf))
  const lifeMonthly = lifeInsuranceMonthly(ages, loanAmount)
  const propertyMonthly = propertyInsuranceMonthly(ltvReferenceValue(input))
  const interestTaxPct = stampDutyInterestRate(input.ownPermanentHome)
  const recurringCosts = (step: AmortisationStep): number => lifeMonthly + propertyMonthly + (step.interest * interestTaxPct) / 100

  const exactInterest = steps.reduce((sum, step) => sum + step.interest, 0)
  const upfront = upfrontCharges(loanAmount, durationMonths)
  const bankCharges: BankCharge[] = [
    ...upfront,
    ...(interestTaxPct > 0 ? [{ code: 'STAMP_DUTY_INTEREST' as const, amount: roundMoney((exactInterest * interestTaxPct) / 100) }] : []),
    { code: 'LIFE_INSURANCE', amount: roundMoney(lifeMonthly * durationMonths) },
    { code: 'PROPERTY_INSURANCE', amount: roundMoney(propertyMonthly * durationMonths) },
  ]
  const totalInterest = roundMoney(exactInterest)
  const netDrawdown = loanAmount - sum(upfront.map((charge) => charge.amount))
  const taeg = monthlyAprc(
    netDrawdown,
    steps.map((step) => step.instalment + recurringCosts(step)),
  )

  const { fixed, variable } = pricing
  const start = fixed ?? variable
  if (!start) throw new Error('A priced loan has a fixed or a variable part')
  return {
    loanAmount,
    loanDurationMonths: durationMonths,
    tan: start.tan,
    taeg: roundRate(taeg),
    monthlyInstallmentAmount: roundMoney(first.instalment),
    mtic: roundMoney(loanAmount + totalInterest + sum(bankCharges.map((charge) => charge.amount))),
    totalInterest,
    spread: pricing.spread,
    proposedSpread: pricing.proposedSpread,
    baseInterestRate: start.baseInterestRate,
    indexInterestRate: variable?.indexRate ?? null,
    ...fixedFields(fixed, first),
    ...variableFields(variable, switchStep),
    loanToValue: roundRate(ltv),
    insurance: { lifeInsuranceMonthlyAmount: lifeMonthly, propertyInsuranceMonthlyAmount: propertyMonthly },
    bankCharges,
    schedule: repaymentSchedule(loanAmount, pricing.periods, recurringCosts),
  }
}

function fixedFields(part: RatePart | null, firstStep: AmortisationStep) {
  return {
    fixedBaseInterestRate: part?.baseInterestRate ?? null,
    fixedSpread: part?.spread ?? null,
    fixedProposedSpread: part?.proposedSpread ?? null,
    fixedTAN: part?.tan ?? null,
    fixedMonthlyInstallmentAmount: part ? roundMoney(firstStep.instalment) : null,
    loanFixedPeriodMonths: part?.months ?? null,
  }
}

function variableFields(part: RatePart | null, firstStep: AmortisationStep) {
  return {
    variableBaseInterestRate: part?.baseInterestRate ?? null,
    variableSpread: part?.spread ?? null,
    variableProposedSpread: part?.proposedSpread ?? null,
    variableTAN: part?.tan ?? null,
    variableMonthlyInstallmentAmount: part ? roundMoney(firstStep.instalment) : null,
    loanVariablePeriodMonths: part?.months ?? null,
  }
}

function stepAt(steps: readonly AmortisationStep[], index: number): AmortisationStep {
  const step = steps[index]
  if (!step) throw new RangeError(`No instalment ${index + 1} in a ${steps.length}-month schedule`)
  return step
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}
