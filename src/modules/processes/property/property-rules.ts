import type { Problem } from '../../../http/api-error.ts'
import { invalidCombination, missing, outOfRange, text, unknownReference } from '../../../http/problems.ts'
import type { TaxonomyCatalog } from '../../taxonomy/taxonomy.catalog.ts'
import { SUSTAINABLE_ENERGY_CLASSES } from './property.schemas.ts'

type Group = Record<string, unknown>
const idAt = (g: Group, key: string) => (typeof g[key] === 'number' && Number.isInteger(g[key]) && (g[key] as number) > 0 ? (g[key] as number) : undefined)

const LEVELS = [
  { field: 'districtId', list: 'districts', parentField: null },
  { field: 'countyId', list: 'counties', parentField: 'districtId' },
  { field: 'parishId', list: 'parishes', parentField: 'countyId' },
] as const

/**
 * The property's own rules: ids in their lists, the location hierarchy of the reference lists
 * (county in the district, parish in the county), the Portuguese postal code, a construction year
 * not in the future, and the sustainability campaign only for energy classes A+, A and B.
 */
export function propertyRuleProblems(p: Group, taxonomy: TaxonomyCatalog, today: string): Problem[] {
  const problems: Problem[] = []
  const typology = idAt(p, 'typologyId')
  if (typology !== undefined && !taxonomy.has('property-typologies', typology)) problems.push(unknownReference('typologyId', typology, 'property-typologies'))
  for (const level of LEVELS) {
    const id = idAt(p, level.field)
    if (id === undefined) continue
    const item = taxonomy.get(level.list, id)
    if (!item) {
      problems.push(unknownReference(level.field, id, level.list))
      continue
    }
    if (!level.parentField) continue
    const parentId = idAt(p, level.parentField)
    if (p[level.parentField] === undefined) problems.push(missing(level.parentField))
    else if (parentId !== undefined && item.parentId !== parentId) {
      const parent = level.parentField === 'districtId' ? ['distrito', 'district'] : ['concelho', 'county']
      problems.push(
        invalidCombination(
          level.field,
          text(
            `${item.description['pt-PT']} (${id}) não pertence ao ${parent[0]} ${parentId}.`,
            `${item.description.en} (${id}) is not in ${parent[1]} ${parentId}.`,
          ),
        ),
      )
    }
  }
  if (typeof p.zipCode === 'string' && !/^\d{4}-\d{3}$/.test(p.zipCode.trim())) {
    problems.push({ key: 'INVALID_FORMAT', field: 'zipCode', params: { format: 'Portuguese postal code NNNN-NNN' } })
  }
  const year = Number(today.slice(0, 4))
  if (typeof p.constructionYear === 'number' && p.constructionYear > year) problems.push(outOfRange('constructionYear', `<= ${year}`))
  if (p.sustainabilityCampaign === true && typeof p.energyCertificateClass === 'string' && !SUSTAINABLE_ENERGY_CLASSES.has(p.energyCertificateClass)) {
    problems.push(invalidCombination('sustainabilityCampaign', text('a campanha de sustentabilidade exige a classe energética A+, A ou B.', 'the sustainability campaign requires energy class A+, A or B.')))
  }
  return problems
}
