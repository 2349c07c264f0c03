import { describe, expect, it } from 'vitest'
import { esisLabels } from '../../src/esis-pdf/esis-labels.ts'

/** Unicode code points that WinAnsiEncoding maps into 0x80-0x9F (pdfkit's WIN_ANSI_MAP). */
const WIN_ANSI_EXTRA = new Set([
  402, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226, 8230, 8364, 8240, 8249, 8250, 710, 8482, 338, 339, 732, 352, 353, 376, 381, 382,
])
const isWinAnsi = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0
  return (code >= 32 && code < 127) || (code >= 160 && code <= 255) || WIN_ANSI_EXTRA.has(code)
}

/** Every text of a labels object, calling text functions with sample arguments. */
function allTexts(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (typeof value === 'function') return allTexts((value as (...args: unknown[]) => unknown)(7, 'X', 'Y'))
  if (Array.isArray(value)) return value.flatMap(allTexts)
  if (value && typeof value === 'object') return Object.values(value).flatMap(allTexts)
  return []
}

describe('esisLabels', () => {
  it('names the 15 sections in English as docs/domain.md lists them', () => {
    expect(esisLabels('en').sectionTitles).toEqual([
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
    ])
  })

  it('names the pt-PT document FINE and has 15 distinct section titles', () => {
    const pt = esisLabels('pt-PT')
    expect(pt.documentTitle).toBe('Ficha de Informação Normalizada Europeia (FINE)')
    expect(new Set(pt.sectionTitles).size).toBe(15)
  })

  it.each(['pt-PT', 'en'] as const)('keeps every %s text inside WinAnsi, which the standard fonts can show', (lang) => {
    const bad = allTexts(esisLabels(lang)).flatMap((text) => [...text].filter((c) => !isWinAnsi(c)).map((c) => `${c} in "${text}"`))
    expect(bad).toEqual([])
  })

  it.each([
    ['pt-PT', 360, '360 meses (30 anos)'],
    ['pt-PT', 61, '61 meses (5 anos e 1 mês)'],
    ['en', 480, '480 months (40 years)'],
    ['en', 13, '13 months (1 year and 1 month)'],
  ] as const)('writes a %s duration of %d months as "%s"', (lang, months, expected) => {
    expect(esisLabels(lang).duration(months)).toBe(expected)
  })
})
