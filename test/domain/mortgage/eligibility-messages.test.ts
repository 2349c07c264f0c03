import { describe, expect, it } from 'vitest'
import { assessEligibility, type EligibilityFailure } from '../../../src/domain/mortgage/eligibility.ts'
import { describeFailure, describeFailures } from '../../../src/domain/mortgage/eligibility-messages.ts'
import { borrower, mortgageInput } from './mortgage-fixtures.ts'

const cases: Array<{ failure: EligibilityFailure; pt: string; en: string }> = [
  {
    failure: { code: 'LTV_ABOVE_LIMIT', params: { ltv: 92, limit: 90, basis: 'OWN_PERMANENT_HOME' } },
    pt: 'LTV de 92,0% acima do limite de 90% para habitação própria permanente.',
    en: 'LTV of 92.0% is above the 90% limit for an own permanent home.',
  },
  {
    failure: { code: 'LTV_ABOVE_LIMIT', params: { ltv: 80.004, limit: 80, basis: 'OTHER_PURPOSE' } },
    pt: 'LTV de 80,004% acima do limite de 80% para outras finalidades.',
    en: 'LTV of 80.004% is above the 80% limit for other purposes.',
  },
  {
    failure: { code: 'LTV_ABOVE_LIMIT', params: { ltv: 100.01, limit: 100, basis: 'YOUTH_CREDIT' } },
    pt: 'LTV de 100,01% acima do limite de 100% para crédito jovem com garantia pública.',
    en: 'LTV of 100.01% is above the 100% limit for youth credit with state guarantee.',
  },
  {
    failure: { code: 'LTV_ABOVE_LIMIT', params: { ltv: 101.5, limit: 100, basis: 'BANK_PROPERTY' } },
    pt: 'LTV de 101,5% acima do limite de 100% para imóveis vendidos pelo banco.',
    en: 'LTV of 101.5% is above the 100% limit for properties sold by the bank.',
  },
  {
    failure: { code: 'DSTI_ABOVE_LIMIT', params: { dsti: 52.345, limit: 50 } },
    pt: 'Taxa de esforço (DSTI) de 52,3% acima do limite de 50%.',
    en: 'Debt service-to-income ratio (DSTI) of 52.3% is above the 50% limit.',
  },
  {
    failure: { code: 'TERM_ABOVE_MAXIMUM', params: { termMonths: 450, maxTermMonths: 444, oldestBorrowerAge: 33 } },
    pt: 'Prazo de 37 anos e 6 meses acima do máximo de 37 anos para a idade do titular mais velho (33 anos).',
    en: "Term of 37 years and 6 months is above the maximum of 37 years for the oldest borrower's age (33).",
  },
  {
    failure: { code: 'AGE_AT_MATURITY_ABOVE_LIMIT', params: { ageAtMaturityMonths: 901, limitYears: 75 } },
    pt: 'Idade do titular mais velho no fim do contrato (75 anos e 1 mês) acima do limite de 75 anos.',
    en: 'Age of the oldest borrower at the end of the loan (75 years and 1 month) is above the limit of 75 years.',
  },
  {
    failure: { code: 'BORROWER_UNDER_MINIMUM_AGE', params: { borrower: 2, age: 17, minimumAge: 18 } },
    pt: 'O 2.º titular tem 17 anos, abaixo da idade mínima de 18 anos.',
    en: 'Borrower 2 is 17 years old, below the minimum age of 18.',
  },
  {
    failure: { code: 'YOUTH_CREDIT_AGE', params: { borrower: 1, age: 36, maximumAge: 35 } },
    pt: 'O 1.º titular tem 36 anos, acima da idade máxima de 35 anos do crédito jovem.',
    en: 'Borrower 1 is 36 years old, above the youth credit maximum age of 35.',
  },
  {
    failure: { code: 'YOUTH_CREDIT_TRANSACTION_LIMIT', params: { transactionAmount: 460_000, limit: 450_000 } },
    pt: 'Valor da transação de 460.000,00 € acima do limite de 450.000,00 € do crédito jovem.',
    en: 'Transaction amount of €460,000.00 is above the youth credit limit of €450,000.00.',
  },
  {
    failure: { code: 'YOUTH_CREDIT_INCOME_LIMIT', params: { borrower: 1, annualIncome: 84_000.5, limit: 83_696 } },
    pt: 'Rendimento anual do 1.º titular de 84.000,50 € acima do limite de 83.696,00 € do crédito jovem (8.º escalão do IRS).',
    en: 'Annual income of borrower 1 of €84,000.50 is above the youth credit limit of €83,696.00 (8th IRS bracket).',
  },
  {
    failure: { code: 'YOUTH_CREDIT_PURPOSE', params: {} },
    pt: 'O crédito jovem aplica-se apenas à aquisição de habitação própria permanente, não a construção nem a obras.',
    en: 'Youth credit applies only to buying an own permanent home, not to construction or works.',
  },
  {
    failure: { code: 'NO_INCOME', params: {} },
    pt: 'Sem rendimentos declarados, não é possível calcular a taxa de esforço.',
    en: 'No income declared, so the debt service-to-income ratio cannot be computed.',
  },
]

describe('non-eligibility descriptions', () => {
  it.each(cases)('$failure.code in pt-PT: $pt', ({ failure, pt }) => {
    expect(describeFailure(failure, 'pt-PT')).toBe(pt)
  })

  it.each(cases)('$failure.code in en: $en', ({ failure, en }) => {
    expect(describeFailure(failure, 'en')).toBe(en)
  })

  it('joins one sentence per failure, in order', () => {
    const failures = cases.slice(0, 2).map((c) => c.failure)
    expect(describeFailures(failures, 'en')).toBe(`${cases[0]?.en} ${cases[1]?.en}`)
  })

  it('is empty when nothing failed', () => {
    expect(describeFailures([], 'pt-PT')).toBe('')
  })

  it('names every failed rule of an assessment, in Portuguese', () => {
    const minor = borrower({ birthDate: '2009-01-01' })
    const { failures } = assessEligibility(mortgageInput({ loanAmount: 230_000, borrowers: [borrower(), minor] }))
    expect(describeFailures(failures, 'pt-PT')).toBe(
      'LTV de 92,0% acima do limite de 90% para habitação própria permanente. ' + 'O 2.º titular tem 17 anos, abaixo da idade mínima de 18 anos.',
    )
  })
})
