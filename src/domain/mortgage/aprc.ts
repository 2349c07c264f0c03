import { roundRate } from './rounding.ts'

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

/**
 * APRC of one drawdown at time 0 followed by monthly payments at 1/12, 2/12, … years, in percent,
 * unrounded. With v = (1+X)^(−1/12) the equation is Σ payment_k·v^k = drawdown, a polynomial in v
 * evaluated by Horner's rule (no power per cash flow). When every payment is ≥ 0 (and one is > 0)
 * and the drawdown is > 0, it is increasing and convex for v > 0, so Newton's method from v = 1 (X = 0)
 * converges to the one root, quadratically, to the last bits of a double: far closer than the
 * bisection's 1e-12. Anything else (costs paid back to the borrower, no drawdown, no convergence, an
 * APRC outside the bisection's range) is solved by `annualPercentageRate`, as before.
 */
export function monthlyAprc(netDrawdown: number, monthlyPayments: ArrayLike<number>): number {
  return monthlyAprcByNewton(netDrawdown, monthlyPayments) ?? monthlyAprcByBisection(netDrawdown, monthlyPayments)
}

/**
 * `monthlyAprc` rounded to 3 decimals, always the figure the bisection of `annualPercentageRate`
 * rounds to. Both are within 1e-10 pp of the exact rate, so they can only round differently when
 * it lies within that of a rounding boundary (x.xxx5): within 1e-8 pp of one, the bisection
 * decides (about 1 quote in 50,000).
 */
export function roundedMonthlyAprc(netDrawdown: number, monthlyPayments: ArrayLike<number>): number {
  const fast = monthlyAprcByNewton(netDrawdown, monthlyPayments)
  if (fast !== null) {
    const thousandths = Math.abs(fast) * 1000
    if (Math.abs(thousandths - Math.floor(thousandths) - 0.5) > 1e-5) return roundRate(fast)
  }
  return roundRate(monthlyAprcByBisection(netDrawdown, monthlyPayments))
}

function monthlyAprcByBisection(netDrawdown: number, monthlyPayments: ArrayLike<number>): number {
  return annualPercentageRate(
    [{ timeYears: 0, amount: netDrawdown }],
    Array.from(monthlyPayments, (amount, index) => ({ timeYears: (index + 1) / 12, amount })),
  )
}

const NEWTON_MAX_STEPS = 100
/** On v ≈ 1: once a step is this small the next error is (n/v)·step² ≈ 1e-23, far below a double's ulp. */
const NEWTON_STEP_TOLERANCE = 1e-13
/** The rates the bisection can bracket, with room to spare: outside, it decides (and may refuse). */
const NEWTON_LOWEST_RATE = LOWEST_RATE + 0.001
const NEWTON_HIGHEST_RATE = 1e5

function monthlyAprcByNewton(netDrawdown: number, payments: ArrayLike<number>): number | null {
  const n = payments.length
  if (!(netDrawdown > 0) || n === 0) return null
  let anyPositive = false
  for (let k = 0; k < n; k++) {
    const payment = payments[k] as number
    if (!(payment >= 0) || payment === Infinity) return null
    if (payment > 0) anyPositive = true
  }
  if (!anyPositive) return null

  let v = 1
  for (let step = 0; step < NEWTON_MAX_STEPS; step++) {
    // Horner: q = Σ p_k·v^(k−1) and dq = q'(v); then Σ p_k·v^k = v·q and its derivative q + v·dq.
    let q = payments[n - 1] as number
    let dq = 0
    for (let k = n - 2; k >= 0; k--) {
      dq = dq * v + q
      q = q * v + (payments[k] as number)
    }
    const delta = (v * q - netDrawdown) / (q + v * dq)
    v -= delta
    if (!(v > 0) || !Number.isFinite(v)) return null
    if (Math.abs(delta) <= NEWTON_STEP_TOLERANCE) {
      const rate = v ** -12 - 1
      return rate > NEWTON_LOWEST_RATE && rate < NEWTON_HIGHEST_RATE ? rate * 100 : null
    }
  }
  return null
}

/** Effective annual rate of a nominal annual rate compounded monthly: (1 + TAN/12)^12 − 1, in percent. */
export function effectiveAnnualRate(annualRatePct: number): number {
  return ((1 + annualRatePct / 1200) ** 12 - 1) * 100
}

function presentValue(flows: readonly CashFlow[], rate: number): number {
  let sum = 0
  for (const { timeYears, amount } of flows) sum += amount * (1 + rate) ** -timeYears
  return sum
}
