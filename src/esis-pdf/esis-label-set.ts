import type { EsisRateType } from './esis-document.ts'

/**
 * Every fixed text of the ESIS. Titles follow Directive 2014/17/EU Annex II (FINE in pt-PT,
 * Decreto-Lei 74-A/2017). Texts must stay inside WinAnsi: the standard PDF fonts cannot show
 * other characters (a test checks this).
 */
export interface EsisLabels {
  documentTitle: string
  sandboxBanner: string
  watermark: string
  pageOf: (page: number, total: number) => string
  /** Sections 1-15, in order, without their numbers. */
  sectionTitles: readonly string[]
  duration: (months: number) => string
  notAvailable: string
  intro: {
    title: string
    consumer: string
    issueDate: string
    validUntil: string
    text: (lender: string, validUntil: string) => string
  }
  lender: { name: string; address: string; website: string; registration: string }
  intermediary: { name: string; registration: string; remuneration: string; none: string }
  loan: {
    amount: string
    duration: string
    rateType: string
    purpose: string
    propertyValue: string
    ltv: string
    security: string
    totalInterest: string
    mtic: string
    mticNote: string
  }
  rateTypes: Record<EsisRateType, string>
  rates: {
    taeg: string
    taegNote: string
    constantIndexNote: string
    tan: string
    tanFixedPeriod: (months: number) => string
    tanAfterFixedPeriod: string
    index: string
    spread: string
    oneOffCosts: string
    recurringCosts: string
    perMonth: (amount: string) => string
    none: string
  }
  payments: { frequency: string; frequencies: Record<'monthly', string>; numberOfPayments: string }
  instalment: {
    amount: string
    fixedPeriod: (months: number) => string
    afterFixedPeriod: string
    recurringCostsNote: string
    fixedNote: string
    variableWarning: string
    incomeWarning: string
    rateRiseIntro: string
    rateRiseRow: (points: string, tan: string) => string
  }
  table: {
    intro: string
    constantIndexNote: string
    columns: {
      period: string
      instalment: string
      interest: string
      otherCosts: string
      capital: string
      outstanding: string
    }
  }
  obligations: { intro: string; none: string; breachNote: string }
  earlyRepayment: { text: string; fee: string; feeValue: (percent: string) => string; legalLimits: string }
  flexibleFeatures: string
  otherRights: { reflection: (days: number) => string; draftContract: string }
  complaints: (lender: string, website: string) => string[]
  nonCompliance: string[]
  additional: { paragraphs: string[]; simulationId: string; processNumber: string }
  supervisor: string[]
}
