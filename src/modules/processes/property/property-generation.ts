import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import type { PropertySimulator } from '../../loan/index.ts'
import type { SimulationProfile } from '../../simulations/index.ts'
import type { PropertyData } from './property.schemas.ts'

/**
 * The property a process starts with: what its simulation shows (Simulation Detail's typology,
 * district and built area) and the values the partner gave, nothing more. The county and the parish
 * are no simulation's: they are left for Property Update, and Submit lists them while missing, so no
 * location the partner never chose (a parish of another island than its postal code) is ever
 * submitted (docs/design.md "Lifecycles").
 */
export function propertyFromSimulation(
  profile: Pick<SimulationProfile, 'typologyId' | 'districtId' | 'grossBuiltArea'>,
  values: PropertySimulator,
  taxonomy: TaxonomyCatalog,
): PropertyData {
  const data: PropertyData = {
    typologyId: profile.typologyId,
    ...(taxonomy.has('districts', profile.districtId) ? { districtId: profile.districtId } : {}),
    ...(profile.grossBuiltArea ? { grossBuiltArea: profile.grossBuiltArea } : {}),
    sustainabilityCampaign: values.sustainabilityCampaign ?? false,
  }
  for (const key of ['acquisitionAmount', 'evaluationEstimatedAmount', 'worksCost', 'estimatedValueAfterWorks', 'landValue'] as const) {
    const value = values[key]
    if (value !== null && value !== undefined) data[key] = value
  }
  return data
}
