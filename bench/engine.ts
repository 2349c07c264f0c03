// Time per call of the mortgage engine (src/domain/mortgage), warm: quoteLoan and assessEligibility
// for fixed, variable and mixed loans of 360 and 480 months, and the ESIS repayment table when the
// engine offers it apart from the quote. Run: npx tsx bench/engine.ts [--quick]
import * as engine from '../src/domain/mortgage/index.ts'
import type { MortgageInput, RateSpec } from '../src/domain/mortgage/index.ts'

const quick = process.argv.includes('--quick')
const SAMPLES = quick ? 150 : 600
/** Each sample times a batch of calls lasting about this long, so the timer's resolution does not matter. */
const SAMPLE_TARGET_MS = 0.5

const RATES: Record<'fixed' | 'variable' | 'mixed', RateSpec> = {
  fixed: { type: 'fixed', baseRate: 2.15 },
  variable: { type: 'variable', indexRate: 2.14 },
  mixed: { type: 'mixed', baseRate: 2.65, fixedPeriodMonths: 60, indexRate: 2.15 },
}

function input(rate: RateSpec, durationMonths: number): MortgageInput {
  const borrower = (birthDate: string) => ({
    birthDate,
    income: { wagesPensions: 3_000, greenReceipts: 0, rents: 400, others: 0 },
    installments: { housingCredit: 0, personalCredit: 150, autoLeasingCredit: 0, creditCard: 0, bankOverdraft: 0, other: 0 },
  })
  return {
    loanAmount: 200_000,
    durationMonths,
    rate,
    schemeCode: 'GENERAL',
    ltvBasis: 'acquisition',
    youthCreditAllowedForPurpose: true,
    // Not an own home, so stamp duty on interest is part of every month's costs.
    ownPermanentHome: false,
    hasCrossSelling: true,
    sustainabilityCampaign: false,
    youthCredit: false,
    property: { acquisitionAmount: 250_000, evaluationEstimatedAmount: 260_000, worksCost: 0, estimatedValueAfterWorks: 0, landValue: 0 },
    borrowers: [borrower('1996-06-01'), borrower('1997-02-28')],
    asOf: '2026-01-15',
  }
}

let sink = 0

function measure(call: () => number): { median: number; p95: number } {
  // Warm up (lets the JIT optimise), then size the batch.
  let warmCalls = 0
  const warmStart = performance.now()
  while (performance.now() - warmStart < (quick ? 100 : 300) || warmCalls < 200) {
    sink += call()
    warmCalls += 1
  }
  const perCallMs = (performance.now() - warmStart) / warmCalls
  const batch = Math.max(1, Math.round(SAMPLE_TARGET_MS / perCallMs))
  const perCallUs: number[] = []
  for (let s = 0; s < SAMPLES; s++) {
    const start = performance.now()
    for (let b = 0; b < batch; b++) sink += call()
    perCallUs.push(((performance.now() - start) * 1000) / batch)
  }
  perCallUs.sort((a, b) => a - b)
  const at = (q: number) => perCallUs[Math.min(perCallUs.length - 1, Math.floor(q * perCallUs.length))] ?? NaN
  return { median: at(0.5), p95: at(0.95) }
}

// The engine before the change built the table inside quoteLoan; after it, the table has its own function.
const scheduleFor = (engine as Record<string, unknown>).repaymentScheduleFor as ((input: MortgageInput) => { length: number }[] & { length: number }) | undefined

const rows: string[][] = [['loan', 'function', 'median µs', 'p95 µs']]
for (const months of [360, 480]) {
  for (const type of ['fixed', 'variable', 'mixed'] as const) {
    const loan = input(RATES[type], months)
    const label = `${type} ${months}`
    const cases: [string, () => number][] = [
      ['quoteLoan', () => engine.quoteLoan(loan).taeg],
      ['assessEligibility', () => engine.assessEligibility(loan).stressedInstallment],
    ]
    if (scheduleFor) cases.push(['repaymentScheduleFor', () => scheduleFor(loan).length])
    for (const [name, call] of cases) {
      const { median, p95 } = measure(call)
      rows.push([label, name, median.toFixed(1), p95.toFixed(1)])
    }
  }
}

const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)))
for (const row of rows) console.log(row.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '))
console.log(`\n${SAMPLES} samples per line, node ${process.version}${sink === 42 ? '' : ''}`)
