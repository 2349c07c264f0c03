import { describe, expect, it } from 'vitest'
import { monthlyAprc } from '../../../src/domain/mortgage/aprc.ts'
import { UPFRONT_CHARGE_CODES } from '../../../src/domain/mortgage/charges.ts'
import { quoteLoan, repaymentScheduleFor, type LoanQuote } from '../../../src/domain/mortgage/loan-quote.ts'
import type { MortgageInput } from '../../../src/domain/mortgage/mortgage-input.ts'
import { roundMoney } from '../../../src/domain/mortgage/rounding.ts'
import { borrower, mortgageInput } from './mortgage-fixtures.ts'

const MIXED: MortgageInput['rate'] = { type: 'mixed', baseRate: 2.65, fixedPeriodMonths: 60, indexRate: 2.15 }
const VARIABLE: MortgageInput['rate'] = { type: 'variable', indexRate: 2.14 }

const sum = (values: number[]): number => roundMoney(values.reduce((total, value) => total + value, 0))
const charge = (quote: LoanQuote, code: string): number | undefined => quote.bankCharges.find((c) => c.code === code)?.amount

describe('quote of docs/domain.md worked check', () => {
  const quote = quoteLoan(mortgageInput())

  it.each([
    ['tan', 3],
    ['monthlyInstallmentAmount', 843.21],
    ['totalInterest', 103_554.9],
    ['taeg', 3.536],
    ['mtic', 321_198.3],
    ['loanToValue', 80],
  ] as const)('%s is %s', (field, value) => {
    expect(quote[field]).toBe(value)
  })

  it('has 2,163.40 € of upfront charges and 43 € of monthly insurance', () => {
    const upfront = quote.bankCharges.filter((c) => UPFRONT_CHARGE_CODES.has(c.code))
    expect(upfront).toEqual([
      { code: 'STUDY', amount: 280 },
      { code: 'VALUATION', amount: 230 },
      { code: 'FORMALISATION', amount: 200 },
      { code: 'REGISTRATION', amount: 225 },
      { code: 'STAMP_DUTY_LOAN', amount: 1_200 },
      { code: 'STAMP_DUTY_COMMISSIONS', amount: 28.4 },
    ])
    expect(sum(upfront.map((c) => c.amount))).toBe(2_163.4)
    expect(quote.insurance).toEqual({ lifeInsuranceMonthlyAmount: 28, propertyInsuranceMonthlyAmount: 15 })
    expect(charge(quote, 'LIFE_INSURANCE')).toBe(10_080)
    expect(charge(quote, 'PROPERTY_INSURANCE')).toBe(5_400)
  })

  it('charges no stamp duty on the interest of an own permanent home', () => {
    expect(charge(quote, 'STAMP_DUTY_INTEREST')).toBeUndefined()
  })
})

describe('rate parts by rate type', () => {
  it('a fixed rate has a fixed part over the whole term and no variable part', () => {
    expect(quoteLoan(mortgageInput())).toMatchObject({
      baseInterestRate: 2.15,
      indexInterestRate: null,
      spread: 1.35,
      proposedSpread: 0.85,
      fixedBaseInterestRate: 2.15,
      fixedSpread: 1.35,
      fixedProposedSpread: 0.85,
      fixedTAN: 3,
      fixedMonthlyInstallmentAmount: 843.21,
      loanFixedPeriodMonths: 360,
      variableBaseInterestRate: null,
      variableSpread: null,
      variableProposedSpread: null,
      variableTAN: null,
      variableMonthlyInstallmentAmount: null,
      loanVariablePeriodMonths: null,
    })
  })

  it('a variable rate is index + proposed spread and has no fixed part', () => {
    expect(quoteLoan(mortgageInput({ rate: VARIABLE }))).toMatchObject({
      tan: 2.99,
      baseInterestRate: 2.14,
      indexInterestRate: 2.14,
      fixedTAN: null,
      fixedMonthlyInstallmentAmount: null,
      loanFixedPeriodMonths: null,
      variableBaseInterestRate: 2.14,
      variableTAN: 2.99,
      variableMonthlyInstallmentAmount: 842.13,
      loanVariablePeriodMonths: 360,
      monthlyInstallmentAmount: 842.13,
    })
  })

  it('a mixed rate of 5 years at 3.5% then 3.0% pays 898.09 € then 850.71 €', () => {
    const input = mortgageInput({ rate: MIXED })
    const quote = quoteLoan(input)
    expect(quote).toMatchObject({
      tan: 3.5,
      baseInterestRate: 2.65,
      indexInterestRate: 2.15,
      fixedTAN: 3.5,
      fixedMonthlyInstallmentAmount: 898.09,
      loanFixedPeriodMonths: 60,
      variableTAN: 3,
      variableMonthlyInstallmentAmount: 850.71,
      loanVariablePeriodMonths: 300,
      monthlyInstallmentAmount: 898.09,
    })
    expect(repaymentScheduleFor(input)[59]?.outstanding).toBe(179_394.15)
  })

  it.each([0, 360, 400])('refuses a mixed rate fixed for %s of 360 months', (fixedPeriodMonths) => {
    expect(() => quoteLoan(mortgageInput({ rate: { ...MIXED, fixedPeriodMonths } }))).toThrow(RangeError)
  })
})

describe('spread', () => {
  it.each([
    { scheme: 'GENERAL', loan: 150_000, spread: 1.2 },
    { scheme: 'GENERAL', loan: 150_025, spread: 1.35 },
    { scheme: 'GENERAL', loan: 200_000, spread: 1.35 },
    { scheme: 'GENERAL', loan: 200_025, spread: 1.5 },
    { scheme: 'YOUTH_GUARANTEE', loan: 250_000, spread: 1.4 },
    { scheme: 'BANK_PROPERTY', loan: 225_000, spread: 1.3 },
    { scheme: 'SUSTAINABLE', loan: 180_000, spread: 1.3 },
  ] as const)('$scheme at a loan of $loan € on 250,000 € has a standard spread of $spread%', ({ scheme, loan, spread }) => {
    expect(quoteLoan(mortgageInput({ schemeCode: scheme, loanAmount: loan })).spread).toBe(spread)
  })

  it.each([
    { hasCrossSelling: false, sustainabilityCampaign: false, proposed: 1.35 },
    { hasCrossSelling: true, sustainabilityCampaign: false, proposed: 0.85 },
    { hasCrossSelling: false, sustainabilityCampaign: true, proposed: 1.25 },
    { hasCrossSelling: true, sustainabilityCampaign: true, proposed: 0.75 },
  ])('cross-selling $hasCrossSelling and sustainability $sustainabilityCampaign lower 1.35% to $proposed%', ({ hasCrossSelling, sustainabilityCampaign, proposed }) => {
    const quote = quoteLoan(mortgageInput({ hasCrossSelling, sustainabilityCampaign }))
    expect(quote.spread).toBe(1.35)
    expect(quote.proposedSpread).toBe(proposed)
    expect(quote.fixedTAN).toBe(roundMoney(2.15 + proposed))
  })
})

describe('charges and insurance', () => {
  it.each([
    { months: 6, stampDuty: 480 },
    { months: 11, stampDuty: 880 },
    { months: 12, stampDuty: 1_000 },
    { months: 59, stampDuty: 1_000 },
    { months: 60, stampDuty: 1_200 },
  ])('stamp duty on a 200,000 € loan over $months months is $stampDuty €', ({ months, stampDuty }) => {
    expect(charge(quoteLoan(mortgageInput({ durationMonths: months })), 'STAMP_DUTY_LOAN')).toBe(stampDuty)
  })

  it('charges 4% stamp duty on the interest when the home is not an own permanent home', () => {
    const quote = quoteLoan(mortgageInput({ ownPermanentHome: false }))
    expect(charge(quote, 'STAMP_DUTY_INTEREST')).toBe(roundMoney(103_554.9 * 0.04))
  })

  it.each([
    { birthDates: ['1995-06-01'], life: 28 },
    { birthDates: ['1992-01-15'], life: 34 },
    { birthDates: ['1975-06-01'], life: 72 },
    { birthDates: ['1971-01-01'], life: 96 },
    { birthDates: ['1995-06-01', '1971-01-01'], life: 124 },
  ])('life insurance on 200,000 € for borrowers born $birthDates is $life €/month', ({ birthDates, life }) => {
    const borrowers = birthDates.map((birthDate) => borrower({ birthDate }))
    expect(quoteLoan(mortgageInput({ borrowers })).insurance.lifeInsuranceMonthlyAmount).toBe(life)
  })

  it.each([
    { value: 100_000, property: 10 },
    { value: 250_000, property: 15 },
    { value: 500_000, property: 30 },
  ])('property insurance on a $value € home is $property €/month', ({ value, property }) => {
    const quote = quoteLoan(mortgageInput({ loanAmount: 50_000, property: { ...mortgageInput().property, acquisitionAmount: value, evaluationEstimatedAmount: value } }))
    expect(quote.insurance.propertyInsuranceMonthlyAmount).toBe(property)
  })
})

describe('loan to value', () => {
  it.each([
    { acquisition: 250_000, evaluation: 240_000, ltv: 83.333 },
    { acquisition: 240_000, evaluation: 250_000, ltv: 83.333 },
    { acquisition: 0, evaluation: 250_000, ltv: 80 },
  ])('acquisition $acquisition € and evaluation $evaluation € give LTV $ltv%', ({ acquisition, evaluation, ltv }) => {
    const property = { ...mortgageInput().property, acquisitionAmount: acquisition, evaluationEstimatedAmount: evaluation }
    expect(quoteLoan(mortgageInput({ property })).loanToValue).toBe(ltv)
  })

  it.each([
    { land: 60_000, works: 140_000, after: 250_000, ltv: 100 },
    { land: 100_000, works: 150_000, after: 225_000, ltv: 88.889 },
  ])('works on land $land € + $works € worth $after € after: LTV $ltv%', ({ land, works, after, ltv }) => {
    const property = { acquisitionAmount: 0, evaluationEstimatedAmount: 0, landValue: land, worksCost: works, estimatedValueAfterWorks: after }
    expect(quoteLoan(mortgageInput({ ltvBasis: 'works', property })).loanToValue).toBe(ltv)
  })
})

describe('a quote is consistent with its own listed charges', () => {
  it.each([
    { name: 'fixed, own home', input: mortgageInput() },
    { name: 'mixed, secondary home', input: mortgageInput({ rate: MIXED, ownPermanentHome: false }) },
    {
      name: 'variable, two borrowers, 25 years',
      input: mortgageInput({
        rate: VARIABLE,
        durationMonths: 300,
        loanAmount: 310_000,
        borrowers: [borrower({ birthDate: '1980-03-10' }), borrower({ birthDate: '1984-11-30' })],
        property: { ...mortgageInput().property, acquisitionAmount: 360_000, evaluationEstimatedAmount: 355_000 },
      }),
    },
  ])('$name: MTIC and TAEG recomputed from the listed charges and the schedule', ({ input }) => {
    const quote = quoteLoan(input)
    const schedule = repaymentScheduleFor(input)
    const upfront = sum(quote.bankCharges.filter((c) => UPFRONT_CHARGE_CODES.has(c.code)).map((c) => c.amount))
    const recurring = sum(quote.bankCharges.filter((c) => !UPFRONT_CHARGE_CODES.has(c.code)).map((c) => c.amount))

    expect(quote.mtic).toBe(sum([input.loanAmount, quote.totalInterest, upfront, recurring]))
    expect(sum(schedule.map((row) => row.interest))).toBe(quote.totalInterest)
    expect(sum(schedule.map((row) => row.capital))).toBe(input.loanAmount)
    expect(Math.abs(sum(schedule.map((row) => row.otherCosts)) - recurring)).toBeLessThanOrEqual(0.02)

    const payments = schedule.map((row) => row.instalment + row.otherCosts)
    expect(monthlyAprc(input.loanAmount - upfront, payments)).toBeCloseTo(quote.taeg, 3)
  })
})
