import type { Faker, Randomizer } from '@faker-js/faker'
// The base locale's entry point, not the package root: the root loads every locale (150 ms of a
// start); the Faker class is taken from its instance.
import { faker as baseFaker } from '@faker-js/faker/locale/base'
import { nifCheckDigit } from '../../domain/identity-numbers.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import type { SimulationInput } from './simulation-input.schemas.ts'

/**
 * The detail fields the simulation input does not carry (the bank would know them from its own
 * records): generated, realistic and deterministic, from a faker seeded with the simulation id, so
 * the detail and the list always agree and a repeated read gives the same values. Tax ids are valid
 * Portuguese NIFs of individuals; ids come from the seeded reference lists. Social security debt is
 * always false: a debt is checked in the process, not in a simulation.
 */
export interface SimulationProfile {
  keyBorrowerTaxId: string
  keyBorrowerContractTypeID: number
  keyBorrowerHasSocialSecurityDebt: boolean
  /** Generated for every simulation; shown only with a second borrower. */
  borrowerTaxId: string
  borrowerContractTypeID: number
  borrowerHasSocialSecurityDebt: boolean
  borrowersDependentsNumber: number
  typologyId: number
  districtId: number
  /** m²; null for land. */
  grossBuiltArea: number | null
}

/**
 * sfc32 (Chris Doty-Humphrey's small fast counter), seeded with the 128 bits of the simulation id:
 * faker's default Mersenne Twister costs more to seed than the whole rest of a Create.
 */
function sfc32Randomizer(): Randomizer {
  let a = 0
  let b = 0
  let c = 0
  let d = 1
  const next = () => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
  return {
    next,
    seed(seed: number | number[]) {
      const words = Array.isArray(seed) ? seed : [seed]
      ;[a = 0, b = 0, c = 0] = words
      d = words[3] ?? 1
      for (let i = 0; i < 15; i++) next()
    },
  }
}

const FakerClass = baseFaker.constructor as typeof Faker
const faker = new FakerClass({ locale: baseFaker.rawDefinitions, randomizer: sfc32Randomizer() })

function nif(): string {
  const first8 = String(faker.number.int({ min: 1, max: 2 })) + String(faker.number.int({ min: 0, max: 9_999_999 })).padStart(7, '0')
  return first8 + String(nifCheckDigit(first8))
}

function seedOf(simulationUniqueId: string): number[] {
  const hex = simulationUniqueId.replace(/-/g, '')
  return [0, 8, 16, 24].map((at) => Number.parseInt(hex.slice(at, at + 8), 16) >>> 0)
}

/** Built area in m² by typology code: typical Portuguese ranges. */
const AREA_BY_TYPOLOGY: Record<string, [number, number]> = {
  T0: [28, 45],
  T1: [45, 70],
  T2: [70, 105],
  T3: [95, 140],
  T4: [125, 180],
  T5_PLUS: [160, 260],
  DETACHED_HOUSE: [140, 320],
  SEMI_DETACHED_HOUSE: [120, 240],
  TERRACED_HOUSE: [100, 200],
  MIXED_USE_BUILDING: [220, 650],
}

const DEPENDENTS = [
  { weight: 40, value: 0 },
  { weight: 30, value: 1 },
  { weight: 22, value: 2 },
  { weight: 8, value: 3 },
]

const HOME_CATEGORIES = [
  { weight: 7, value: 'apartment' },
  { weight: 3, value: 'house' },
]

/** The typology category that suits the purposes: land for a land purchase, a house to build… */
function typologyCategory(input: SimulationInput, taxonomy: TaxonomyCatalog): string {
  const purpose = taxonomy.get('loan-purposes', input.loanSimulator.loanPurposeId)?.code
  const product = taxonomy.get('product-purposes', input.loanSimulator.productPurposeId)?.code
  if (purpose === 'LAND_ACQUISITION') return 'land'
  if (product === 'COMMERCIAL_MIXED_USE') return 'mixed'
  if (purpose === 'CONSTRUCTION') return 'house'
  return faker.helpers.weightedArrayElement(HOME_CATEGORIES)
}

const DISTRICT_WEIGHTS: Record<string, number> = { '11': 30, '13': 22, '15': 10, '03': 8, '01': 7, '08': 6, '10': 5, '06': 4 }

interface Choices {
  contracts: Array<{ weight: number; value: number }>
  districts: Array<{ weight: number; value: number }>
  typologies: Map<string, Array<{ id: number; code: string | null }>>
}

const choicesCache = new WeakMap<TaxonomyCatalog, Choices>()

/** The weighted reference-list choices, computed once per catalogue. */
function choicesOf(taxonomy: TaxonomyCatalog): Choices {
  let choices = choicesCache.get(taxonomy)
  if (!choices) {
    const typologies = new Map<string, Array<{ id: number; code: string | null }>>()
    for (const item of taxonomy.items('property-typologies')) {
      const category = item.attributes.category as string
      typologies.set(category, [...(typologies.get(category) ?? []), { id: item.id, code: item.code }])
    }
    choices = {
      contracts: taxonomy.items('employment-contract-types').map((item) => ({ weight: item.code === 'PERMANENT' ? 14 : 1, value: item.id })),
      districts: taxonomy.items('districts').map((item) => ({ weight: DISTRICT_WEIGHTS[item.code ?? ''] ?? 1, value: item.id })),
      typologies,
    }
    choicesCache.set(taxonomy, choices)
  }
  return choices
}

export function generateProfile(simulationUniqueId: string, input: SimulationInput, taxonomy: TaxonomyCatalog): SimulationProfile {
  const choices = choicesOf(taxonomy)
  faker.seed(seedOf(simulationUniqueId))
  // Draws that must not change when the simulation is updated come first, in a fixed order.
  const keyBorrowerTaxId = nif()
  const borrowerTaxId = nif()
  const keyBorrowerContractTypeID = faker.helpers.weightedArrayElement(choices.contracts)
  const borrowerContractTypeID = faker.helpers.weightedArrayElement(choices.contracts)
  const borrowersDependentsNumber = faker.helpers.weightedArrayElement(DEPENDENTS)
  const districtId = faker.helpers.weightedArrayElement(choices.districts)
  const typology = faker.helpers.arrayElement(choices.typologies.get(typologyCategory(input, taxonomy)) ?? [])
  const range = AREA_BY_TYPOLOGY[typology.code ?? '']
  return {
    keyBorrowerTaxId,
    keyBorrowerContractTypeID,
    keyBorrowerHasSocialSecurityDebt: false,
    borrowerTaxId,
    borrowerContractTypeID,
    borrowerHasSocialSecurityDebt: false,
    borrowersDependentsNumber,
    typologyId: typology.id,
    districtId,
    grossBuiltArea: range ? faker.number.int({ min: range[0], max: range[1] }) : null,
  }
}
