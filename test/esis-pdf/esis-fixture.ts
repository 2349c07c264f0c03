import type { EsisDocument, EsisLanguage, EsisRateType, EsisRepaymentRow } from '../../src/esis-pdf/esis-document.ts'

/**
 * Plausible ESIS inputs for tests. The sheet's summary figures are docs/domain.md's worked check
 * (200,000 €, 360 months, TAN 3% → 843.21 €, MTIC 321,198.30 €, APRC ≈ 3.54%); the repayment rows
 * are computed here with the French annuity, since the renderer does no maths.
 */

const round2 = (value: number): number => Math.round(value * 100) / 100

export function annuity(principal: number, tanPercent: number, months: number): number {
  const i = tanPercent / 100 / 12
  return round2((principal * i) / (1 - (1 + i) ** -months))
}

/** Monthly rows; the rate changes after `fixedMonths` (mixed), recomputing the instalment then. */
export function repaymentRows(principal: number, months: number, phases: { tanPercent: number; months: number }[], otherCosts: number): EsisRepaymentRow[] {
  const rows: EsisRepaymentRow[] = []
  let outstanding = principal
  for (const phase of phases) {
    const remaining = months - rows.length
    const instalment = annuity(outstanding, phase.tanPercent, remaining)
    for (let k = 0; k < phase.months; k++) {
      const period = rows.length + 1
      const interest = round2((outstanding * phase.tanPercent) / 100 / 12)
      const last = period === months
      const capital = last ? outstanding : round2(instalment - interest)
      outstanding = round2(outstanding - capital)
      rows.push({ period, instalment: round2(capital + interest), interest, otherCosts, capital, outstanding })
    }
  }
  return rows
}

const ONE_OFF = {
  'pt-PT': [
    ['Imposto do Selo sobre o crédito (0,6%)', 1200],
    ['Comissão de estudo e processo (com IS)', 291.2],
    ['Comissão de avaliação (com IS)', 239.2],
    ['Comissão de formalização (com IS)', 208],
    ['Registo da hipoteca', 225],
  ],
  en: [
    ['Stamp duty on the loan (0.6%)', 1200],
    ['File and study fee (incl. stamp duty)', 291.2],
    ['Valuation fee (incl. stamp duty)', 239.2],
    ['Formalisation fee (incl. stamp duty)', 208],
    ['Mortgage registration', 225],
  ],
} as const

const TEXTS = {
  'pt-PT': {
    purpose: 'Aquisição de habitação própria permanente',
    security: 'Hipoteca sobre o imóvel a adquirir',
    life: 'Seguro de vida',
    home: 'Seguro multirriscos',
    bundle: ['Domiciliação do ordenado', 'Seguro de vida contratado com o mutuante'],
    remuneration: '0,50% do montante do empréstimo, pago pelo mutuante',
  },
  en: {
    purpose: 'Purchase of own permanent home',
    security: 'Mortgage on the property purchased',
    life: 'Life insurance',
    home: 'Multi-risk property insurance',
    bundle: ['Salary paid into an account with the lender', 'Life insurance taken out with the lender'],
    remuneration: '0.50% of the loan amount, paid by the lender',
  },
} as const

export interface FixtureOptions {
  language?: EsisLanguage
  rateType?: EsisRateType
  durationMonths?: number
  withIntermediary?: boolean
}

/**
 * A 200,000 € housing loan at TAN 3%: variable (Euribor 6M 2.14% + 0.86%) by default; fixed at 3%;
 * or mixed, 5 years at 3.5% then 3%.
 */
export function buildEsisFixture(options: FixtureOptions = {}): EsisDocument {
  const { language = 'pt-PT', rateType = 'variable', durationMonths = 360, withIntermediary = true } = options
  const text = TEXTS[language]
  const amount = 200_000
  const insurance = 43
  const mixed = rateType === 'mixed'
  const phases = mixed
    ? [
        { tanPercent: 3.5, months: 60 },
        { tanPercent: 3, months: durationMonths - 60 },
      ]
    : [{ tanPercent: 3, months: durationMonths }]
  const rows = repaymentRows(amount, durationMonths, phases, insurance)
  const oneOff = ONE_OFF[language].map(([label, cost]) => ({ label, amount: cost }))
  const totalInterest = round2(rows.reduce((sum, r) => sum + r.interest, 0))
  const oneOffTotal = oneOff.reduce((sum, c) => sum + c.amount, 0)
  const afterSwitch = rows[60]?.instalment ?? null
  const variablePart = rateType !== 'fixed'
  const riseBalance = mixed ? (rows[59]?.outstanding ?? amount) : amount
  const riseMonths = mixed ? durationMonths - 60 : durationMonths
  return {
    language,
    issueDate: '2026-01-15',
    validUntil: '2026-02-14',
    consumer: { names: ['Ana Sofia Martins', 'João Pedro Almeida'] },
    lender: {
      name: 'Banco Sandbox, S.A.',
      address: 'Avenida da Liberdade, 1, 1250-140 Lisboa',
      website: 'www.bancosandbox.example',
      bankOfPortugalRegistration: '9999',
    },
    creditIntermediary: withIntermediary ? { name: 'Casa Certa Intermediários de Crédito, Lda.', registrationNumber: '0001234', remuneration: text.remuneration } : null,
    loan: {
      amount,
      currency: 'EUR',
      durationMonths,
      rateType,
      purpose: text.purpose,
      propertyValue: 250_000,
      ltvPercent: 80,
      security: text.security,
      mtic: durationMonths === 360 && !mixed ? 321_198.3 : round2(amount + totalInterest + oneOffTotal + insurance * durationMonths),
      totalInterest: durationMonths === 360 && !mixed ? 103_554.9 : totalInterest,
    },
    rates: {
      tanPercent: mixed ? 3.5 : 3,
      taegPercent: mixed ? 3.9 : 3.54,
      index: variablePart ? { name: 'Euribor 6M', valuePercent: 2.14 } : null,
      spreadPercent: variablePart ? 0.86 : null,
      fixedPeriodMonths: mixed ? 60 : null,
      tanAfterFixedPeriodPercent: mixed ? 3 : null,
    },
    costs: {
      oneOff,
      recurring: [
        { label: text.life, monthlyAmount: 30 },
        { label: text.home, monthlyAmount: 13 },
      ],
    },
    payments: {
      frequency: 'monthly',
      numberOfPayments: durationMonths,
      firstInstalment: rows[0]?.instalment ?? 0,
      instalmentAfterFixedPeriod: mixed ? afterSwitch : null,
    },
    rateRise: variablePart
      ? [1, 2].map((points) => ({
          indexRisePoints: points,
          tanPercent: 3 + points,
          instalment: annuity(riseBalance, 3 + points, riseMonths),
        }))
      : [],
    repaymentTable: rows,
    bundledProducts: [...text.bundle],
    earlyRepaymentFeePercent: rateType === 'variable' ? 0.5 : 2,
    reflectionPeriodDays: 7,
    references: { simulationId: 'SIM-2026-000123', processNumber: 'PRC-2026-004567' },
  }
}
