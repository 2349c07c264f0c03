import { describe, expect, it } from 'vitest'
import { formatDate, formatMoney, formatNumber, formatPercent, formatPoints, parseIsoDate } from '../../src/esis-pdf/format.ts'

const nb = (text: string): string => text.replace(/ /g, '\u00a0')

describe('formatMoney', () => {
  it.each([
    [843.21, '843,21 €', '€843.21'],
    [0, '0,00 €', '€0.00'],
    [1200, '1 200,00 €', '€1,200.00'],
    [321198.3, '321 198,30 €', '€321,198.30'],
    [1234567.891, '1 234 567,89 €', '€1,234,567.89'],
    [-843.21, '-843,21 €', '-€843.21'],
    [-0.001, '0,00 €', '€0.00'],
    [1.005, '1,01 €', '€1.01'],
  ])('formats %d as "%s" in pt-PT and "%s" in en', (value, pt, en) => {
    expect(formatMoney(value, 'pt-PT')).toBe(nb(pt))
    expect(formatMoney(value, 'en')).toBe(en)
  })

  it.each([0.5, 12.345, 843.21, 99_999.995, 200_000, 321_198.3, 1_000_000.01])('agrees with Intl for %d (en everywhere, pt-PT from five digits)', (value) => {
    expect(formatMoney(value, 'en')).toBe(new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(value))
    if (value >= 10_000 || value < 1000) {
      const intl = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR' }).format(value)
      expect(formatMoney(value, 'pt-PT')).toBe(intl)
    }
  })

  it('keeps every character inside WinAnsi (no narrow no-break space)', () => {
    expect(formatMoney(1_234_567.89, 'pt-PT')).not.toMatch(/\u202f/)
  })
})

describe('formatPercent and formatPoints', () => {
  it.each([
    [3, 3, '3,000%', '3.000%'],
    [3.54, 1, '3,5%', '3.5%'],
    [0.86, 3, '0,860%', '0.860%'],
    [80, 2, '80,00%', '80.00%'],
  ])('formats %d with %d decimals as "%s" / "%s"', (value, decimals, pt, en) => {
    expect(formatPercent(value, decimals, 'pt-PT')).toBe(pt)
    expect(formatPercent(value, decimals, 'en')).toBe(en)
  })

  it('signs a rate rise in percentage points', () => {
    expect(formatPoints(1, 'pt-PT')).toBe(nb('+1,00 p.p.'))
    expect(formatPoints(2, 'en')).toBe(nb('+2.00 pp'))
    expect(formatNumber(-1.5, 1, 'en')).toBe('-1.5')
  })
})

describe('dates', () => {
  it('formats a calendar date per language', () => {
    expect(formatDate('2026-01-15', 'pt-PT')).toBe('15/01/2026')
    expect(formatDate('2026-01-15', 'en')).toBe('15 January 2026')
  })

  it('parses to midnight UTC', () => {
    expect(parseIsoDate('2026-01-15').toISOString()).toBe('2026-01-15T00:00:00.000Z')
  })

  it.each(['2026-02-30', '15/01/2026', '2026-1-5', ''])('rejects "%s"', (text) => {
    expect(() => parseIsoDate(text)).toThrow(RangeError)
  })
})
