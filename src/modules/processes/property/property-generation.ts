import type { TaxonomyCatalog, TaxonomyItem } from '../../taxonomy/index.ts'
import type { PropertySimulator } from '../../loan/index.ts'
import type { SimulationProfile } from '../../simulations/index.ts'
import type { PropertyData } from './property.schemas.ts'

/** A small deterministic generator (mulberry32) seeded with a uuid: the same process always draws the same. */
function randomFrom(uuid: string): () => number {
  let state = Number.parseInt(uuid.replace(/-/g, '').slice(0, 8), 16) >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const pick = <T>(items: readonly T[], random: () => number): T | undefined => items[Math.floor(random() * items.length)]

/**
 * The property a process starts with: the simulation's typology, district, built area and values,
 * with a county of that district and a parish of that county drawn from the reference lists (the
 * simulation knows only the district). Address and registry data are left for Property Update.
 */
export function propertyFromSimulation(
  processUniqueId: string,
  profile: Pick<SimulationProfile, 'typologyId' | 'districtId' | 'grossBuiltArea'>,
  values: PropertySimulator,
  taxonomy: TaxonomyCatalog,
): PropertyData {
  const random = randomFrom(processUniqueId)
  const districtId = taxonomy.has('districts', profile.districtId) ? profile.districtId : pick(taxonomy.items('districts'), random)!.id
  const county: TaxonomyItem | undefined = pick(taxonomy.childrenOf('counties', districtId), random)
  const parish = county ? pick(taxonomy.childrenOf('parishes', county.id), random) : undefined
  const data: PropertyData = {
    typologyId: profile.typologyId,
    districtId,
    ...(county ? { countyId: county.id } : {}),
    ...(parish ? { parishId: parish.id } : {}),
    ...(profile.grossBuiltArea ? { grossBuiltArea: profile.grossBuiltArea } : {}),
    sustainabilityCampaign: values.sustainabilityCampaign ?? false,
  }
  for (const key of ['acquisitionAmount', 'evaluationEstimatedAmount', 'worksCost', 'estimatedValueAfterWorks', 'landValue'] as const) {
    const value = values[key]
    if (value !== null && value !== undefined) data[key] = value
  }
  return data
}
