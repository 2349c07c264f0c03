import type { Problem } from '../../../common/api-error.ts'
import { lenient } from '../../../common/lenient-schema.ts'
import { invalidCombination, missing, outOfRange, text, unknownReference } from '../../../common/problems.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import { PropertyUpdateRequestSchema, SUSTAINABLE_ENERGY_CLASSES } from './property.schemas.ts'

const LENIENT = lenient(PropertyUpdateRequestSchema)

const LEVELS = [
  { field: 'districtId', list: 'districts', parentField: null },
  { field: 'countyId', list: 'counties', parentField: 'districtId' },
  { field: 'parishId', list: 'parishes', parentField: 'countyId' },
] as const

/**
 * A location names the levels above it (docs/design.md "Taxonomy list names"): a patch that sets a parish or
 * a county and not the levels above gets them from the reference lists, so a property moved to
 * Lisboa (county 1106) is in district 11 without the client sending it. A level the patch sends
 * itself stays as sent (and a contradiction is refused by the rules below).
 */
export function withDerivedLocation(patch: Record<string, unknown>, taxonomy: TaxonomyCatalog): Record<string, unknown> {
  const derived = { ...patch }
  for (let i = LEVELS.length - 1; i > 0; i--) {
    const level = LEVELS[i]!
    const id = derived[level.field]
    if (typeof id !== 'number' || level.parentField === null || derived[level.parentField] !== undefined) continue
    const parentId = taxonomy.get(level.list, id)?.parentId
    if (parentId != null) derived[level.parentField] = parentId
  }
  return derived
}

/**
 * The property's own rules: ids in their lists, the location hierarchy of the reference lists
 * (county in the district, parish in the county), the Portuguese postal code, a construction year
 * not in the future, and the sustainability campaign only for energy classes A+, A and B. The
 * property is read through its schema leniently (a value of the wrong type is the schema's problem).
 */
export function propertyRuleProblems(raw: Record<string, unknown>, taxonomy: TaxonomyCatalog, today: string): Problem[] {
  const problems: Problem[] = []
  const p = LENIENT.parse(raw)
  const typology = p.typologyId
  if (typology != null && !taxonomy.has('property-typologies', typology)) problems.push(unknownReference('typologyId', typology, 'property-typologies'))
  for (const level of LEVELS) {
    const id = p[level.field]
    if (id == null) continue
    const item = taxonomy.get(level.list, id)
    if (!item) {
      problems.push(unknownReference(level.field, id, level.list))
      continue
    }
    if (!level.parentField) continue
    const parentId = p[level.parentField]
    if (raw[level.parentField] === undefined) problems.push(missing(level.parentField))
    else if (parentId != null && item.parentId !== parentId) {
      const parent = level.parentField === 'districtId' ? ['distrito', 'district'] : ['concelho', 'county']
      problems.push(
        invalidCombination(
          level.field,
          text(`${item.description['pt-PT']} (${id}) não pertence ao ${parent[0]} ${parentId}.`, `${item.description.en} (${id}) is not in ${parent[1]} ${parentId}.`),
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
    problems.push(
      invalidCombination(
        'sustainabilityCampaign',
        text('a campanha de sustentabilidade exige a classe energética A+, A ou B.', 'the sustainability campaign requires energy class A+, A or B.'),
      ),
    )
  }
  return problems
}
