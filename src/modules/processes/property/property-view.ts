import type { Lang } from '../../../http/language.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import type { PropertyRecord } from './property.repository.ts'
import type { PropertyResponse } from './property.schemas.ts'

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value)

export function toProperty(record: PropertyRecord, taxonomy: TaxonomyCatalog, lang: Lang): PropertyResponse {
  const p = record.data
  const describe = (list: string, id: number | undefined) => taxonomy.describe(list, id, lang)
  return {
    propertyUniqueId: record.propertyUniqueId,
    typologyId: orNull(p.typologyId),
    typologyDescription: describe('property-typologies', p.typologyId),
    districtId: orNull(p.districtId),
    districtDescription: describe('districts', p.districtId),
    countyId: orNull(p.countyId),
    countyDescription: describe('counties', p.countyId),
    parishId: orNull(p.parishId),
    parishDescription: describe('parishes', p.parishId),
    address: orNull(p.address),
    doorNumber: orNull(p.doorNumber),
    floor: orNull(p.floor),
    zipCode: orNull(p.zipCode),
    zipCodeLocal: orNull(p.zipCodeLocal),
    grossBuiltArea: orNull(p.grossBuiltArea),
    usefulArea: orNull(p.usefulArea),
    landArea: orNull(p.landArea),
    constructionYear: orNull(p.constructionYear),
    energyCertificateClass: orNull(p.energyCertificateClass),
    matrixArticle: orNull(p.matrixArticle),
    landRegistryNumber: orNull(p.landRegistryNumber),
    acquisitionAmount: orNull(p.acquisitionAmount),
    evaluationEstimatedAmount: orNull(p.evaluationEstimatedAmount),
    worksCost: orNull(p.worksCost),
    estimatedValueAfterWorks: orNull(p.estimatedValueAfterWorks),
    landValue: orNull(p.landValue),
    sustainabilityCampaign: p.sustainabilityCampaign ?? false,
  }
}
