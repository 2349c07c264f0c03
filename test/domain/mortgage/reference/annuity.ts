// Test-only reference: src/domain/mortgage/annuity.ts as it was before the fast path.
import { roundMoney } from './rounding.ts'

/** A stretch of the term at one nominal annual rate (percent). */
export interface RatePeriod {
  months: number
  annualRatePct: number
}

/** One month of the amortisation, unrounded. */
export interface AmortisationStep {
  period: number
  instalment: number
  interest: number
  capital: number
  outstanding: number
}

/** One row of the ESIS repayment table (section 7), in euros to the cent. */
export interface RepaymentRow extends AmortisationStep {
  otherCosts: number
}

/** French annuity, docs/domain.md: M = P·i / (1 − (1+i)^−n), i = TAN/12. */
export function annuityPayment(principal: number, annualRatePct: number, months: number): number {
  assertMonths(months)
  const i = annualRatePct / 1200
  if (i === 0) return principal / months
  return (principal * i) / (1 - (1 + i) ** -months)
}

/**
 * The exact monthly amortisation over consecutive rate periods. At the start of each period the
 * instalment is recomputed on the outstanding balance over the remaining months (docs/domain.md, mixed
 * rate: fixed-period instalment, then the variable rate on what is left).
 */
export function amortise(principal: number, periods: readonly RatePeriod[]): AmortisationStep[] {
  const totalMonths = periods.reduce((sum, p) => sum + p.months, 0)
  assertMonths(totalMonths)
  const steps: AmortisationStep[] = []
  let outstanding = principal
  let period = 0
  for (const { months, annualRatePct } of periods) {
    if (months <= 0) continue
    const instalment = annuityPayment(outstanding, annualRatePct, totalMonths - period)
    for (let m = 0; m < months; m++) {
      period += 1
      const interest = (outstanding * annualRatePct) / 1200
      const capital = period === totalMonths ? outstanding : instalment - interest
      outstanding -= capital
      steps.push({ period, instalment: interest + capital, interest, capital, outstanding })
    }
  }
  return steps
}

/**
 * The repayment table for the ESIS, to the cent. The instalment of each row is the rounded
 * instalment and the outstanding balance the rounded exact balance; the last row takes the
 * rounding differences, so the columns add up to the totals of the quote: Σ capital = principal,
 * Σ interest = round(exact total interest), Σ other costs = round(exact total other costs).
 * `otherCosts` gives each month's recurring costs (insurance, taxes) from its exact step.
 */
export function repaymentSchedule(principal: number, periods: readonly RatePeriod[], otherCosts: (step: AmortisationStep) => number = () => 0): RepaymentRow[] {
  const steps = amortise(principal, periods)
  const totalInterest = roundMoney(steps.reduce((sum, s) => sum + s.interest, 0))
  const rows: RepaymentRow[] = []
  let previousOutstanding = roundMoney(principal)
  let interestSoFar = 0
  let exactOtherSoFar = 0
  let otherSoFar = 0
  for (const step of steps) {
    const last = step.period === steps.length
    const outstanding = last ? 0 : roundMoney(step.outstanding)
    const capital = roundMoney(previousOutstanding - outstanding)
    const interest = last ? roundMoney(totalInterest - interestSoFar) : roundMoney(roundMoney(step.instalment) - capital)
    exactOtherSoFar += otherCosts(step)
    const other = roundMoney(roundMoney(exactOtherSoFar) - otherSoFar)
    rows.push({
      period: step.period,
      instalment: roundMoney(interest + capital),
      interest,
      capital,
      otherCosts: other,
      outstanding,
    })
    previousOutstanding = outstanding
    interestSoFar = roundMoney(interestSoFar + interest)
    otherSoFar = roundMoney(otherSoFar + other)
  }
  return rows
}

function assertMonths(months: number): void {
  if (!Number.isInteger(months) || months <= 0) {
    throw new RangeError(`A loan term is a positive whole number of months, got ${months}`)
  }
}
