import { beforeAll, describe, expect, it } from 'vitest'
import type { EsisDocument, EsisLanguage } from '../../src/esis-pdf/esis-document.ts'
import { esisLabels } from '../../src/esis-pdf/esis-labels.ts'
import { formatMoney } from '../../src/esis-pdf/format.ts'
import { renderEsisPdf } from '../../src/esis-pdf/render-esis-pdf.ts'
import { buildEsisFixture } from './esis-fixture.ts'
import { extractPdfText, normalise, type PdfText } from './pdf-text.ts'

const LANGUAGES: readonly EsisLanguage[] = ['pt-PT', 'en']

const rendered = new Map<EsisLanguage, { doc: EsisDocument; pdf: Buffer; text: PdfText }>()

beforeAll(async () => {
  for (const language of LANGUAGES) {
    const doc = buildEsisFixture({ language })
    const pdf = await renderEsisPdf(doc)
    rendered.set(language, { doc, pdf, text: await extractPdfText(pdf) })
  }
})

const get = (language: EsisLanguage) => {
  const entry = rendered.get(language)
  if (!entry) throw new Error(`not rendered: ${language}`)
  return entry
}

/** A table row as extracted: cells on one baseline joined by spaces. */
const tableLine = (doc: EsisDocument, index: number): string => {
  const row = doc.repaymentTable.at(index)
  if (!row) throw new Error(`no row ${index}`)
  const money = (v: number) => formatMoney(v, doc.language)
  return normalise([row.period, money(row.instalment), money(row.interest), money(row.otherCosts), money(row.capital), money(row.outstanding)].join(' '))
}

describe('renderEsisPdf', () => {
  it('produces a PDF', () => {
    expect(get('pt-PT').pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })

  it.each(LANGUAGES)('shows the title and every section title in %s', (language) => {
    const { text } = get(language)
    const labels = esisLabels(language)
    expect(text.all).toContain(labels.documentTitle)
    expect(text.all).toContain(labels.intro.title)
    labels.sectionTitles.forEach((title, i) => expect(text.all).toContain(`${i + 1}. ${title}`))
  })

  it.each([
    ['pt-PT', '843,21 €', '3,5%', '321 198,30 €', '3,000%'],
    ['en', '€843.21', '3.5%', '€321,198.30', '3.000%'],
  ] as const)('shows the figures formatted for %s: instalment %s, TAEG %s, MTIC %s, TAN %s', (language, instalment, taeg, mtic, tan) => {
    const { all } = get(language).text
    expect(all).toContain(instalment)
    expect(all).toContain(`${taeg} `)
    expect(all).toContain(mtic)
    expect(all).toContain(tan)
  })

  it.each(LANGUAGES)('shows the first and last rows of the repayment table in %s', (language) => {
    const { doc, text } = get(language)
    const lines = text.pages.flat()
    expect(lines).toContain(tableLine(doc, 0))
    expect(lines).toContain(tableLine(doc, -1))
  })

  it('writes the first row of the table with the expected pt-PT figures', () => {
    expect(get('pt-PT').text.pages.flat()).toContain('1 843,21 € 500,00 € 43,00 € 343,21 € 199 656,79 €')
  })

  it.each(LANGUAGES)('marks every page as a sandbox document and numbers it in %s', (language) => {
    const { text } = get(language)
    const labels = esisLabels(language)
    text.pages.forEach((lines, i) => {
      expect(lines).toContain(normalise(labels.sandboxBanner))
      expect(lines.join(' ')).toContain(labels.pageOf(i + 1, text.pageCount))
    })
  })

  it('gives the same bytes for the same input', async () => {
    const doc = buildEsisFixture({ language: 'pt-PT' })
    const again = await renderEsisPdf(structuredClone(doc))
    expect(again.equals(get('pt-PT').pdf)).toBe(true)
  })

  it('dates the PDF with the issue date and writes its language', () => {
    const { info } = get('en').text
    expect(info['CreationDate']).toBe('D:20260115000000Z')
    expect(info['Language']).toBe('en')
  })

  it('rejects an issue date that is not a calendar date', async () => {
    await expect(renderEsisPdf({ ...buildEsisFixture(), issueDate: '2026-13-01' })).rejects.toThrow(RangeError)
  })

  it('says so when no credit intermediary is involved', async () => {
    const text = await extractPdfText(await renderEsisPdf(buildEsisFixture({ language: 'en', withIntermediary: false })))
    expect(text.all).toContain('2. Credit intermediary No credit intermediary is involved.')
  })
})

describe('renderEsisPdf with a 480-month mixed loan', () => {
  const doc = buildEsisFixture({ language: 'pt-PT', rateType: 'mixed', durationMonths: 480 })
  let text: PdfText

  beforeAll(async () => {
    text = await extractPdfText(await renderEsisPdf(doc))
  })

  it('pages the table over several pages, repeating its header on each', () => {
    const header = normalise(Object.values(esisLabels('pt-PT').table.columns).join(' '))
    const pagesWithHeader = text.pages.filter((lines) => lines.includes(header)).length
    expect(text.pageCount).toBeGreaterThanOrEqual(9)
    expect(pagesWithHeader).toBeGreaterThanOrEqual(8)
    expect(text.pages.flat()).toContain(tableLine(doc, 0))
    expect(text.pages.flat()).toContain(tableLine(doc, 479))
  })

  it('shows every period of the table exactly once', () => {
    const periods = text.pages
      .flat()
      .map((line) => /^(\d+) \S+ €/.exec(line)?.[1])
      .filter((p): p is string => p !== undefined)
      .map(Number)
    expect(periods).toEqual(Array.from({ length: 480 }, (_, i) => i + 1))
  })
})
