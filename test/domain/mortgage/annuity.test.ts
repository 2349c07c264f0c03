import { describe, expect, it } from 'vitest'
import { amortise, annuityPayment, outstandingBalance, repaymentSchedule, type RatePeriod } from '../../../src/domain/mortgage/annuity.ts'
import { roundMoney } from '../../../src/domain/mortgage/rounding.ts'

const MIXED_5Y: RatePeriod[] = [
  { months: 60, annualRatePct: 3.5 },
  { months: 300, annualRatePct: 3.0 },
]

describe('annuity instalment', () => {
  it.each([
    { principal: 200_000, rate: 3, months: 360, instalment: 843.21 },
    { principal: 200_000, rate: 3.5, months: 360, instalment: 898.09 },
    { principal: 179_394.15, rate: 3, months: 300, instalment: 850.71 },
    { principal: 150_000, rate: 4.25, months: 240, instalment: 928.85 },
    { principal: 120_000, rate: 0, months: 240, instalment: 500 },
  ])('instalment of $principal € over $months months at $rate% is $instalment €', ({ principal, rate, months, instalment }) => {
    expect(roundMoney(annuityPayment(principal, rate, months))).toBe(instalment)
  })

  it.each([0, -1, 12.5])('refuses a term of %s months', (months) => {
    expect(() => annuityPayment(100_000, 3, months)).toThrow(RangeError)
  })
})

describe('outstanding balance', () => {
  it('balance of 200,000 € at 3.5% over 360 months after 60 payments is 179,394.15 €', () => {
    expect(roundMoney(outstandingBalance(200_000, 3.5, 360, 60))).toBe(179_394.15)
  })

  it.each([
    { paymentsMade: 0, balance: 200_000 },
    { paymentsMade: 360, balance: 0 },
  ])('balance after $paymentsMade payments is $balance €', ({ paymentsMade, balance }) => {
    expect(roundMoney(outstandingBalance(200_000, 3, 360, paymentsMade))).toBe(balance)
  })

  it('matches the month-by-month amortisation', () => {
    const steps = amortise(200_000, [{ months: 360, annualRatePct: 3 }])
    expect(steps[119]?.outstanding).toBeCloseTo(outstandingBalance(200_000, 3, 360, 120), 6)
  })
})

describe('amortisation', () => {
  it('200,000 € over 360 months at 3% pays 103,554.90 € of interest', () => {
    const steps = amortise(200_000, [{ months: 360, annualRatePct: 3 }])
    expect(roundMoney(steps.reduce((sum, s) => sum + s.interest, 0))).toBe(103_554.9)
    expect(steps.at(-1)?.outstanding).toBeCloseTo(0, 6)
  })

  it('mixed 5 years at 3.5% then 3.0%: 898.09 €, 179,394.15 € owed after 60 payments, then 850.71 €', () => {
    const steps = amortise(200_000, MIXED_5Y)
    expect(roundMoney(steps[0]?.instalment ?? 0)).toBe(898.09)
    expect(roundMoney(steps[59]?.instalment ?? 0)).toBe(898.09)
    expect(roundMoney(steps[59]?.outstanding ?? 0)).toBe(179_394.15)
    expect(roundMoney(steps[60]?.instalment ?? 0)).toBe(850.71)
    expect(roundMoney(steps[359]?.instalment ?? 0)).toBe(850.71)
    expect(steps).toHaveLength(360)
  })
})

describe('repayment schedule (ESIS section 7)', () => {
  const schedule = repaymentSchedule(200_000, MIXED_5Y, (step) => 43 + step.interest * 0.04)
  const total = (key: 'instalment' | 'interest' | 'capital' | 'otherCosts') => roundMoney(schedule.reduce((sum, row) => sum + row[key], 0))
  const exactInterest = amortise(200_000, MIXED_5Y).reduce((sum, s) => sum + s.interest, 0)

  it('has one row per month, ending with nothing owed', () => {
    expect(schedule).toHaveLength(360)
    expect(schedule.at(-1)).toMatchObject({ period: 360, outstanding: 0 })
  })

  it('shows the rounded instalment and balance of each month', () => {
    expect(schedule[0]).toEqual({
      period: 1,
      instalment: 898.09,
      interest: 583.33,
      capital: 314.76,
      otherCosts: 66.33,
      outstanding: 199_685.24,
    })
    expect(schedule[59]).toMatchObject({ instalment: 898.09, outstanding: 179_394.15 })
    expect(schedule[60]).toMatchObject({ instalment: 850.71 })
  })

  it('has rows where interest + capital = instalment and each balance falls by the capital', () => {
    let previous = 200_000
    for (const row of schedule) {
      expect(roundMoney(row.interest + row.capital)).toBe(row.instalment)
      expect(roundMoney(previous - row.capital)).toBe(row.outstanding)
      previous = row.outstanding
    }
  })

  it('adds up to the totals: capital to the principal, interest and other costs to their exact totals', () => {
    expect(total('capital')).toBe(200_000)
    expect(total('interest')).toBe(roundMoney(exactInterest))
    expect(total('instalment')).toBe(roundMoney(200_000 + roundMoney(exactInterest)))
    expect(total('otherCosts')).toBe(roundMoney(43 * 360 + exactInterest * 0.04))
  })
})
