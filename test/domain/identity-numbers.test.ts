import { describe, expect, it } from 'vitest'
import {
  citizenCardCheckDigit,
  generateCitizenCard,
  generateIndividualNif,
  generateNiss,
  isIndividualNif,
  isValidCitizenCardNumber,
  isValidNif,
  isValidNiss,
  nifCheckDigit,
  nissCheckDigit,
} from '../../src/domain/identity-numbers.ts'

describe('NIF check digit (mod 11, weights 9..2)', () => {
  it.each([
    ['12345678', 9],
    ['50000000', 0], // rest 1 → 0
    ['25197310', 7],
    ['45123456', 1],
  ])('of %s is %i', (first8, digit) => {
    expect(nifCheckDigit(first8)).toBe(digit)
  })

  it.each([
    ['123456789', true],
    ['500000000', true],
    ['251973107', true],
    ['123456780', false], // wrong check digit
    ['12345678', false], // 8 digits
    ['1234567890', false], // 10 digits
    ['12345678a', false],
    ['', false],
  ])('isValidNif(%j) is %s', (nif, valid) => {
    expect(isValidNif(nif)).toBe(valid)
  })

  it.each([
    ['123456789', true],
    ['251973107', true],
    ['451234561', true], // non-resident person
    ['500000000', false], // a company
    ['123456780', false], // bad check digit
  ])('isIndividualNif(%j) is %s', (nif, valid) => {
    expect(isIndividualNif(nif)).toBe(valid)
  })

  it('refuses to compute over anything but 8 digits', () => {
    expect(() => nifCheckDigit('1234567')).toThrow(RangeError)
  })
})

describe('NISS check digit (9 − Σ dᵢ·wᵢ mod 10, weights 29..2)', () => {
  it.each([
    ['1200000000', 4],
    ['1123456789', 2],
    ['2000000000', 1],
    ['1987654321', 8],
  ])('of %s is %i', (first10, digit) => {
    expect(nissCheckDigit(first10)).toBe(digit)
  })

  it.each([
    ['12000000004', true],
    ['11234567892', true],
    ['19876543218', true],
    ['20000000001', true],
    ['12000000005', false], // wrong check digit
    ['32000000004', false], // neither a person (1) nor an employer (2)
    ['1200000000', false], // 10 digits
    ['120000000041', false], // 12 digits
    ['1200000000x', false],
  ])('isValidNiss(%j) is %s', (niss, valid) => {
    expect(isValidNiss(niss)).toBe(valid)
  })
})

describe('Cartão de Cidadão document number (mod 10, letters A=10..Z=35)', () => {
  it.each([
    ['12345678', '3ZZ4', true],
    ['12345678', '3zz4', true],
    ['12345678', '3 ZZ 4', true],
    ['12345678', '0ZZ0', true],
    ['12345678', '3ZZ5', false],
    ['12345678', 'ZZ4', false],
    ['1234567', '3ZZ4', false],
  ])('%s %s is %s', (civil, suffix, valid) => {
    expect(isValidCitizenCardNumber(civil, suffix)).toBe(valid)
  })
})

describe('the generators, whose check digits come from the same functions as the validators', () => {
  /** A source that walks [0, 1) evenly: every digit at every position, without chance. */
  const sweep = (step: number) => {
    let at = 0
    return () => (at = (at + step) % 1)
  }

  it('derives the citizen card check digit the validator expects', () => {
    expect(citizenCardCheckDigit('123456783ZZ')).toBe(4)
    expect(() => citizenCardCheckDigit('12345678ZZ')).toThrow(RangeError)
  })

  it('makes 2,000 NIFs of resident persons, NISS of persons and citizen card numbers, every one valid', () => {
    const random = sweep(0.3819660113)
    const made = Array.from({ length: 2000 }, () => ({ nif: generateIndividualNif(random), niss: generateNiss(random), card: generateCitizenCard(random) }))
    const invalid = made.filter(
      ({ nif, niss, card }) =>
        !isIndividualNif(nif) || !/^[123]/.test(nif) || !isValidNiss(niss) || !niss.startsWith('1') || !isValidCitizenCardNumber(card.civilNumber, card.suffix),
    )
    expect(invalid).toEqual([])
  })

  it("writes the civil number's own check digit by the mod 11 of 9..2, and the version asked", () => {
    const { civilNumber, suffix } = generateCitizenCard(sweep(0.123), 'ZY')
    expect(suffix.slice(0, 3)).toBe(`${nifCheckDigit(civilNumber)}ZY`)
  })
})
