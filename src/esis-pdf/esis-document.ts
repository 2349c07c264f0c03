/**
 * Everything the ESIS (FINE in Portuguese) shows, already computed by the caller.
 * Directive 2014/17/EU Annex II; Decreto-Lei 74-A/2017. The renderer only formats: no sums, no
 * rates, no rounding besides the display of each figure.
 *
 * Units: amounts in euros (843.21); rates and percentages in percent units (3 means 3%);
 * dates as calendar dates "YYYY-MM-DD".
 */

export type EsisLanguage = 'pt-PT' | 'en'

export type EsisRateType = 'fixed' | 'variable' | 'mixed'

/** The (sandbox) bank that grants the loan; a fixed identity passed in by the caller. */
export interface EsisLender {
  name: string
  address: string
  website: string
  /** Number in Banco de Portugal's register of credit institutions. */
  bankOfPortugalRegistration: string
}

export interface EsisCreditIntermediary {
  name: string
  /** Number in Banco de Portugal's register of credit intermediaries. */
  registrationNumber: string
  /** Free text: who pays the broker and how much, e.g. "0.5% of the amount, paid by the lender". */
  remuneration: string
}

export interface EsisLoan {
  amount: number
  currency: 'EUR'
  durationMonths: number
  rateType: EsisRateType
  /** Text in the document's language, e.g. "Aquisição de habitação própria permanente". */
  purpose: string
  propertyValue: number
  ltvPercent: number
  /** Text in the document's language, e.g. "Hipoteca sobre o imóvel a adquirir". */
  security: string
  /** Montante total imputado ao consumidor: capital + interest + one-off + recurring costs. */
  mtic: number
  totalInterest: number
}

export interface EsisIndex {
  /** e.g. "Euribor 6M". */
  name: string
  valuePercent: number
}

export interface EsisRates {
  /** TAN at the start of the loan: the fixed rate for fixed and mixed, index + spread for variable. */
  tanPercent: number
  taegPercent: number
  /** null for a fixed rate. */
  index: EsisIndex | null
  /** null for a fixed rate. */
  spreadPercent: number | null
  /** Mixed only (else null): months at the fixed rate. */
  fixedPeriodMonths: number | null
  /** Mixed only (else null): TAN after the fixed period, index + spread as the caller computed it. */
  tanAfterFixedPeriodPercent: number | null
}

export interface EsisOneOffCost {
  /** Text in the document's language, e.g. "Imposto do Selo sobre o crédito (0,6%)". */
  label: string
  amount: number
}

export interface EsisRecurringCost {
  /** Text in the document's language, e.g. "Seguro de vida". */
  label: string
  monthlyAmount: number
}

export interface EsisCosts {
  oneOff: EsisOneOffCost[]
  recurring: EsisRecurringCost[]
}

export interface EsisPayments {
  frequency: 'monthly'
  numberOfPayments: number
  /** Instalment of capital and interest, without recurring costs. */
  firstInstalment: number
  /** Mixed only (else null): instalment once the fixed period ends, index assumed constant. */
  instalmentAfterFixedPeriod: number | null
}

/** One line of the rate-rise illustration (variable and mixed rates). */
export interface EsisRateRiseRow {
  /** Rise of the index in percentage points, e.g. 1 or 2. */
  indexRisePoints: number
  /** TAN with that rise (for mixed: the rate after the fixed period). */
  tanPercent: number
  instalment: number
}

/** One line of the illustrative repayment table (section 7). */
export interface EsisRepaymentRow {
  period: number
  instalment: number
  interest: number
  /** Recurring costs paid with this instalment (insurance, fees). */
  otherCosts: number
  /** Capital repaid by this instalment. */
  capital: number
  /** Capital outstanding after this instalment. */
  outstanding: number
}

export interface EsisReferences {
  simulationId: string | null
  processNumber: string | null
}

export interface EsisDocument {
  language: EsisLanguage
  /** "YYYY-MM-DD"; also the PDF's CreationDate, so the same input gives the same bytes. */
  issueDate: string
  /** "YYYY-MM-DD": the last day the information is valid. */
  validUntil: string
  consumer: { names: string[] }
  lender: EsisLender
  creditIntermediary: EsisCreditIntermediary | null
  loan: EsisLoan
  rates: EsisRates
  costs: EsisCosts
  payments: EsisPayments
  /** Empty for a fixed rate; e.g. rows for +1 and +2 percentage points otherwise. */
  rateRise: EsisRateRiseRow[]
  repaymentTable: EsisRepaymentRow[]
  /** Products the consumer must take to get these conditions, in the document's language. */
  bundledProducts: string[]
  earlyRepaymentFeePercent: number
  reflectionPeriodDays: number
  references: EsisReferences
}
