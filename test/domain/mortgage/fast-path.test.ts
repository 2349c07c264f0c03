// The fast engine (no schedule in the quote, rounding without toPrecision, APRC by Newton's method)
// against the implementation it replaced, kept in ./reference/: the same figures, to the bit.
import { describe, expect, it } from 'vitest'
import { amortisationFlows, amortise, annuityPayment, type RatePeriod } from '../../../src/domain/mortgage/annuity.ts'
import { monthlyAprc, roundedMonthlyAprc } from '../../../src/domain/mortgage/aprc.ts'
import { quoteLoan, repaymentScheduleFor } from '../../../src/domain/mortgage/loan-quote.ts'
import type { MortgageInput, RateSpec } from '../../../src/domain/mortgage/mortgage-input.ts'
import { roundMoney, roundRate } from '../../../src/domain/mortgage/rounding.ts'
import { monthlyAprc as referenceMonthlyAprc } from './reference/aprc.ts'
import { referenceQuoteLoan } from './reference/loan-quote.ts'
import { roundMoney as referenceRoundMoney, roundRate as referenceRoundRate } from './reference/rounding.ts'
import { borrower, mortgageInput } from './mortgage-fixtures.ts'
import { seededRandom } from '../../support/seeded-random.ts'

const BIRTH_DATES = ['2000-02-29', '1995-06-01', '1988-12-31', '1979-07-15', '1966-03-03']
const FIXED_PERIODS = [12, 60, 120, 240, 300]

interface LoanCase {
  name: string
  input: MortgageInput
}

function loan(type: RateSpec['type'], months: number, amount: number, rate: number, variant: number): LoanCase {
  const fixedPeriodMonths = FIXED_PERIODS.filter((p) => p < months)[variant % 3] ?? 12
  const spec: RateSpec =
    type === 'fixed' ? { type, baseRate: rate } : type === 'variable' ? { type, indexRate: rate } : { type, baseRate: rate + 0.4, fixedPeriodMonths, indexRate: rate }
  const borrowers = [borrower({ birthDate: BIRTH_DATES[variant % BIRTH_DATES.length] as string })]
  if (variant % 2 === 1) borrowers.push(borrower({ birthDate: BIRTH_DATES[(variant + 2) % BIRTH_DATES.length] as string }))
  const value = Math.round(amount * (1.05 + (variant % 4) * 0.2))
  return {
    name: `${type} ${months} months, ${amount} € at ${rate}%${type === 'mixed' ? ` (fixed ${fixedPeriodMonths})` : ''} #${variant}`,
    input: mortgageInput({
      loanAmount: amount,
      durationMonths: months,
      rate: spec,
      ownPermanentHome: variant % 3 !== 0,
      hasCrossSelling: variant % 4 < 2,
      sustainabilityCampaign: variant % 5 === 0,
      schemeCode: (['GENERAL', 'YOUTH_GUARANTEE', 'BANK_PROPERTY', 'SUSTAINABLE'] as const)[variant % 4] ?? 'GENERAL',
      property: { ...mortgageInput().property, acquisitionAmount: value, evaluationEstimatedAmount: value + 5_000 },
      borrowers,
    }),
  }
}

/** A grid of terms, amounts and rates for each rate type, then random loans to the cent and to 0.001%. */
function loanTable(): LoanCase[] {
  const cases: LoanCase[] = []
  let variant = 0
  for (const type of ['fixed', 'variable', 'mixed'] as const) {
    for (const months of [60, 97, 120, 180, 240, 300, 360, 420, 480]) {
      for (const amount of [30_000, 123_456.78, 200_000, 415_000.5]) {
        // −0.85 with the 0.85 spread of the fixture gives a TAN of 0 (the i = 0 instalment).
        for (const rate of [-0.85, -0.25, 0, 1.234, 2.15, 4.1, 7.777]) cases.push(loan(type, months, amount, rate, variant++))
      }
    }
  }
  const next = seededRandom(20_260_115)
  for (let i = 0; i < 150; i++) {
    const type = (['fixed', 'variable', 'mixed'] as const)[i % 3] ?? 'fixed'
    const months = 60 + Math.floor(next() * 421)
    const amount = Math.round((10_000 + next() * 590_000) * 100) / 100
    const rate = Math.round((-0.5 + next() * 6.5) * 1000) / 1000
    cases.push(loan(type, months, amount, rate, variant++))
  }
  return cases
}

describe('fast quote = reference quote', () => {
  const table = loanTable()
  // The reference is slow (about 2 ms a loan): each loan is priced by it once.
  let references: ReturnType<typeof referenceQuoteLoan>[] | undefined
  const reference = (index: number) => {
    references ??= table.map(({ input }) => referenceQuoteLoan(input))
    return references[index] as ReturnType<typeof referenceQuoteLoan>
  }

  it(`covers ${table.length} loans, some at a TAN of 0`, () => {
    expect(table.length).toBeGreaterThan(900)
    expect(table.filter((_, i) => reference(i).tan === 0).length).toBeGreaterThan(10)
  })

  it('gives every figure of the reference quote, to the bit and in the same order, for every loan', () => {
    const mismatches: string[] = []
    for (const [i, { name, input }] of table.entries()) {
      const { schedule: _schedule, ...expected } = reference(i)
      const actual = quoteLoan(input)
      // Same keys in the same order, same doubles (Object.is: −0 ≠ 0): the stored JSON is unchanged.
      if (JSON.stringify(actual) !== JSON.stringify(expected)) mismatches.push(name)
      else expect(actual).toStrictEqual(expected)
    }
    expect(mismatches).toEqual([])
  })

  it('gives the reference repayment table, row by row, for every loan', () => {
    const mismatches: string[] = []
    for (const [i, { name, input }] of table.entries()) {
      const expected = reference(i).schedule
      const actual = repaymentScheduleFor(input)
      if (actual.length !== expected.length || actual.some((row, i) => JSON.stringify(row) !== JSON.stringify(expected[i]))) {
        mismatches.push(name)
      }
    }
    expect(mismatches).toEqual([])
  })

  it('keeps the docs/domain.md worked checks', () => {
    const fixed = quoteLoan(mortgageInput())
    expect([fixed.monthlyInstallmentAmount, fixed.totalInterest, fixed.taeg, fixed.mtic]).toEqual([843.21, 103_554.9, 3.536, 321_198.3])
    const mixedInput = mortgageInput({ rate: { type: 'mixed', baseRate: 2.65, fixedPeriodMonths: 60, indexRate: 2.15 } })
    const mixed = quoteLoan(mixedInput)
    expect([mixed.fixedMonthlyInstallmentAmount, mixed.variableMonthlyInstallmentAmount]).toEqual([898.09, 850.71])
    expect(repaymentScheduleFor(mixedInput)[59]?.outstanding).toBe(179_394.15)
  })

  it('refuses what the reference refuses', () => {
    for (const input of [
      mortgageInput({ durationMonths: 0 }),
      mortgageInput({ durationMonths: 12.5 }),
      mortgageInput({ rate: { type: 'mixed', baseRate: 2, fixedPeriodMonths: 360, indexRate: 2 } }),
    ]) {
      expect(() => referenceQuoteLoan(input)).toThrow(RangeError)
      expect(() => quoteLoan(input)).toThrow(RangeError)
      expect(() => repaymentScheduleFor(input)).toThrow(RangeError)
    }
  })
})

describe('amortisation flows = amortise', () => {
  it.each<[string, RatePeriod[]]>([
    ['fixed', [{ months: 360, annualRatePct: 3 }]],
    [
      'mixed',
      [
        { months: 60, annualRatePct: 3.5 },
        { months: 300, annualRatePct: 3 },
      ],
    ],
    ['zero rate', [{ months: 97, annualRatePct: 0 }]],
  ])('%s: the same instalments, interest and total interest', (_name, periods) => {
    const steps = amortise(187_654.32, periods)
    const flows = amortisationFlows(187_654.32, periods)
    expect(Array.from(flows.instalments)).toEqual(steps.map((s) => s.instalment))
    expect(Array.from(flows.interests)).toEqual(steps.map((s) => s.interest))
    expect(flows.totalInterest).toBe(steps.reduce((sum, s) => sum + s.interest, 0))
  })
})

describe('rounding = toPrecision(15) rounding', () => {
  const values: number[] = [0, -0, 1.005, 1.015, 2.675, 8.325, 0.125, 0.0005, 1.0005, 3.5365, 1e-320, 5e-324, 0.49999999999999994]
  for (let cents = 0; cents < 100_000; cents += 1) values.push(cents / 100 + 0.005, cents / 1000 + 0.0005)
  const next = seededRandom(42)
  for (let i = 0; i < 60_000; i++) {
    const magnitude = 10 ** Math.floor(next() * 16 - 3)
    values.push(next() * magnitude, -next() * magnitude, Math.round(next() * 1e7) / 1000 + 0.0005)
  }
  // Near a half at the 15-significant-digit scale, where the two routes could part.
  for (const base of [0.125, 1.005, 843.215, 103_554.905, 1_234_567.895, 98_765_432_109.875]) {
    let up = base
    let down = base
    for (let i = 0; i < 64; i++) {
      up = nextUp(up)
      down = nextDown(down)
      values.push(up, down, -up, -down)
    }
  }
  values.push(1e12 + 0.005, 1e13 + 0.5, 4.5e13, 1e14, 9.999e14 + 0.5, 1e20, Number.MAX_VALUE, Infinity, -Infinity, NaN)

  it(`roundMoney and roundRate agree with the reference on ${values.length} values, to the bit`, () => {
    const wrong: string[] = []
    for (const value of values) {
      if (!Object.is(roundMoney(value), referenceRoundMoney(value))) wrong.push(`money ${value}`)
      if (!Object.is(roundRate(value), referenceRoundRate(value))) wrong.push(`rate ${value}`)
    }
    expect(wrong).toEqual([])
  })
})

describe('APRC by Newton = APRC by bisection', () => {
  const months = (count: number, amount: number): number[] => Array.from({ length: count }, () => amount)

  it('agrees within 1e-10 pp, and to the 0.001 pp shown, on many payment streams', () => {
    const next = seededRandom(7)
    for (let i = 0; i < 150; i++) {
      const n = 1 + Math.floor(next() * 480)
      const tan = next() * 12
      const payments = months(n, annuityPayment(100_000, tan, n)).map((p) => p + next() * 60)
      const drawdown = 100_000 - next() * 4_000
      const reference = referenceMonthlyAprc(drawdown, payments)
      expect(Math.abs(monthlyAprc(drawdown, payments) - reference)).toBeLessThan(1e-10)
      expect(roundedMonthlyAprc(drawdown, payments)).toBe(referenceRoundRate(reference))
    }
  })

  it.each([3.5365, 2.0005, 4.9995, 0.0005])('rounds an APRC of exactly %s percent, on a rounding boundary, as the bisection does', (target) => {
    // One drawdown repaid by equal payments discounted at the target: the root is on the boundary.
    const v = (1 + target / 100) ** (-1 / 12)
    let drawdown = 0
    for (let k = 1; k <= 360; k++) drawdown += 900 * v ** k
    const payments = months(360, 900)
    expect(roundedMonthlyAprc(drawdown, payments)).toBe(referenceRoundRate(referenceMonthlyAprc(drawdown, payments)))
  })

  it('falls back to the bisection for payments of both signs and refuses what it refuses', () => {
    const payments = [...months(11, 1_100), -200]
    expect(monthlyAprc(12_000, payments)).toBe(referenceMonthlyAprc(12_000, payments))
    expect(() => monthlyAprc(0, months(12, 1_000))).toThrow(RangeError)
    expect(() => referenceMonthlyAprc(0, months(12, 1_000))).toThrow(RangeError)
  })
})

function nextUp(x: number): number {
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, x)
  view.setBigUint64(0, view.getBigUint64(0) + (x >= 0 ? 1n : -1n))
  return view.getFloat64(0)
}

function nextDown(x: number): number {
  return -nextUp(-x)
}
