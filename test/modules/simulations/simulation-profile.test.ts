import { beforeAll, describe, expect, it } from 'vitest'
import type { TaxonomyCatalog } from '../../../src/modules/taxonomy/taxonomy.catalog.ts'
import { createTestSandbox } from '../../support/test-app.ts'
import { isValidNif, nifCheckDigit } from '../../../src/domain/identity-numbers.ts'
import { generateProfile } from '../../../src/modules/simulations/simulation-profile.ts'
import { simulationInput } from './simulation-fixtures.ts'

let taxonomy: TaxonomyCatalog
beforeAll(async () => {
  taxonomy = (await createTestSandbox()).services.taxonomy
})

describe('NIF check digit', () => {
  it.each([
    ['12345678', 9],
    ['50000000', 0],
    ['20000000', 4],
  ])('of %s is %i', (first8, digit) => {
    expect(nifCheckDigit(first8)).toBe(digit)
  })

  it.each([
    ['123456789', true],
    ['123456780', false],
    ['12345678', false],
  ])('validates %s as %s', (nif, valid) => {
    expect(isValidNif(nif)).toBe(valid)
  })
})

describe('generateProfile', () => {
  const ids = Array.from({ length: 50 }, (_, n) => `${n.toString(16).padStart(8, '0')}-1111-4222-8333-444455556666`)

  it('is the same for the same simulation id', () => {
    expect(generateProfile(ids[1]!, simulationInput(), taxonomy)).toEqual(generateProfile(ids[1]!, simulationInput(), taxonomy))
  })

  it('keeps the tax ids of a simulation whatever its input', () => {
    const a = generateProfile(ids[2]!, simulationInput(), taxonomy)
    const b = generateProfile(ids[2]!, simulationInput({ loanSimulator: { loanPurposeId: 3, productPurposeId: 2 } }), taxonomy)
    expect([b.keyBorrowerTaxId, b.borrowerTaxId]).toEqual([a.keyBorrowerTaxId, a.borrowerTaxId])
  })

  it('gives valid individual NIFs, list ids and areas within the typology range', () => {
    const profiles = ids.map((id) => generateProfile(id, simulationInput(), taxonomy))
    for (const p of profiles) {
      expect(isValidNif(p.keyBorrowerTaxId) && isValidNif(p.borrowerTaxId)).toBe(true)
      expect(p.keyBorrowerTaxId).toMatch(/^[12]/)
      expect(taxonomy.has('employment-contract-types', p.keyBorrowerContractTypeID)).toBe(true)
      expect(taxonomy.has('districts', p.districtId)).toBe(true)
      expect(['apartment', 'house']).toContain(taxonomy.get('property-typologies', p.typologyId)?.attributes.category)
      expect(p.grossBuiltArea).toBeGreaterThanOrEqual(28)
      expect(p.grossBuiltArea).toBeLessThanOrEqual(320)
    }
    expect(new Set(profiles.map((p) => p.keyBorrowerTaxId)).size).toBe(ids.length)
    expect(new Set(profiles.map((p) => p.districtId)).size).toBeGreaterThan(3)
  })

  it('gives a house for construction and mixed use for a commercial purpose', () => {
    const construction = generateProfile(ids[3]!, simulationInput({ loanSimulator: { loanPurposeId: 2 } }), taxonomy)
    expect(taxonomy.get('property-typologies', construction.typologyId)?.attributes.category).toBe('house')
    const commercial = generateProfile(ids[3]!, simulationInput({ loanSimulator: { productPurposeId: 4 } }), taxonomy)
    expect(taxonomy.get('property-typologies', commercial.typologyId)?.code).toBe('MIXED_USE_BUILDING')
  })
})
