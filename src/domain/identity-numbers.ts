/**
 * Portuguese identity numbers and their check digits. Pure functions, no I/O.
 *
 * - NIF (número de identificação fiscal, Portaria 386/94 and the Autoridade Tributária's rule):
 *   9 digits; the last is the mod-11 check of the first eight with weights 9..2.
 * - NISS (número de identificação da Segurança Social): 11 digits; the last is
 *   9 − (Σ digitᵢ × weightᵢ mod 10) over the first ten, weights 29, 23, 19, 17, 13, 11, 7, 5, 3, 2.
 * - Cartão de Cidadão document number: 8-digit civil id number + check digit + 2-letter version
 *   + check digit (e.g. "12345678 0 ZZ4"), a Luhn-style mod-10 check where letters count A=10..Z=35.
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

/**
 * The full Cartão de Cidadão document number: civil id number (8 digits) and the suffix printed
 * after it (check digit, two-letter version, check digit), spaces ignored, letters in any case.
 * @example isValidCitizenCardNumber('12345678', '3ZZ4') // true
 */
export function isValidCitizenCardNumber(civilNumber: string, suffix: string): boolean {
  const full = `${civilNumber}${suffix}`.replace(/\s+/g, '').toUpperCase()
  if (!/^\d{9}[A-Z0-9]{2}\d$/.test(full)) return false
  let sum = 0
  for (let i = full.length - 1, second = false; i >= 0; i--, second = !second) {
    let value = charValue(full[i]!)
    if (second) {
      value *= 2
      if (value > 9) value -= 9
    }
    sum += value
  }
  return sum % 10 === 0
}
