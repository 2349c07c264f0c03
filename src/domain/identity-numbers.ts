/**
 * Portuguese identity numbers and their check digits. Pure functions, no I/O.
 *
 * - NIF (número de identificação fiscal, Portaria 386/94 and the Autoridade Tributária's rule):
 *   9 digits; the last is the mod-11 check of the first eight with weights 9..2.
 * - NISS (número de identificação da Segurança Social): 11 digits; the last is
 *   9 − (Σ digitᵢ × weightᵢ mod 10) over the first ten, weights 29, 23, 19, 17, 13, 11, 7, 5, 3, 2.
 * - Cartão de Cidadão document number: 8-digit civil id number + check digit + 2-letter version
 *   + check digit (e.g. "12345678 0 ZZ4"), a Luhn-style mod-10 check where letters count A=10..Z=35.
 *   The civil number's own check digit is the old identity card's mod 11 (weights 9..2, as the NIF's).
 *
 * The generators below the validators derive every check digit with the same functions, so a
 * generated number is valid by construction and by the validators alike. They take the random
 * source (a function answering [0, 1)), so a seeded one gives the same numbers again.
 */

const NIF_WEIGHTS = [9, 8, 7, 6, 5, 4, 3, 2] as const
const NISS_WEIGHTS = [29, 23, 19, 17, 13, 11, 7, 5, 3, 2] as const

/**
 * The NIF check digit of its first eight digits.
 * @example nifCheckDigit('12345678') // 9
 */
export function nifCheckDigit(first8: string): number {
  if (!/^\d{8}$/.test(first8)) throw new RangeError(`expected 8 digits, got "${first8}"`)
  const sum = NIF_WEIGHTS.reduce((total, weight, i) => total + Number(first8[i]) * weight, 0)
  const rest = sum % 11
  return rest < 2 ? 0 : 11 - rest
}

/** 9 digits whose last one is the check digit. Says nothing about who the number belongs to. */
export function isValidNif(nif: string): boolean {
  return /^\d{9}$/.test(nif) && nifCheckDigit(nif.slice(0, 8)) === Number(nif[8])
}

/**
 * Prefixes the tax authority gives to natural persons: 1, 2 and 3 (residents) and 45 (non-residents).
 * Companies (5), public bodies (6), estates (70, 74, 75) and the like cannot borrow a mortgage as a person.
 */
export function isIndividualNif(nif: string): boolean {
  return isValidNif(nif) && /^([123]|45)/.test(nif)
}

/**
 * The NISS check digit of its first ten digits.
 * @example nissCheckDigit('1200000000') // 4
 */
export function nissCheckDigit(first10: string): number {
  if (!/^\d{10}$/.test(first10)) throw new RangeError(`expected 10 digits, got "${first10}"`)
  const sum = NISS_WEIGHTS.reduce((total, weight, i) => total + Number(first10[i]) * weight, 0)
  return 9 - (sum % 10)
}

/** 11 digits, starting with 1 (persons) or 2 (employers), the last one the check digit. */
export function isValidNiss(niss: string): boolean {
  return /^[12]\d{10}$/.test(niss) && nissCheckDigit(niss.slice(0, 10)) === Number(niss[10])
}

const charValue = (ch: string): number => {
  const code = ch.charCodeAt(0)
  if (code >= 48 && code <= 57) return code - 48
  return code - 55 // 'A' (65) → 10 … 'Z' (90) → 35
}

/** The Luhn-style sum of a citizen card number's characters, the last one counted as is. */
function citizenCardSum(full: string): number {
  let sum = 0
  for (let i = full.length - 1, second = false; i >= 0; i--, second = !second) {
    let value = charValue(full[i]!)
    if (second) {
      value *= 2
      if (value > 9) value -= 9
    }
    sum += value
  }
  return sum
}

/**
 * The last check digit of a Cartão de Cidadão number, from its first eleven characters (civil
 * number, its check digit, the two-letter version).
 * @example citizenCardCheckDigit('123456783ZZ') // 4
 */
export function citizenCardCheckDigit(first11: string): number {
  const upper = first11.toUpperCase()
  if (!/^\d{9}[A-Z0-9]{2}$/.test(upper)) throw new RangeError(`expected 9 digits and 2 letters or digits, got "${first11}"`)
  return (10 - (citizenCardSum(`${upper}0`) % 10)) % 10
}

/**
 * The full Cartão de Cidadão document number: civil id number (8 digits) and the suffix printed
 * after it (check digit, two-letter version, check digit), spaces ignored, letters in any case.
 * @example isValidCitizenCardNumber('12345678', '3ZZ4') // true
 */
export function isValidCitizenCardNumber(civilNumber: string, suffix: string): boolean {
  const full = `${civilNumber}${suffix}`.replace(/\s+/g, '').toUpperCase()
  return /^\d{9}[A-Z0-9]{2}\d$/.test(full) && citizenCardCheckDigit(full.slice(0, 11)) === Number(full[11])
}

/** A random source: a function answering a number in [0, 1), such as Math.random or a seeded one. */
export type RandomSource = () => number

const digits = (random: RandomSource, count: number): string => {
  let out = ''
  for (let i = 0; i < count; i++) out += String(Math.floor(random() * 10))
  return out
}

/** A NIF of a resident natural person: first digit 1, 2 or 3, its check digit by nifCheckDigit. */
export function generateIndividualNif(random: RandomSource): string {
  const first8 = String(1 + Math.floor(random() * 3)) + digits(random, 7)
  return first8 + String(nifCheckDigit(first8))
}

/** A NISS of a person: first digit 1, its check digit by nissCheckDigit. */
export function generateNiss(random: RandomSource): string {
  const first10 = `1${digits(random, 9)}`
  return first10 + String(nissCheckDigit(first10))
}

/**
 * A Cartão de Cidadão number: an 8-digit civil number and the suffix printed after it (the civil
 * number's check digit, the version, the last check digit by citizenCardCheckDigit).
 * @example generateCitizenCard(Math.random) // { civilNumber: '14839201', suffix: '7ZZ3' }
 */
export function generateCitizenCard(random: RandomSource, version = 'ZZ'): { civilNumber: string; suffix: string } {
  const civilNumber = String(1 + Math.floor(random() * 9)) + digits(random, 7)
  const first11 = `${civilNumber}${nifCheckDigit(civilNumber)}${version}`
  return { civilNumber, suffix: `${first11.slice(8)}${citizenCardCheckDigit(first11)}` }
}
