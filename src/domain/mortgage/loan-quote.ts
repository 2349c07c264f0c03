import { amortisationFlows, repaymentSchedule, type AmortisationStep, type RepaymentRow } from './annuity.ts'
import { roundedMonthlyAprc } from './aprc.ts'
import { ageInYears } from './borrower-age.ts'
import { stampDutyInterestRate, upfrontCharges, type BankCharge } from './charges.ts'
import { lifeInsuranceMonthly, propertyInsuranceMonthly } from './insurance.ts'
import { priceRates, type RatePart } from './interest-rates.ts'
import { loanToValue, ltvReferenceValue } from './loan-to-value.ts'
import type { MortgageInput } from './mortgage-input.ts'
import { roundMoney, roundRate } from './rounding.ts'

/** Rates in percent (3 decimals), money in euros (2 decimals); null where the rate type has no such part. */
export interface LoanQuote {
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
}

/**
 * Prices a loan and computes its instalments, charges, MTIC and TAEG
 * (docs/domain.md "Instalment, MTIC, TAEG"). The index is assumed constant at today's value over the term (Directive 2014/17/EU Annex I).
 * The ESIS repayment table is not part of the quote: `repaymentScheduleFor(input)` computes it.
 */
export function quoteLoan(input: MortgageInput): LoanQuote {
  const { loanAmount, durationMonths } = input
  const ltv = loanToValue(input)
  const pricing = priceRates(input, ltv)
  const { instalments, interests, totalInterest: exactInterest } = amortisationFlows(loanAmount, pricing.periods)
  const firstInstalment = instalmentAt(instalments, 0)
  const switchInstalment = pricing.fixed && pricing.variable ? instalmentAt(instalments, pricing.fixed.months) : firstInstalment

  const { lifeMonthly, propertyMonthly, interestTaxPct } = recurringCostRates(input)
  const upfront = upfrontCharges(loanAmount, durationMonths)
  const bankCharges: BankCharge[] = [
    ...upfront,
    ...(interestTaxPct > 0 ? [{ code: 'STAMP_DUTY_INTEREST' as const, amount: roundMoney((exactInterest * interestTaxPct) / 100) }] : []),
    { code: 'LIFE_INSURANCE', amount: roundMoney(lifeMonthly * durationMonths) },
    { code: 'PROPERTY_INSURANCE', amount: roundMoney(propertyMonthly * durationMonths) },
  ]
  const totalInterest = roundMoney(exactInterest)
  const netDrawdown = loanAmount - sum(upfront.map((charge) => charge.amount))
  // Each month's payment: its instalment and its recurring costs (the ESIS table's other costs),
  // written over the interest, which is not needed any more.
  const payments = interests
  const insurance = lifeMonthly + propertyMonthly
  for (let k = 0; k < payments.length; k++) {
    payments[k] = (instalments[k] as number) + (insurance + ((interests[k] as number) * interestTaxPct) / 100)
  }
  const taeg = roundedMonthlyAprc(netDrawdown, payments)

  const { fixed, variable } = pricing
  const start = fixed ?? variable
  if (!start) throw new Error('A priced loan has a fixed or a variable part')
  return {
    loanAmount,
    loanDurationMonths: durationMonths,
    tan: start.tan,
    taeg,
    monthlyInstallmentAmount: roundMoney(firstInstalment),
    mtic: roundMoney(loanAmount + totalInterest + sum(bankCharges.map((charge) => charge.amount))),
    totalInterest,
    spread: pricing.spread,
    proposedSpread: pricing.proposedSpread,
    baseInterestRate: start.baseInterestRate,
    indexInterestRate: variable?.indexRate ?? null,
    ...fixedFields(fixed, firstInstalment),
    ...variableFields(variable, switchInstalment),
    loanToValue: roundRate(ltv),
    insurance: { lifeInsuranceMonthlyAmount: lifeMonthly, propertyInsuranceMonthlyAmount: propertyMonthly },
    bankCharges,
  }
}

/**
 * The ESIS section 7 repayment table of the loan `quoteLoan(input)` prices: the instalments to the
 * cent, and as other costs each month's insurance and stamp duty on interest. Its columns add up to
 * the quote's figures (Σ interest = totalInterest, Σ capital = loanAmount).
 */
export function repaymentScheduleFor(input: MortgageInput): RepaymentRow[] {
  const { periods } = priceRates(input, loanToValue(input))
  const { lifeMonthly, propertyMonthly, interestTaxPct } = recurringCostRates(input)
  return repaymentSchedule(input.loanAmount, periods, (step: AmortisationStep): number => lifeMonthly + propertyMonthly + (step.interest * interestTaxPct) / 100)
}

/** Monthly insurance premiums, and the stamp duty rate (percent) on each month's interest. */
function recurringCostRates(input: MortgageInput) {
  const ages = input.borrowers.map((borrower) => ageInYears(borrower.birthDate, input.asOf))
  return {
    lifeMonthly: lifeInsuranceMonthly(ages, input.loanAmount),
    propertyMonthly: propertyInsuranceMonthly(ltvReferenceValue(input)),
    interestTaxPct: stampDutyInterestRate(input.ownPermanentHome),
  }
}

function fixedFields(part: RatePart | null, firstInstalment: number) {
  return {
    fixedBaseInterestRate: part?.baseInterestRate ?? null,
    fixedSpread: part?.spread ?? null,
    fixedProposedSpread: part?.proposedSpread ?? null,
    fixedTAN: part?.tan ?? null,
    fixedMonthlyInstallmentAmount: part ? roundMoney(firstInstalment) : null,
    loanFixedPeriodMonths: part?.months ?? null,
  }
}

function variableFields(part: RatePart | null, firstInstalment: number) {
  return {
    variableBaseInterestRate: part?.baseInterestRate ?? null,
    variableSpread: part?.spread ?? null,
    variableProposedSpread: part?.proposedSpread ?? null,
    variableTAN: part?.tan ?? null,
    variableMonthlyInstallmentAmount: part ? roundMoney(firstInstalment) : null,
    loanVariablePeriodMonths: part?.months ?? null,
  }
}

function instalmentAt(instalments: Float64Array, index: number): number {
  const instalment = instalments[index]
  if (instalment === undefined) throw new RangeError(`No instalment ${index + 1} in a ${instalments.length}-month schedule`)
  return instalment
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}
