// Test-only reference: src/domain/mortgage/aprc.ts as it was before the fast path.
/** An amount at a time in years from the drawdown (Directive 2014/17/EU Annex I: a month = 1/12 year). */
export interface CashFlow {
  timeYears: number
  amount: number
}

const LOWEST_RATE = -0.99
const PRECISION = 1e-12

/**
 * APRC (TAEG) in percent, unrounded: the annual rate X of Directive 2014/17/EU Annex I with
 * Σ drawdowns·(1+X)^−t = Σ payments·(1+X)^−s. Solved by bisection, which cannot diverge:
 * the bracket is widened until the two sides cross, then halved to 1e-12 (far below the
 * 0.001 pp the quote shows).
 */
export function annualPercentageRate(drawdowns: readonly CashFlow[], payments: readonly CashFlow[]): number {
  const balance = (x: number): number => presentValue(drawdowns, x) - presentValue(payments, x)
  let low = LOWEST_RATE
  let high = 1
  while (Math.sign(balance(high)) === Math.sign(balance(low))) {
    high *= 2
    if (high > 1e6) throw new RangeError('The cash flows have no APRC')
  }
  const lowSign = Math.sign(balance(low))
  while (high - low > PRECISION) {
    const middle = (low + high) / 2
    if (Math.sign(balance(middle)) === lowSign) low = middle
    else high = middle
  }
  return ((low + high) / 2) * 100
}

/** APRC of one drawdown at time 0 followed by monthly payments at 1/12, 2/12, … years. */
export function monthlyAprc(netDrawdown: number, monthlyPayments: readonly number[]): number {
  return annualPercentageRate(
    [{ timeYears: 0, amount: netDrawdown }],
    monthlyPayments.map((amount, index) => ({ timeYears: (index + 1) / 12, amount })),
  )
}

function presentValue(flows: readonly CashFlow[], rate: number): number {
  let sum = 0
  for (const { timeYears, amount } of flows) sum += amount * (1 + rate) ** -timeYears
  return sum
}
