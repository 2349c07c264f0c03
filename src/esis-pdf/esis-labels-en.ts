import type { EsisLabels } from './esis-label-set.ts'

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`

function duration(months: number): string {
  const years = Math.floor(months / 12)
  const rest = months % 12
  const total = plural(months, 'month', 'months')
  if (years === 0) return total
  const inYears = plural(years, 'year', 'years')
  return rest === 0 ? `${total} (${inYears})` : `${total} (${inYears} and ${plural(rest, 'month', 'months')})`
}

/** ESIS: European Standardised Information Sheet (Directive 2014/17/EU, Annex II). */
export const EN_LABELS: EsisLabels = {
  documentTitle: 'European Standardised Information Sheet (ESIS)',
  sandboxBanner: 'SANDBOX — Test document. Not a real offer; it binds no institution.',
  watermark: 'SANDBOX',
  pageOf: (page, total) => `Page ${page} of ${total}`,
  sectionTitles: [
    'Lender',
    'Credit intermediary',
    'Main features of the loan',
    'Interest rate and other costs',
    'Frequency and number of payments',
    'Amount of each instalment',
    'Illustrative repayment table',
    'Additional obligations',
    'Early repayment',
    'Flexible features',
    'Other rights',
    'Complaints',
    'Consequences of non-compliance',
    'Additional information',
    'Supervisor',
  ],
  duration,
  notAvailable: '—',
  intro: {
    title: 'Introduction',
    consumer: 'Consumer(s)',
    issueDate: 'Date of issue',
    validUntil: 'Information valid until',
    text: (lender, validUntil) =>
      'This document is based on the information you have provided so far and on the current financial ' +
      `market conditions. The information remains valid until ${validUntil}; after that date it may change ` +
      `in line with market conditions. This document does not oblige ${lender} to grant you a loan.`,
  },
  lender: {
    name: 'Name',
    address: 'Address',
    website: 'Website',
    registration: 'Banco de Portugal registration no.',
  },
  intermediary: {
    name: 'Name',
    registration: 'Banco de Portugal registration no.',
    remuneration: 'Remuneration',
    none: 'No credit intermediary is involved.',
  },
  loan: {
    amount: 'Amount of the loan',
    duration: 'Duration of the loan',
    rateType: 'Type of interest rate',
    purpose: 'Purpose',
    propertyValue: 'Value of the property',
    ltv: 'Loan-to-value ratio (LTV)',
    security: 'Security',
    totalInterest: 'Total interest',
    mtic: 'Total amount to be repaid (MTIC)',
    mticNote: 'The total amount to be repaid includes the capital, the interest and all costs of the loan ' + '(fees, taxes and insurance) over its whole term.',
  },
  rateTypes: { fixed: 'Fixed rate', variable: 'Variable rate', mixed: 'Mixed rate' },
  rates: {
    taeg: 'Annual percentage rate of charge (APRC, TAEG)',
    taegNote: 'The APRC is the total cost of the loan expressed as an annual percentage. It helps you compare offers.',
    constantIndexNote: 'The APRC assumes that the index stays at its current value for the whole term.',
    tan: 'Borrowing rate (TAN)',
    tanFixedPeriod: (months) => `Borrowing rate (TAN) for the first ${months} months (fixed)`,
    tanAfterFixedPeriod: 'Borrowing rate (TAN) after the fixed period',
    index: 'Reference index',
    spread: 'Margin (spread)',
    oneOffCosts: 'One-off costs',
    recurringCosts: 'Recurring costs',
    perMonth: (amount) => `${amount} per month`,
    none: 'None.',
  },
  payments: {
    frequency: 'Frequency of repayments',
    frequencies: { monthly: 'Monthly' },
    numberOfPayments: 'Number of repayments',
  },
  instalment: {
    amount: 'Instalment (capital and interest)',
    fixedPeriod: (months) => `Instalment for the first ${months} months (fixed rate)`,
    afterFixedPeriod: 'Instalment after the fixed period',
    recurringCostsNote: 'The instalment does not include the recurring costs of section 4 (insurance and others), paid on top each month.',
    fixedNote: 'The interest rate is fixed for the whole term: the instalment does not change.',
    variableWarning: 'The interest rate on this loan can change. Your instalments may increase or decrease with the index.',
    incomeWarning: 'Your income may change. Please consider whether you will still be able to afford your instalments if your income falls.',
    rateRiseIntro: 'Illustration: your instalment if the index rises.',
    rateRiseRow: (points, tan) => `Index ${points} (TAN ${tan})`,
  },
  table: {
    intro: 'The table shows, for each instalment, the amount to pay, the interest, the other costs, the capital ' + 'repaid and the capital outstanding after the payment.',
    constantIndexNote: 'The table assumes that the index stays at its current value; the amounts change if the interest rate changes.',
    columns: {
      period: 'No.',
      instalment: 'Instalment',
      interest: 'Interest',
      otherCosts: 'Other costs',
      capital: 'Capital repaid',
      outstanding: 'Outstanding capital',
    },
  },
  obligations: {
    intro: 'To benefit from the conditions in this document, you must take out and keep:',
    none: 'There are no additional obligations.',
    breachNote: 'If you stop meeting these obligations, the interest rate (spread) may increase.',
  },
  earlyRepayment: {
    text: "You may repay the loan early, in full or in part, with 10 working days' notice (partial repayment) " + "or 30 working days' notice (full repayment).",
    fee: 'Early repayment fee',
    feeValue: (percent) => `${percent} of the capital repaid`,
    legalLimits:
      'Legal limit (Decreto-Lei 74-A/2017): 0.5% of the capital repaid for variable-rate loans and 2% for ' +
      'fixed-rate loans; for mixed-rate loans the fixed-rate limit applies during the fixed period.',
  },
  flexibleFeatures: 'This loan has no flexible features besides early repayment. You may move the loan to another lender, ' + 'as the law allows.',
  otherRights: {
    reflection: (days) =>
      `Once you receive the binding offer, you have a reflection period of ${days} days to compare it and ` + 'decide. The offer stays valid during that period.',
    draftContract: 'You may ask for a draft of the credit agreement, free of charge.',
  },
  complaints: (lender, website) => [
    `You may complain to the lender, ${lender} (${website}), or in the Complaints Book, on paper or online ` + '(www.livroreclamacoes.pt).',
    'You may also complain to Banco de Portugal through the Bank Customer Portal ' + '(clientebancario.bportugal.pt), or turn to an alternative dispute resolution body.',
  ],
  nonCompliance: [
    'If you do not pay your instalments when due, default interest and late-payment fees are charged, ' + 'within legal limits.',
    'Default may lead to the termination of the agreement, the enforcement of the mortgage and the loss of the property.',
    'If you have difficulty paying, contact the lender as soon as possible: you may benefit from the ' +
      'Default Risk Action Plan (PARI) or the Out-of-Court Procedure for the Settlement of Default (PERSI).',
  ],
  additional: {
    paragraphs: [
      'The credit agreement is written in Portuguese and governed by Portuguese law.',
      'This document was produced by a test environment (sandbox): the figures are illustrative and do ' + 'not constitute an offer.',
    ],
    simulationId: 'Simulation reference',
    processNumber: 'Process number',
  },
  supervisor: ['The lender is supervised by Banco de Portugal, Rua do Comércio, 148, 1100-150 Lisboa (www.bportugal.pt).'],
}
