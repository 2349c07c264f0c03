import { annuityPayment, repaymentScheduleFor, roundMoney, roundRate, UPFRONT_CHARGE_CODES, type LoanQuote, type MortgageInput } from '../domain/mortgage/index.ts'
import type { EsisDocument, EsisRateType, EsisReferences } from './esis-document.ts'

/**
 * The ESIS of a priced loan, whatever holds it (a simulation, a process): the same stored figures
 * its detail answers, and the engine's repayment schedule for the same input, so the table's totals
 * match the detail's interest and MTIC. Extracted from the simulation ESIS so both use one builder.
 */

/** The sandbox's bank, as the ESIS names the lender (section 1). */
export const SANDBOX_LENDER = {
  name: 'Banco Sandbox, S.A.',
  address: 'Avenida da Liberdade, 1, 1250-140 Lisboa',
  website: 'www.banco-sandbox.example',
  bankOfPortugalRegistration: '9999',
} as const

/** Days the ESIS information stays valid from its issue (Decreto-Lei 74-A/2017 leaves it to the lender). */
export const ESIS_VALIDITY_DAYS = 30
/** Decreto-Lei 74-A/2017 art. 23: early repayment fee at most 0.5% (variable rate) or 2% (fixed rate). */
const EARLY_REPAYMENT_FEE = { variable: 0.5, fixed: 2, mixed: 2 } as const
/** Decreto-Lei 74-A/2017: at least 7 days to consider the offer before signing. */
const REFLECTION_PERIOD_DAYS = 7
/** Index rises illustrated in section 6 for variable and mixed rates, percentage points. */
const RATE_RISES = [1, 2] as const

const TEXTS = {
  'pt-PT': {
    security: 'Hipoteca sobre o imóvel',
    remuneration: '0,50% do montante do empréstimo, pago pelo mutuante; sem encargos para o consumidor',
    bundle: [
      'Domiciliação do ordenado numa conta do mutuante',
      'Cartão de débito e cartão de crédito do mutuante',
      'Seguros de vida e multirriscos contratados através do mutuante',
    ],
  },
  en: {
    security: 'Mortgage on the property',
    remuneration: '0.50% of the loan amount, paid by the lender; no cost to the consumer',
    bundle: ['Salary paid into an account with the lender', "The lender's debit and credit cards", 'Life and multi-risk insurance taken out through the lender'],
  },
} as const

const RATE_TYPES: Record<string, EsisRateType> = { FIXED: 'fixed', VARIABLE: 'variable', MIXED: 'mixed' }

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** What the ESIS reads of the reference lists. */
export interface EsisTaxonomy {
  get(list: string, id: number): { code: string | null; attributes: Record<string, unknown> } | undefined
  byCode(list: string, code: string): { description: Record<'pt-PT' | 'en', string> } | undefined
  describe(list: string, id: number | null | undefined, lang: 'pt-PT' | 'en'): string | null
}

/** The loan group's ids the ESIS describes (the simulation input's loanSimulator fields). */
export interface EsisLoanIds {
  loanAmount: number
  loanPurposeId: number
  productPurposeId: number
  interestRateTypeID: number
  indexTypeID?: number | null
  indexTypeMixedID?: number | null
  hasCrossSelling?: boolean | null
}

export interface LoanEsisSource {
  loan: EsisLoanIds
  quote: Omit<LoanQuote, 'schedule'>
  engineInput: MortgageInput
  /** The property value the LTV divides by. */
  propertyValue: number
  consumerNames: string[]
  references: EsisReferences
  /** The credit intermediary (section 2): the broker's partner and its register number; null without one. */
  broker: { partnerName: string; brokerRegistrationNumber: string } | null | undefined
}

export function loanEsisDocument(source: LoanEsisSource, taxonomy: EsisTaxonomy, lang: 'pt-PT' | 'en', issueDate: string): EsisDocument {
  const { loan, quote, broker } = source
  const schedule = repaymentScheduleFor(source.engineInput)
  const rateType = RATE_TYPES[taxonomy.get('index-type-sub-categories', loan.interestRateTypeID)?.code ?? ''] ?? 'fixed'
  const chargeLabel = (code: string) => taxonomy.byCode('bank-charge-types', code)?.description[lang] ?? code
  const indexTypeId = rateType === 'mixed' ? (taxonomy.get('index-type-list-mixed', loan.indexTypeMixedID ?? 0)?.attributes.indexTypeId as number | undefined) : loan.indexTypeID
  const variableTan = quote.variableTAN
  const fixedMonths = rateType === 'mixed' ? (quote.loanFixedPeriodMonths ?? 0) : 0
  const riseBalance = fixedMonths > 0 ? (schedule[fixedMonths - 1]?.outstanding ?? loan.loanAmount) : loan.loanAmount
  const interestTax = quote.bankCharges.find((c) => c.code === 'STAMP_DUTY_INTEREST')
  const firstInterestTax =
    interestTax && schedule[0] ? roundMoney(schedule[0].otherCosts - quote.insurance.lifeInsuranceMonthlyAmount - quote.insurance.propertyInsuranceMonthlyAmount) : 0
  const text = TEXTS[lang]

  return {
    language: lang,
    issueDate,
    validUntil: addDays(issueDate, ESIS_VALIDITY_DAYS),
    consumer: { names: source.consumerNames },
    lender: { ...SANDBOX_LENDER },
    creditIntermediary: broker ? { name: broker.partnerName, registrationNumber: broker.brokerRegistrationNumber, remuneration: text.remuneration } : null,
    loan: {
      amount: quote.loanAmount,
      currency: 'EUR',
      durationMonths: quote.loanDurationMonths,
      rateType,
      purpose: `${taxonomy.describe('loan-purposes', loan.loanPurposeId, lang)} - ${taxonomy.describe('product-purposes', loan.productPurposeId, lang)}`,
      propertyValue: source.propertyValue,
      ltvPercent: quote.loanToValue,
      security: text.security,
      mtic: quote.mtic,
      totalInterest: quote.totalInterest,
    },
    rates: {
      tanPercent: quote.tan,
      taegPercent: quote.taeg,
      index: rateType === 'fixed' ? null : { name: taxonomy.describe('index-types', indexTypeId, lang) ?? '', valuePercent: quote.indexInterestRate ?? 0 },
      spreadPercent: rateType === 'fixed' ? null : (quote.variableProposedSpread ?? quote.proposedSpread),
      fixedPeriodMonths: rateType === 'mixed' ? quote.loanFixedPeriodMonths : null,
      tanAfterFixedPeriodPercent: rateType === 'mixed' ? variableTan : null,
    },
    costs: {
      oneOff: quote.bankCharges.filter((c) => UPFRONT_CHARGE_CODES.has(c.code)).map((c) => ({ label: chargeLabel(c.code), amount: c.amount })),
      recurring: [
        { label: chargeLabel('LIFE_INSURANCE'), monthlyAmount: quote.insurance.lifeInsuranceMonthlyAmount },
        { label: chargeLabel('PROPERTY_INSURANCE'), monthlyAmount: quote.insurance.propertyInsuranceMonthlyAmount },
        ...(interestTax ? [{ label: chargeLabel('STAMP_DUTY_INTEREST'), monthlyAmount: firstInterestTax }] : []),
      ],
    },
    payments: {
      frequency: 'monthly',
      numberOfPayments: quote.loanDurationMonths,
      firstInstalment: quote.monthlyInstallmentAmount,
      instalmentAfterFixedPeriod: rateType === 'mixed' ? quote.variableMonthlyInstallmentAmount : null,
    },
    rateRise:
      rateType === 'fixed' || variableTan === null
        ? []
        : RATE_RISES.map((points) => ({
            indexRisePoints: points,
            tanPercent: roundRate(variableTan + points),
            instalment: roundMoney(annuityPayment(riseBalance, variableTan + points, quote.loanDurationMonths - fixedMonths)),
          })),
    repaymentTable: schedule.map(({ period, instalment, interest, otherCosts, capital, outstanding }) => ({ period, instalment, interest, otherCosts, capital, outstanding })),
    bundledProducts: loan.hasCrossSelling ? [...text.bundle] : [],
    earlyRepaymentFeePercent: EARLY_REPAYMENT_FEE[rateType],
    reflectionPeriodDays: REFLECTION_PERIOD_DAYS,
    references: source.references,
  }
}
