import { withoutNulls } from '../../../common/answer-fields.ts'
import type { Lang } from '../../../common/language.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import type { PropertyRecord } from './property.repository.ts'
import type { PropertyResponse } from './property.schemas.ts'

export function toProperty(record: PropertyRecord, taxonomy: TaxonomyCatalog, lang: Lang): PropertyResponse {
  const p = record.data
  const describe = (list: string, id: number | undefined) => taxonomy.describe(list, id, lang)
  return withoutNulls({
    propertyUniqueId: record.propertyUniqueId,
    typologyId: p.typologyId,
    typologyDescription: describe('property-typologies', p.typologyId),
    districtId: p.districtId,
    districtDescription: describe('districts', p.districtId),
    countyId: p.countyId,
    countyDescription: describe('counties', p.countyId),
    parishId: p.parishId,
    parishDescription: describe('parishes', p.parishId),
    address: p.address,
    doorNumber: p.doorNumber,
    floor: p.floor,
    zipCode: p.zipCode,
    zipCodeLocal: p.zipCodeLocal,
    grossBuiltArea: p.grossBuiltArea,
    usefulArea: p.usefulArea,
    landArea: p.landArea,
    constructionYear: p.constructionYear,
    energyCertificateClass: p.energyCertificateClass,
    matrixArticle: p.matrixArticle,
    landRegistryNumber: p.landRegistryNumber,
    acquisitionAmount: p.acquisitionAmount,
    evaluationEstimatedAmount: p.evaluationEstimatedAmount,
    worksCost: p.worksCost,
    estimatedValueAfterWorks: p.estimatedValueAfterWorks,
    landValue: p.landValue,
    sustainabilityCampaign: p.sustainabilityCampaign ?? false,
  })
}
