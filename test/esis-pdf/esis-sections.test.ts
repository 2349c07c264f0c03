import { describe, expect, it } from 'vitest'
import { buildEsisSections, type EsisBlock, type EsisSection } from '../../src/esis-pdf/esis-sections.ts'
import { buildEsisFixture } from './esis-fixture.ts'

const textOf = (section: EsisSection | undefined): string =>
  (section?.blocks ?? [])
    .map((b: EsisBlock) => {
      if (b.kind === 'rows') return b.rows.map((r) => r.join(': ')).join('\n')
      if (b.kind === 'list') return b.items.join('\n')
      if (b.kind === 'repayment-table') return '[table]'
      return b.text
    })
    .join('\n')
    .replace(/\u00a0/g, ' ')

describe('buildEsisSections', () => {
  it('starts with the introduction, then numbers sections 1 to 15', () => {
    const headings = buildEsisSections(buildEsisFixture({ language: 'en' })).map((s) => s.heading)
    expect(headings[0]).toBe('Introduction')
    expect(headings.slice(1).map((h) => h.split('.')[0])).toEqual(Array.from({ length: 15 }, (_, i) => String(i + 1)))
  })

  it('says no intermediary is involved when there is none', () => {
    const sections = buildEsisSections(buildEsisFixture({ language: 'en', withIntermediary: false }))
    expect(textOf(sections[2])).toBe('No credit intermediary is involved.')
  })

  it('shows both rates and both instalments of a mixed loan', () => {
    const sections = buildEsisSections(buildEsisFixture({ language: 'en', rateType: 'mixed', durationMonths: 480 }))
    expect(textOf(sections[4])).toContain('Borrowing rate (TAN) for the first 60 months (fixed): 3.500%')
    expect(textOf(sections[4])).toContain('Borrowing rate (TAN) after the fixed period: 3.000%')
    expect(textOf(sections[6])).toMatch(/Instalment for the first 60 months \(fixed rate\): €774\.78/)
    expect(textOf(sections[6])).toMatch(/Instalment after the fixed period: €\d/)
  })

  it('illustrates a rate rise for a variable loan and not for a fixed one', () => {
    const variable = textOf(buildEsisSections(buildEsisFixture({ language: 'pt-PT' }))[6])
    expect(variable).toContain('Indexante +1,00 p.p. (TAN 4,000%): 954,83 €')
    expect(variable).toContain('Indexante +2,00 p.p. (TAN 5,000%): 1 073,64 €')
    const fixed = textOf(buildEsisSections(buildEsisFixture({ language: 'pt-PT', rateType: 'fixed' }))[6])
    expect(fixed).not.toContain('Indexante')
    expect(fixed).toContain('A taxa de juro é fixa durante todo o prazo')
  })

  it('lists the bundled products and the early repayment fee', () => {
    const sections = buildEsisSections(buildEsisFixture({ language: 'en', rateType: 'fixed' }))
    expect(textOf(sections[8])).toContain('Life insurance taken out with the lender')
    expect(textOf(sections[9])).toContain('Early repayment fee: 2.00% of the capital repaid')
  })

  it('gives the reflection period and the references', () => {
    const sections = buildEsisSections(buildEsisFixture({ language: 'pt-PT' }))
    expect(textOf(sections[11])).toContain('período de reflexão de 7 dias')
    expect(textOf(sections[14])).toContain('Referência da simulação: SIM-2026-000123')
    expect(textOf(sections[14])).toContain('Número do processo: PRC-2026-004567')
  })
})
