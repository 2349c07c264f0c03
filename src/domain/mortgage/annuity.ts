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

/** Capital still owed after `paymentsMade` instalments of the annuity of `principal` over `months`. */
export function outstandingBalance(principal: number, annualRatePct: number, months: number, paymentsMade: number): number {
  if (paymentsMade >= months) return 0
  const i = annualRatePct / 1200
  const payment = annuityPayment(principal, annualRatePct, months)
  if (i === 0) return principal - payment * paymentsMade
  const growth = (1 + i) ** paymentsMade
  return principal * growth - (payment * (growth - 1)) / i
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

/** The instalments and interest of `amortise`, month by month, without a step object per month. */
export interface AmortisationFlows {
  /** Interest + capital of each month, as `AmortisationStep.instalment`. */
  instalments: Float64Array
  /** As `AmortisationStep.interest`. */
  interests: Float64Array
  /** Σ interest, added up in month order as `steps.reduce((sum, s) => sum + s.interest, 0)`. */
  totalInterest: number
}

/**
 * `amortise` for the totals of a quote: the same operations in the same order, so every number is
 * the same double as in the steps, in two typed arrays instead of 360-480 objects.
 */
export function amortisationFlows(principal: number, periods: readonly RatePeriod[]): AmortisationFlows {
  let totalMonths = 0
  let stepCount = 0
  for (const { months } of periods) {
    totalMonths += months
    if (months > 0) stepCount += months
  }
  assertMonths(totalMonths)
  const instalments = new Float64Array(stepCount)
  const interests = new Float64Array(stepCount)
  let totalInterest = 0
  let outstanding = principal
  let period = 0
  for (const { months, annualRatePct } of periods) {
    if (months <= 0) continue
    const instalment = annuityPayment(outstanding, annualRatePct, totalMonths - period)
    for (let m = 0; m < months; m++) {
      const interest = (outstanding * annualRatePct) / 1200
      const capital = period + 1 === totalMonths ? outstanding : instalment - interest
      outstanding -= capital
      instalments[period] = interest + capital
      interests[period] = interest
      totalInterest += interest
      period += 1
    }
  }
  return { instalments, interests, totalInterest }
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
