import { describe, expect, it } from 'vitest'
import { annuityPayment, outstandingBalance } from '../../../src/domain/mortgage/annuity.ts'
import { assessEligibility } from '../../../src/domain/mortgage/eligibility.ts'
import type { Borrower, MortgageInput } from '../../../src/domain/mortgage/mortgage-input.ts'
import { roundMoney } from '../../../src/domain/mortgage/rounding.ts'
import { borrower, mortgageInput } from './mortgage-fixtures.ts'

const wealthy = (birthDate = '1995-06-01'): Borrower => borrower({ birthDate, income: { wagesPensions: 10_000, greenReceipts: 0, rents: 0, others: 0 } })

const input = (overrides: Partial<MortgageInput> = {}): MortgageInput => mortgageInput({ borrowers: [wealthy()], ...overrides })

const home = (value: number): MortgageInput['property'] => ({
  ...mortgageInput().property,
  acquisitionAmount: value,
  evaluationEstimatedAmount: value,
})

const codes = (i: MortgageInput) => assessEligibility(i).failures.map((f) => f.code)

describe('LTV cap (Banco de Portugal recommendation)', () => {
  it.each([
    { purpose: 'own permanent home', loan: 225_000, overrides: {}, eligible: true },
    { purpose: 'own permanent home', loan: 225_025, overrides: {}, eligible: false },
    { purpose: 'other purposes', loan: 200_000, overrides: { ownPermanentHome: false }, eligible: true },
    { purpose: 'other purposes', loan: 200_025, overrides: { ownPermanentHome: false }, eligible: false },
    { purpose: 'a property of the bank', loan: 250_000, overrides: { schemeCode: 'BANK_PROPERTY' as const }, eligible: true },
    { purpose: 'a property of the bank', loan: 250_025, overrides: { schemeCode: 'BANK_PROPERTY' as const }, eligible: false },
  ])('loan of $loan € on a 250,000 € home for $purpose: eligible $eligible', ({ loan, overrides, eligible }) => {
    const result = assessEligibility(input({ loanAmount: loan, ...overrides }))
    expect(result.eligible).toBe(eligible)
    expect(result.failures.map((f) => f.code)).toEqual(eligible ? [] : ['LTV_ABOVE_LIMIT'])
  })

  it('reports the LTV, the limit and its basis', () => {
    const [failure] = assessEligibility(input({ loanAmount: 230_000 })).failures
    expect(failure).toEqual({ code: 'LTV_ABOVE_LIMIT', params: { ltv: 92, limit: 90, basis: 'OWN_PERMANENT_HOME' } })
  })

  it.each([
    { land: 60_000, works: 140_000, after: 250_000, loan: 180_000, ltv: 90, eligible: true },
    { land: 60_000, works: 140_000, after: 250_000, loan: 180_020, ltv: 90.01, eligible: false },
    { land: 100_000, works: 150_000, after: 200_000, loan: 180_000, ltv: 90, eligible: true },
    { land: 100_000, works: 150_000, after: 200_000, loan: 181_000, ltv: 90.5, eligible: false },
  ])('works: land $land € + works $works €, worth $after € after, loan $loan €: LTV $ltv%', ({ land, works, after, loan, ltv, eligible }) => {
    const property = { acquisitionAmount: 0, evaluationEstimatedAmount: 0, landValue: land, worksCost: works, estimatedValueAfterWorks: after }
    const result = assessEligibility(input({ ltvBasis: 'works', property, loanAmount: loan }))
    expect(result.loanToValue).toBe(ltv)
    expect(result.eligible).toBe(eligible)
  })
})

describe('DSTI cap and stress', () => {
  it.each([
    { months: 60, stress: 0.5 },
    { months: 61, stress: 1.0 },
    { months: 120, stress: 1.0 },
    { months: 121, stress: 1.5 },
    { months: 360, stress: 1.5 },
  ])('a variable rate over $months months is stressed by $stress pp', ({ months, stress }) => {
    const result = assessEligibility(input({ durationMonths: months, rate: { type: 'variable', indexRate: 2.15 } }))
    expect(result.stressPp).toBe(stress)
    expect(result.stressedInstallment).toBe(roundMoney(annuityPayment(200_000, 3 + stress, months)))
  })

  it('a rate fixed for the whole term takes no stress', () => {
    const result = assessEligibility(input())
    expect(result.stressPp).toBe(0)
    expect(result.stressedInstallment).toBe(843.21)
  })

  it('a mixed rate is stressed only after the fixed period, on the balance then owed', () => {
    const result = assessEligibility(input({ rate: { type: 'mixed', baseRate: 2.65, fixedPeriodMonths: 60, indexRate: 2.15 } }))
    const balance = outstandingBalance(200_000, 3.5, 360, 60)
    expect(result.stressPp).toBe(1.5)
    expect(result.stressedInstallment).toBe(roundMoney(annuityPayment(balance, 4.5, 300)))
    expect(result.stressedInstallment).toBe(997.13)
  })

  it('a mixed rate whose fixed instalment is above the stressed variable one counts the fixed instalment', () => {
    const result = assessEligibility(input({ rate: { type: 'mixed', baseRate: 5.15, fixedPeriodMonths: 120, indexRate: 0.65 } }))
    expect(result.stressedInstallment).toBe(roundMoney(annuityPayment(200_000, 6, 360)))
  })

  it.each([
    { extra: 0, dsti: 50, eligible: true },
    { extra: 0.01, dsti: 50, eligible: true },
    { extra: 0.02, dsti: 50.001, eligible: false },
  ])('existing instalments bringing DSTI to 50% + $extra € is eligible: $eligible', ({ extra, dsti, eligible }) => {
    const other = roundMoney(1_500 - 843.21 + extra)
    const borrowers = [borrower({ installments: { ...borrower().installments, other } })]
    const result = assessEligibility(mortgageInput({ borrowers }))
    expect(result.dsti).toBe(dsti)
    expect(result.eligible).toBe(eligible)
    expect(result.failures.map((f) => f.code)).toEqual(eligible ? [] : ['DSTI_ABOVE_LIMIT'])
  })

  it('adds both borrowers incomes and every existing credit, counting rents at 70%', () => {
    const first = borrower({
      income: { wagesPensions: 1_000, greenReceipts: 200, rents: 1_000, others: 100 },
      installments: { housingCredit: 100, personalCredit: 50, autoLeasingCredit: 40, creditCard: 30, bankOverdraft: 20, other: 10 },
    })
    const second = borrower({ income: { wagesPensions: 900, greenReceipts: 0, rents: 0, others: 0 } })
    const result = assessEligibility(mortgageInput({ borrowers: [first, second] }))
    expect(result.monthlyIncome).toBe(2_900)
    expect(result.existingInstallments).toBe(250)
    expect(result.dsti).toBe(37.697) // (250 + 843.21) / 2,900
  })

  it('without income, reports NO_INCOME and no DSTI', () => {
    const idle = borrower({ income: { wagesPensions: 0, greenReceipts: 0, rents: 0, others: 0 } })
    const result = assessEligibility(mortgageInput({ borrowers: [idle] }))
    expect(result.dsti).toBeNull()
    expect(result.failures).toEqual([{ code: 'NO_INCOME', params: {} }])
  })
})

describe('term and ages', () => {
  it.each([
    { birthDate: '1995-06-01', age: 30, months: 480, eligible: true },
    { birthDate: '1995-06-01', age: 30, months: 481, eligible: false },
    { birthDate: '1995-01-16', age: 30, months: 480, eligible: true },
    { birthDate: '1995-01-15', age: 31, months: 445, eligible: false },
    { birthDate: '1994-06-01', age: 31, months: 444, eligible: true },
    { birthDate: '1990-06-01', age: 35, months: 444, eligible: true },
    { birthDate: '1990-06-01', age: 35, months: 445, eligible: false },
    { birthDate: '1989-06-01', age: 36, months: 420, eligible: true },
    { birthDate: '1989-06-01', age: 36, months: 421, eligible: false },
  ])('oldest borrower born $birthDate ($age), term of $months months: eligible $eligible', ({ birthDate, months, eligible }) => {
    expect(codes(input({ durationMonths: months, borrowers: [wealthy(birthDate)] }))).toEqual(eligible ? [] : ['TERM_ABOVE_MAXIMUM'])
  })

  it('takes the maximum term of the oldest of two borrowers', () => {
    const result = assessEligibility(input({ durationMonths: 444, borrowers: [wealthy('1998-01-01'), wealthy('1989-06-01')] }))
    expect(result.failures).toEqual([{ code: 'TERM_ABOVE_MAXIMUM', params: { termMonths: 444, maxTermMonths: 420, oldestBorrowerAge: 36 } }])
  })

  it.each([
    { months: 120, ageAtMaturityMonths: 900, eligible: true },
    { months: 121, ageAtMaturityMonths: 901, eligible: false },
  ])('borrower aged 65 over $months months is $ageAtMaturityMonths months old at the end: eligible $eligible', ({ months, ageAtMaturityMonths, eligible }) => {
    const result = assessEligibility(input({ durationMonths: months, borrowers: [wealthy('1961-01-15')] }))
    expect(result.failures).toEqual(eligible ? [] : [{ code: 'AGE_AT_MATURITY_ABOVE_LIMIT', params: { ageAtMaturityMonths, limitYears: 75 } }])
  })

  it.each([
    { birthDate: '2008-01-15', eligible: true },
    { birthDate: '2008-01-16', eligible: false },
  ])('second borrower born $birthDate: eligible $eligible', ({ birthDate, eligible }) => {
    const result = assessEligibility(input({ borrowers: [wealthy(), wealthy(birthDate)] }))
    expect(result.failures).toEqual(eligible ? [] : [{ code: 'BORROWER_UNDER_MINIMUM_AGE', params: { borrower: 2, age: 17, minimumAge: 18 } }])
  })
})

describe('youth credit (Decreto-Lei 44/2024)', () => {
  const earning = (wagesPensions: number, birthDate = '1995-06-01'): Borrower => borrower({ birthDate, income: { wagesPensions, greenReceipts: 0, rents: 0, others: 0 } })
  const youth = (overrides: Partial<MortgageInput> = {}): MortgageInput =>
    input({ youthCredit: true, schemeCode: 'YOUTH_GUARANTEE', loanAmount: 250_000, borrowers: [earning(5_000)], ...overrides })

  it('lends 100% of the value', () => {
    expect(assessEligibility(youth())).toMatchObject({ eligible: true, loanToValue: 100, ltvLimit: 100 })
  })

  it('refuses more than 100% of the value', () => {
    expect(assessEligibility(youth({ loanAmount: 250_025 })).failures).toEqual([{ code: 'LTV_ABOVE_LIMIT', params: { ltv: 100.01, limit: 100, basis: 'YOUTH_CREDIT' } }])
  })

  it('the same loan without youth credit is above the 90% cap', () => {
    expect(codes(youth({ youthCredit: false, schemeCode: 'GENERAL' }))).toEqual(['LTV_ABOVE_LIMIT'])
  })

  it.each([
    { birthDate: '1990-01-16', age: 35, eligible: true },
    { birthDate: '1990-01-15', age: 36, eligible: false },
  ])('second borrower born $birthDate ($age): eligible $eligible', ({ birthDate, eligible }) => {
    const result = assessEligibility(youth({ borrowers: [earning(5_000), earning(3_000, birthDate)] }))
    expect(result.failures).toEqual(eligible ? [] : [{ code: 'YOUTH_CREDIT_AGE', params: { borrower: 2, age: 36, maximumAge: 35 } }])
  })

  it.each([
    { value: 450_000, eligible: true },
    { value: 450_001, eligible: false },
  ])('transaction of $value €: eligible $eligible', ({ value, eligible }) => {
    const result = assessEligibility(youth({ loanAmount: 400_000, property: home(value) }))
    expect(result.failures).toEqual(eligible ? [] : [{ code: 'YOUTH_CREDIT_TRANSACTION_LIMIT', params: { transactionAmount: 450_001, limit: 450_000 } }])
  })

  it.each([
    { monthly: 5_978.28, annual: 83_695.92, eligible: true },
    { monthly: 5_978.29, annual: 83_696.06, eligible: false },
  ])('monthly income of $monthly € ($annual € a year): eligible $eligible', ({ monthly, annual, eligible }) => {
    const result = assessEligibility(youth({ borrowers: [earning(monthly)] }))
    expect(result.failures).toEqual(eligible ? [] : [{ code: 'YOUTH_CREDIT_INCOME_LIMIT', params: { borrower: 1, annualIncome: annual, limit: 83_696 } }])
  })

  it('applies the income limit to each borrower, not to the household', () => {
    expect(assessEligibility(youth({ borrowers: [earning(5_000), earning(5_000)] })).eligible).toBe(true)
  })

  it.each([
    { purpose: 'construction or works', overrides: { youthCreditAllowedForPurpose: false } },
    { purpose: 'a home that is not an own permanent home', overrides: { ownPermanentHome: false } },
  ])('refuses $purpose', ({ overrides }) => {
    expect(codes(youth(overrides))).toEqual(['YOUTH_CREDIT_PURPOSE'])
  })

  it('does not check youth rules without youth credit', () => {
    expect(codes(input({ durationMonths: 300, borrowers: [wealthy('1980-01-01')], property: home(600_000) }))).toEqual([])
  })
})

describe('several failures', () => {
  it('reports every failed rule, not only the first', () => {
    const result = assessEligibility(
      mortgageInput({
        youthCredit: true,
        schemeCode: 'YOUTH_GUARANTEE',
        youthCreditAllowedForPurpose: false,
        loanAmount: 480_000,
        durationMonths: 444,
        property: home(460_000),
        borrowers: [
          borrower({
            birthDate: '1985-01-01',
            income: { wagesPensions: 7_000, greenReceipts: 0, rents: 0, others: 0 },
            installments: { ...borrower().installments, housingCredit: 2_500 },
          }),
          borrower({ birthDate: '2009-01-01', income: { wagesPensions: 0, greenReceipts: 0, rents: 0, others: 0 } }),
        ],
      }),
    )
    expect(result.eligible).toBe(false)
    expect(result.failures.map((f) => f.code)).toEqual([
      'LTV_ABOVE_LIMIT',
      'DSTI_ABOVE_LIMIT',
      'TERM_ABOVE_MAXIMUM',
      'AGE_AT_MATURITY_ABOVE_LIMIT',
      'BORROWER_UNDER_MINIMUM_AGE',
      'YOUTH_CREDIT_AGE',
      'YOUTH_CREDIT_TRANSACTION_LIMIT',
      'YOUTH_CREDIT_INCOME_LIMIT',
      'YOUTH_CREDIT_PURPOSE',
    ])
  })
})
