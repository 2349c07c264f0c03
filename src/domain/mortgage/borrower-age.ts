interface CalendarDate {
  year: number
  month: number
  day: number
}

function parseDate(iso: string): CalendarDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${iso}`)
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
}

/** Whole months lived from `birthDate` to `at` (both YYYY-MM-DD); a month counts once its day is reached. */
export function ageInCompletedMonths(birthDate: string, at: string): number {
  const birth = parseDate(birthDate)
  const date = parseDate(at)
  const months = (date.year - birth.year) * 12 + (date.month - birth.month)
  const lastDayOfMonth = new Date(Date.UTC(date.year, date.month, 0)).getUTCDate()
  // Born on the 31st: the monthly anniversary of a shorter month is its last day.
  const anniversaryDay = Math.min(birth.day, lastDayOfMonth)
  return date.day >= anniversaryDay ? months : months - 1
}

/** Age in completed years on the date `at`. */
export function ageInYears(birthDate: string, at: string): number {
  return Math.floor(ageInCompletedMonths(birthDate, at) / 12)
}

/** The date `months` calendar months after `iso`, clamped to the last day of a shorter month. */
export function addMonths(iso: string, months: number): string {
  const { year, month, day } = parseDate(iso)
  const monthIndex = month - 1 + months
  const targetYear = year + Math.floor(monthIndex / 12)
  const targetMonth = ((monthIndex % 12) + 12) % 12
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate()
  const targetDay = Math.min(day, lastDay)
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth + 1).padStart(2, '0')}-${String(targetDay).padStart(2, '0')}`
}
