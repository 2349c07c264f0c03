import type { EsisLanguage } from './esis-document.ts'

/**
 * Number, money, percent and date formatting for the ESIS, per language.
 *
 * Hand-written rather than Intl so the bytes of the PDF never depend on the ICU version, and every
 * character stays inside WinAnsi (the encoding of the standard PDF fonts): ICU may emit U+202F,
 * which Helvetica cannot show. Output matches Intl for en; for pt-PT it matches Intl except that
 * four-digit amounts are grouped too ("1 200,00 €", Intl: "1200,00 €"), so a column of amounts
 * reads the same way throughout.
 */

/** No-break space: keeps "843,21 €" and "200 000" on one line; WinAnsi 0xA0. */
export const NBSP = '\u00a0'

const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const

interface NumberStyle {
  decimal: string
  group: string
}

const STYLES: Record<EsisLanguage, NumberStyle> = {
  'pt-PT': { decimal: ',', group: NBSP },
  en: { decimal: '.', group: ',' },
}

function groupDigits(integer: string, style: NumberStyle): string {
  if (integer.length <= 3) return integer
  let out = ''
  for (let end = integer.length; end > 0; end -= 3) {
    const part = integer.slice(Math.max(0, end - 3), end)
    out = out === '' ? part : part + style.group + out
  }
  return out
}

/**
 * |value| with `decimals` places, rounding half up on the number's shortest decimal text as Intl
 * does (1.005 → "1.01"; toFixed would give "1.00" from the binary value 1.00499…).
 */
function toFixedDecimal(value: number, decimals: number): string {
  const abs = Math.abs(value)
  const scaled = abs < 1e-9 ? 0 : Math.round(Number(`${abs}e${decimals}`))
  const text = String(scaled).padStart(decimals + 1, '0')
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`
}

/** Unsigned, grouped digits of |value| with `decimals` places. */
function digits(value: number, decimals: number, lang: EsisLanguage): string {
  const style = STYLES[lang]
  const [integer = '0', fraction] = toFixedDecimal(value, decimals).split('.')
  const grouped = groupDigits(integer, style)
  return fraction === undefined ? grouped : grouped + style.decimal + fraction
}

function isNegative(value: number, decimals: number): boolean {
  return value < 0 && Number(toFixedDecimal(value, decimals)) !== 0
}

/**
 * @example formatNumber(1234.5, 2, 'pt-PT') // "1 234,50" (no-break space)
 * @example formatNumber(200000, 0, 'en') // "200,000"
 */
export function formatNumber(value: number, decimals: number, lang: EsisLanguage): string {
  return (isNegative(value, decimals) ? '-' : '') + digits(value, decimals, lang)
}

/**
 * Euro amount with cents.
 * @example formatMoney(843.21, 'pt-PT') // "843,21 €" (no-break space)
 * @example formatMoney(843.21, 'en') // "€843.21"
 */
export function formatMoney(value: number, lang: EsisLanguage): string {
  const sign = isNegative(value, 2) ? '-' : ''
  const amount = digits(value, 2, lang)
  return lang === 'en' ? `${sign}€${amount}` : `${sign}${amount}${NBSP}€`
}

/**
 * A rate given in percent units (3 means 3%). No space before % in either language, as Portuguese
 * bank documents write "TAN 3,000%".
 * @example formatPercent(3.54, 1, 'pt-PT') // "3,5%"
 */
export function formatPercent(value: number, decimals: number, lang: EsisLanguage): string {
  return `${formatNumber(value, decimals, lang)}%`
}

/**
 * A change of rate in percentage points, always signed.
 * @example formatPoints(1, 'pt-PT') // "+1,00 p.p."
 */
export function formatPoints(value: number, lang: EsisLanguage): string {
  const sign = value < 0 ? '-' : '+'
  const unit = lang === 'en' ? 'pp' : 'p.p.'
  return `${sign}${digits(value, 2, lang)}${NBSP}${unit}`
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * Parses a calendar date "YYYY-MM-DD" to midnight UTC.
 * @throws RangeError when the text is not a real calendar date.
 */
export function parseIsoDate(text: string): Date {
  const match = ISO_DATE.exec(text)
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined
  if (!date || date.toISOString().slice(0, 10) !== text) {
    throw new RangeError(`not a calendar date (YYYY-MM-DD): ${JSON.stringify(text)}`)
  }
  return date
}

/**
 * @example formatDate('2026-01-15', 'pt-PT') // "15/01/2026"
 * @example formatDate('2026-01-15', 'en') // "15 January 2026"
 */
export function formatDate(isoDate: string, lang: EsisLanguage): string {
  const date = parseIsoDate(isoDate)
  const day = date.getUTCDate()
  const month = date.getUTCMonth()
  const year = date.getUTCFullYear()
  if (lang === 'en') return `${day} ${MONTHS_EN[month]} ${year}`
  return `${String(day).padStart(2, '0')}/${String(month + 1).padStart(2, '0')}/${year}`
}
