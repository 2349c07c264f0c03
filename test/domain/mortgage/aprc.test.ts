import { describe, expect, it } from 'vitest'
import { annuityPayment } from '../../../src/domain/mortgage/annuity.ts'
import { annualPercentageRate, effectiveAnnualRate, monthlyAprc } from '../../../src/domain/mortgage/aprc.ts'

const months = (count: number, amount: number): number[] => Array.from({ length: count }, () => amount)

describe('APRC (TAEG), Directive 2014/17/EU Annex I', () => {
  it('200,000 € at 3% over 360 months, 2,163.40 € upfront and 43 €/month insurance: APRC ≈ 3.54%', () => {
    const aprc = monthlyAprc(200_000 - 2_163.4, months(360, 843.21 + 43))
    expect(aprc).toBeCloseTo(3.536, 3)
    expect(aprc.toFixed(2)).toBe('3.54')
  })

  it.each([0.5, 1, 3, 3.5, 4.25, 7.9, 15])('a loan at TAN %s% with no costs has the effective rate (1 + TAN/12)^12 − 1 as APRC', (tan) => {
    const instalment = annuityPayment(100_000, tan, 300)
    expect(monthlyAprc(100_000, months(300, instalment))).toBeCloseTo(effectiveAnnualRate(tan), 6)
  })

  it('effective rate of 3% is 3.0416%', () => {
    expect(effectiveAnnualRate(3)).toBeCloseTo(3.0416, 4)
  })

  it('is 0 when the payments repay exactly the drawdown', () => {
    expect(monthlyAprc(12_000, months(12, 1_000))).toBeCloseTo(0, 6)
  })

  it('is negative when the payments are less than the drawdown', () => {
    expect(monthlyAprc(12_000, months(12, 990))).toBeLessThan(0)
  })

  it('solves very costly credit (a 100% annual rate)', () => {
    const payments = [{ timeYears: 1, amount: 2_000 }]
    expect(annualPercentageRate([{ timeYears: 0, amount: 1_000 }], payments)).toBeCloseTo(100, 6)
  })

  it('discounts several drawdowns at their own times', () => {
    const drawdowns = [
      { timeYears: 0, amount: 500 },
      { timeYears: 0.5, amount: 500 },
    ]
    const rate = annualPercentageRate(drawdowns, [{ timeYears: 1, amount: 1_100 }])
    const x = rate / 100
    expect(500 + 500 * (1 + x) ** -0.5).toBeCloseTo(1_100 * (1 + x) ** -1, 6)
  })
})
