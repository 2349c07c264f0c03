import type { EsisDocument } from './esis-document.ts'
import { esisLabels, type EsisLabels } from './esis-labels.ts'
import { formatDate, formatMoney, formatPercent, formatPoints } from './format.ts'

/** What a section shows, independent of layout: the PDF writer draws each kind. */
export type EsisBlock =
  | { kind: 'rows'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  | { kind: 'text'; text: string; emphasis?: boolean }
  | { kind: 'subheading'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'repayment-table' }

export interface EsisSection {
  /** Displayed heading, numbered for sections 1-15 ("3. Main features of the loan"). */
  heading: string
  blocks: EsisBlock[]
}

/** Display decimals: TAN-like rates to 3 places as Portuguese banks print them; the TAEG to 1 (docs/domain.md). */
const RATE_DECIMALS = 3
const TAEG_DECIMALS = 1
const LTV_DECIMALS = 2

interface Context {
  doc: EsisDocument
  l: EsisLabels
  money: (value: number) => string
  rate: (value: number, decimals?: number) => string
}

const rows = (...entries: Array<readonly [string, string]>): EsisBlock => ({ kind: 'rows', rows: entries })
const text = (value: string, emphasis = false): EsisBlock => ({ kind: 'text', text: value, emphasis })

function intro({ doc, l }: Context): EsisBlock[] {
  const validUntil = formatDate(doc.validUntil, doc.language)
  return [
    rows([l.intro.consumer, doc.consumer.names.join(', ') || l.notAvailable], [l.intro.issueDate, formatDate(doc.issueDate, doc.language)], [l.intro.validUntil, validUntil]),
    text(l.intro.text(doc.lender.name, validUntil)),
  ]
}

function lender({ doc, l }: Context): EsisBlock[] {
  const { name, address, website, bankOfPortugalRegistration } = doc.lender
  return [rows([l.lender.name, name], [l.lender.address, address], [l.lender.website, website], [l.lender.registration, bankOfPortugalRegistration])]
}

function intermediary({ doc, l }: Context): EsisBlock[] {
  const broker = doc.creditIntermediary
  if (!broker) return [text(l.intermediary.none)]
  return [rows([l.intermediary.name, broker.name], [l.intermediary.registration, broker.registrationNumber], [l.intermediary.remuneration, broker.remuneration])]
}

function mainFeatures({ doc, l, money }: Context): EsisBlock[] {
  const { loan } = doc
  return [
    rows(
      [l.loan.amount, money(loan.amount)],
      [l.loan.duration, l.duration(loan.durationMonths)],
      [l.loan.rateType, l.rateTypes[loan.rateType]],
      [l.loan.purpose, loan.purpose],
      [l.loan.propertyValue, money(loan.propertyValue)],
      [l.loan.ltv, formatPercent(loan.ltvPercent, LTV_DECIMALS, doc.language)],
      [l.loan.security, loan.security],
      [l.loan.totalInterest, money(loan.totalInterest)],
      [l.loan.mtic, money(loan.mtic)],
    ),
    text(l.loan.mticNote),
  ]
}

function interestAndCosts({ doc, l, money, rate }: Context): EsisBlock[] {
  const { rates, costs, loan } = doc
  const entries: Array<readonly [string, string]> = [[l.rates.taeg, rate(rates.taegPercent, TAEG_DECIMALS)]]
  if (loan.rateType === 'mixed') {
    entries.push([l.rates.tanFixedPeriod(rates.fixedPeriodMonths ?? 0), rate(rates.tanPercent)])
    entries.push([l.rates.tanAfterFixedPeriod, optional(rates.tanAfterFixedPeriodPercent, rate, l)])
  } else {
    entries.push([l.rates.tan, rate(rates.tanPercent)])
  }
  if (rates.index) entries.push([l.rates.index, `${rates.index.name}: ${rate(rates.index.valuePercent)}`])
  if (rates.spreadPercent !== null) entries.push([l.rates.spread, rate(rates.spreadPercent)])
  const blocks: EsisBlock[] = [rows(...entries), text(l.rates.taegNote)]
  if (loan.rateType !== 'fixed') blocks.push(text(l.rates.constantIndexNote))
  blocks.push({ kind: 'subheading', text: l.rates.oneOffCosts })
  blocks.push(costs.oneOff.length === 0 ? text(l.rates.none) : rows(...costs.oneOff.map((c) => [c.label, money(c.amount)] as const)))
  blocks.push({ kind: 'subheading', text: l.rates.recurringCosts })
  blocks.push(costs.recurring.length === 0 ? text(l.rates.none) : rows(...costs.recurring.map((c) => [c.label, l.rates.perMonth(money(c.monthlyAmount))] as const)))
  return blocks
}

function optional(value: number | null, show: (v: number) => string, l: EsisLabels): string {
  return value === null ? l.notAvailable : show(value)
}

function frequency({ doc, l }: Context): EsisBlock[] {
  return [rows([l.payments.frequency, l.payments.frequencies[doc.payments.frequency]], [l.payments.numberOfPayments, String(doc.payments.numberOfPayments)])]
}

function instalments({ doc, l, money, rate }: Context): EsisBlock[] {
  const { payments, loan, rates } = doc
  const blocks: EsisBlock[] = []
  if (loan.rateType === 'mixed') {
    blocks.push(
      rows(
        [l.instalment.fixedPeriod(rates.fixedPeriodMonths ?? 0), money(payments.firstInstalment)],
        [l.instalment.afterFixedPeriod, optional(payments.instalmentAfterFixedPeriod, money, l)],
      ),
    )
  } else {
    blocks.push(rows([l.instalment.amount, money(payments.firstInstalment)]))
  }
  blocks.push(text(l.instalment.recurringCostsNote))
  if (loan.rateType === 'fixed') {
    blocks.push(text(l.instalment.fixedNote))
  } else {
    blocks.push(text(l.instalment.variableWarning, true))
  }
  if (doc.rateRise.length > 0) {
    blocks.push({ kind: 'subheading', text: l.instalment.rateRiseIntro })
    const lines = doc.rateRise.map((r) => [l.instalment.rateRiseRow(formatPoints(r.indexRisePoints, doc.language), rate(r.tanPercent)), money(r.instalment)] as const)
    blocks.push(rows(...lines))
  }
  blocks.push(text(l.instalment.incomeWarning))
  return blocks
}

function repaymentTable({ doc, l }: Context): EsisBlock[] {
  const blocks: EsisBlock[] = [text(l.table.intro)]
  if (doc.loan.rateType !== 'fixed') blocks.push(text(l.table.constantIndexNote))
  blocks.push({ kind: 'repayment-table' })
  return blocks
}

function obligations({ doc, l }: Context): EsisBlock[] {
  if (doc.bundledProducts.length === 0) return [text(l.obligations.none)]
  return [text(l.obligations.intro), { kind: 'list', items: doc.bundledProducts }, text(l.obligations.breachNote)]
}

function earlyRepayment({ doc, l }: Context): EsisBlock[] {
  const fee = formatPercent(doc.earlyRepaymentFeePercent, 2, doc.language)
  return [text(l.earlyRepayment.text), rows([l.earlyRepayment.fee, l.earlyRepayment.feeValue(fee)]), text(l.earlyRepayment.legalLimits)]
}

function additional({ doc, l }: Context): EsisBlock[] {
  const blocks = l.additional.paragraphs.map((p) => text(p))
  const refs: Array<readonly [string, string]> = []
  if (doc.references.simulationId) refs.push([l.additional.simulationId, doc.references.simulationId])
  if (doc.references.processNumber) refs.push([l.additional.processNumber, doc.references.processNumber])
  if (refs.length > 0) blocks.push(rows(...refs))
  return blocks
}

const NUMBERED: ReadonlyArray<(ctx: Context) => EsisBlock[]> = [
  lender,
  intermediary,
  mainFeatures,
  interestAndCosts,
  frequency,
  instalments,
  repaymentTable,
  obligations,
  earlyRepayment,
  ({ l }) => [text(l.flexibleFeatures)],
  ({ doc, l }) => [text(l.otherRights.reflection(doc.reflectionPeriodDays)), text(l.otherRights.draftContract)],
  ({ doc, l }) => l.complaints(doc.lender.name, doc.lender.website).map((p) => text(p)),
  ({ l }) => l.nonCompliance.map((p) => text(p)),
  additional,
  ({ l }) => l.supervisor.map((p) => text(p)),
]

/**
 * The introduction and sections 1-15 of the ESIS, as text blocks in the document's language.
 * @example buildEsisSections(doc)[4].heading // "4. Interest rate and other costs"
 */
export function buildEsisSections(doc: EsisDocument): EsisSection[] {
  const l = esisLabels(doc.language)
  const ctx: Context = {
    doc,
    l,
    money: (value) => formatMoney(value, doc.language),
    rate: (value, decimals = RATE_DECIMALS) => formatPercent(value, decimals, doc.language),
  }
  const numbered = NUMBERED.map((build, i) => ({
    heading: `${i + 1}. ${l.sectionTitles[i] ?? ''}`,
    blocks: build(ctx),
  }))
  return [{ heading: l.intro.title, blocks: intro(ctx) }, ...numbered]
}
