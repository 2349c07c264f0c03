import { describe, expect, it } from 'vitest'
import { addMonths, ageInCompletedMonths, ageInYears } from '../../../src/domain/mortgage/borrower-age.ts'

describe('borrower age', () => {
  it.each([
    { birthDate: '1990-01-15', at: '2026-01-14', years: 35 },
    { birthDate: '1990-01-15', at: '2026-01-15', years: 36 },
    { birthDate: '2000-02-29', at: '2025-02-28', years: 25 },
    { birthDate: '2000-02-29', at: '2024-02-28', years: 23 },
  ])('born $birthDate is $years on $at', ({ birthDate, at, years }) => {
    expect(ageInYears(birthDate, at)).toBe(years)
  })

  it.each([
    { birthDate: '2000-01-31', at: '2000-02-29', months: 1 },
    { birthDate: '2000-01-31', at: '2000-02-28', months: 0 },
    { birthDate: '2000-01-15', at: '2001-01-14', months: 11 },
  ])('born $birthDate has lived $months whole months on $at', ({ birthDate, at, months }) => {
    expect(ageInCompletedMonths(birthDate, at)).toBe(months)
  })

  it.each([
    { date: '2026-01-15', months: 360, result: '2056-01-15' },
    { date: '2026-01-31', months: 1, result: '2026-02-28' },
    { date: '2024-01-31', months: 1, result: '2024-02-29' },
    { date: '2026-11-30', months: 3, result: '2027-02-28' },
  ])('$months months after $date is $result', ({ date, months, result }) => {
    expect(addMonths(date, months)).toBe(result)
  })

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => ageInYears('15/01/1990', '2026-01-15')).toThrow(RangeError)
  })
})
