import type { EligibilityFailure } from './eligibility.ts'
import type { LtvLimitBasis } from './loan-to-value.ts'

export type MessageLanguage = 'pt-PT' | 'en'

/** The non-eligibility description: one sentence per failed rule, with its numbers (docs/domain.md "Eligibility"). */
export function describeFailures(failures: readonly EligibilityFailure[], lang: MessageLanguage): string {
  return failures.map((failure) => describeFailure(failure, lang)).join(' ')
}

export function describeFailure(failure: EligibilityFailure, lang: MessageLanguage): string {
  const f = formatters(lang)
  const pt = lang === 'pt-PT'
  switch (failure.code) {
    case 'LTV_ABOVE_LIMIT': {
      const { ltv, limit, basis } = failure.params
      return pt
        ? `LTV de ${f.ratio(ltv, limit)} acima do limite de ${f.percent(limit)} ${LTV_BASIS_PT[basis]}.`
        : `LTV of ${f.ratio(ltv, limit)} is above the ${f.percent(limit)} limit ${LTV_BASIS_EN[basis]}.`
    }
    case 'DSTI_ABOVE_LIMIT': {
      const { dsti, limit } = failure.params
      return pt
        ? `Taxa de esforço (DSTI) de ${f.ratio(dsti, limit)} acima do limite de ${f.percent(limit)}.`
        : `Debt service-to-income ratio (DSTI) of ${f.ratio(dsti, limit)} is above the ${f.percent(limit)} limit.`
    }
    case 'TERM_ABOVE_MAXIMUM': {
      const { termMonths, maxTermMonths, oldestBorrowerAge } = failure.params
      return pt
        ? `Prazo de ${f.duration(termMonths)} acima do máximo de ${f.duration(maxTermMonths)} para a idade do titular mais velho (${f.duration(oldestBorrowerAge * 12)}).`
        : `Term of ${f.duration(termMonths)} is above the maximum of ${f.duration(maxTermMonths)} for the oldest borrower's age (${oldestBorrowerAge}).`
    }
    case 'AGE_AT_MATURITY_ABOVE_LIMIT': {
      const { ageAtMaturityMonths, limitYears } = failure.params
      return pt
        ? `Idade do titular mais velho no fim do contrato (${f.duration(ageAtMaturityMonths)}) acima do limite de ${f.duration(limitYears * 12)}.`
        : `Age of the oldest borrower at the end of the loan (${f.duration(ageAtMaturityMonths)}) is above the limit of ${f.duration(limitYears * 12)}.`
    }
    case 'BORROWER_UNDER_MINIMUM_AGE': {
      const { borrower, age, minimumAge } = failure.params
      return pt
        ? `O ${borrower}.º titular tem ${f.duration(age * 12)}, abaixo da idade mínima de ${f.duration(minimumAge * 12)}.`
        : `Borrower ${borrower} is ${age} years old, below the minimum age of ${minimumAge}.`
    }
    case 'YOUTH_CREDIT_AGE': {
      const { borrower, age, maximumAge } = failure.params
      return pt
        ? `O ${borrower}.º titular tem ${f.duration(age * 12)}, acima da idade máxima de ${f.duration(maximumAge * 12)} do crédito jovem.`
        : `Borrower ${borrower} is ${age} years old, above the youth credit maximum age of ${maximumAge}.`
    }
    case 'YOUTH_CREDIT_TRANSACTION_LIMIT': {
      const { transactionAmount, limit } = failure.params
      return pt
        ? `Valor da transação de ${f.money(transactionAmount)} acima do limite de ${f.money(limit)} do crédito jovem.`
        : `Transaction amount of ${f.money(transactionAmount)} is above the youth credit limit of ${f.money(limit)}.`
    }
    case 'YOUTH_CREDIT_INCOME_LIMIT': {
      const { borrower, annualIncome, limit } = failure.params
      return pt
        ? `Rendimento anual do ${borrower}.º titular de ${f.money(annualIncome)} acima do limite de ${f.money(limit)} do crédito jovem (8.º escalão do IRS).`
        : `Annual income of borrower ${borrower} of ${f.money(annualIncome)} is above the youth credit limit of ${f.money(limit)} (8th IRS bracket).`
    }
    case 'YOUTH_CREDIT_PURPOSE':
      return pt
        ? 'O crédito jovem aplica-se apenas à aquisição de habitação própria permanente, não a construção nem a obras.'
        : 'Youth credit applies only to buying an own permanent home, not to construction or works.'
    case 'NO_INCOME':
      return pt ? 'Sem rendimentos declarados, não é possível calcular a taxa de esforço.' : 'No income declared, so the debt service-to-income ratio cannot be computed.'
  }
}

const LTV_BASIS_PT: Record<LtvLimitBasis, string> = {
  OWN_PERMANENT_HOME: 'para habitação própria permanente',
  OTHER_PURPOSE: 'para outras finalidades',
  BANK_PROPERTY: 'para imóveis vendidos pelo banco',
  YOUTH_CREDIT: 'para crédito jovem com garantia pública',
}

const LTV_BASIS_EN: Record<LtvLimitBasis, string> = {
  OWN_PERMANENT_HOME: 'for an own permanent home',
  OTHER_PURPOSE: 'for other purposes',
  BANK_PROPERTY: 'for properties sold by the bank',
  YOUTH_CREDIT: 'for youth credit with state guarantee',
}

function formatters(lang: MessageLanguage) {
  const pt = lang === 'pt-PT'
  const number = (value: number, decimals: number): string => groupThousands(value.toFixed(decimals), pt ? '.' : ',', pt ? ',' : '.')
  return {
    percent: (value: number): string => `${number(value, Number.isInteger(value) ? 0 : 1)}%`,
    /** One decimal, more when one would show a value above its limit as equal to it. */
    ratio: (value: number, limit: number): string => {
      let decimals = 1
      while (decimals < 3 && Number(value.toFixed(decimals)) <= limit) decimals += 1
      return `${number(value, decimals)}%`
    },
    money: (value: number): string => (pt ? `${number(value, 2)} €` : `€${number(value, 2)}`),
    duration: (months: number): string => {
      const years = Math.floor(months / 12)
      const rest = months % 12
      const y = pt ? `${years} ${years === 1 ? 'ano' : 'anos'}` : `${years} ${years === 1 ? 'year' : 'years'}`
      if (rest === 0) return y
      const m = pt ? `${rest} ${rest === 1 ? 'mês' : 'meses'}` : `${rest} ${rest === 1 ? 'month' : 'months'}`
      return years === 0 ? m : pt ? `${y} e ${m}` : `${y} and ${m}`
    },
  }
}

function groupThousands(fixed: string, groupSeparator: string, decimalSeparator: string): string {
  const [integer = '', decimals] = fixed.split('.')
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator)
  return decimals === undefined ? grouped : `${grouped}${decimalSeparator}${decimals}`
}
