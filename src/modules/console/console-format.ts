import type { Lang } from '../../common/language.ts'

/**
 * How the console writes a value for a person: euros, percentages, durations and times in the
 * page's language (`200 000,00 €`, `2,99 %`, `360 meses (30 anos)`). The API's values stay as they
 * are in its answers; only the pages format them.
 */
const money = { 'pt-PT': new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR' }), en: new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }) }
const decimal = {
  'pt-PT': new Intl.NumberFormat('pt-PT', { minimumFractionDigits: 2, maximumFractionDigits: 3 }),
  en: new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 3 }),
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/** `200 000,00 €` (pt-PT), `€200,000.00` (en); anything not a number as it is. */
export const euros = (lang: Lang, value: unknown) => (isNumber(value) ? money[lang].format(value) : value == null ? '' : String(value))

/** A rate the API gives in percent (`2.99`): `2,99 %` (pt-PT), `2.99%` (en). */
export const percent = (lang: Lang, value: unknown) => (isNumber(value) ? `${decimal[lang].format(value)}${lang === 'en' ? '%' : ' %'}` : value == null ? '' : String(value))

/** `360 meses (30 anos)`, `18 months (1 year 6 months)`. */
export function months(lang: Lang, value: unknown): string {
  if (!isNumber(value)) return value == null ? '' : String(value)
  const word = (n: number, pt: [string, string], en: [string, string]) => `${n} ${(lang === 'en' ? en : pt)[n === 1 ? 0 : 1]}`
  const m = word(value, ['mês', 'meses'], ['month', 'months'])
  const years = Math.floor(value / 12)
  if (years === 0) return m
  const rest = value % 12
  const y = word(years, ['ano', 'anos'], ['year', 'years'])
  return `${m} (${rest === 0 ? y : `${y} ${word(rest, ['mês', 'meses'], ['month', 'months'])}`})`
}

/** What kind of value each figure the console shows is, by the API's field name. */
const KINDS: Record<string, 'money' | 'percent' | 'months'> = {
  loanAmount: 'money',
  monthlyInstallmentAmount: 'money',
  mtic: 'money',
  propertyValue: 'money',
  propertyAcquisitionValue: 'money',
  tan: 'percent',
  taeg: 'percent',
  loanToValue: 'percent',
  dsti: 'percent',
  loanDurationMonths: 'months',
}

/** A figure of the API written for a person: by its field's kind, or as it is. */
export function figure(lang: Lang, field: string, value: unknown): string {
  const kind = KINDS[field]
  if (kind === 'money') return euros(lang, value)
  if (kind === 'percent') return percent(lang, value)
  if (kind === 'months') return months(lang, value)
  if (typeof value === 'boolean') return lang === 'en' ? (value ? 'yes' : 'no') : value ? 'sim' : 'não'
  return value == null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** A time as `2026-11-26 09:49:50 UTC`: the API's times are UTC and the page says so. */
export const utcTime = (iso: string) => `${iso.replace('T', ' ').slice(0, 19)} UTC`
