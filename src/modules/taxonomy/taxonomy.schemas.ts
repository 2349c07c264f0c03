import { z } from '@hono/zod-openapi'

/**
 * The 46 reference lists of the interface document (docs/design.md "Taxonomy list names"): one entry
 * per list with the fields it adds to `{ id, code, description }`. The same shape validates the
 * seed file (descriptions in both languages) and the response (the caller's language), so seeds,
 * responses and the OpenAPI document cannot drift apart.
 */

const int = z.number().int()
const percent = z.number().min(-10).max(100)

export interface StoredList {
  kind: 'stored'
  name: string
  title: string
  fields: z.ZodRawShape
  /** The field naming the parent item: stored as parent_id and offered as a query filter. */
  parentKey?: string
  paginated?: boolean
}

export interface NestedList {
  kind: 'nested'
  name: string
  title: string
  parent: string
  child: string
  childrenKey: string
  /** The query filter on the parent list's id. */
  filterKey: string
}

export type ListDefinition = StoredList | NestedList

const stored = (name: string, title: string, fields: z.ZodRawShape = {}, options: { parentKey?: string; paginated?: boolean } = {}): StoredList => ({
  kind: 'stored',
  name,
  title,
  fields,
  ...options,
})

export const LISTS: readonly ListDefinition[] = [
  stored('broker-types', 'Broker Types'),
  stored('broker-sub-types', 'Broker Sub Types', { brokerTypeId: int }, { parentKey: 'brokerTypeId' }),
  stored('broker-classifications', 'Broker Classifications'),
  stored('broker-fee-types', 'Broker Fee Types'),
  stored('broker-statuses', 'Broker Statuses'),
  stored('broker-iva-regimes', 'Broker IVA Regimes', { ivaRate: percent }),
  stored('broker-retention-regimes', 'Broker Retention Regimes', { retentionRate: percent }),
  stored('broker-extract-periodicity', 'Broker Extract Periodicity', { months: int.positive() }),
  stored('countries', 'Countries', { alpha3: z.string().length(3) }),
  { kind: 'nested', name: 'country-with-districts', title: 'Country With Districts', parent: 'countries', child: 'districts', childrenKey: 'districts', filterKey: 'countryId' },
  stored('districts', 'Districts', { countryId: int, region: z.string() }, { parentKey: 'countryId' }),
  { kind: 'nested', name: 'districts-with-counties', title: 'Districts With Counties', parent: 'districts', child: 'counties', childrenKey: 'counties', filterKey: 'districtId' },
  stored('counties', 'Counties', { districtId: int }, { parentKey: 'districtId' }),
  { kind: 'nested', name: 'county-with-parishes', title: 'County With Parishes', parent: 'counties', child: 'parishes', childrenKey: 'parishes', filterKey: 'countyId' },
  stored('parishes', 'Parishes', { countyId: int }, { parentKey: 'countyId' }),
  stored(
    'document-types',
    'Document Types',
    {
      documentCategoryId: int,
      mandatory: z.boolean().openapi({ description: 'Required before a process can be submitted' }),
      scope: z.enum(['borrower', 'process', 'property']).openapi({ description: 'A mandatory type is needed once per borrower, process or property' }),
    },
    { parentKey: 'documentCategoryId' },
  ),
  stored('document-categories', 'Document Categories'),
  stored('product-purposes', 'Product Purposes', { ownPermanentHome: z.boolean() }),
  stored('loan-purposes', 'Loan Purposes', {
    ltvBasis: z.enum(['acquisition', 'works']).openapi({ description: 'works: LTV on min(land value + works cost, value after works)' }),
    youthCreditAllowed: z.boolean(),
  }),
  stored('product-schemes', 'Product Schemes', {
    youthCredit: z.boolean(),
    bankProperty: z.boolean(),
    combinations: z
      .array(z.object({ loanPurposeId: int, productPurposeId: int }))
      .min(1)
      .openapi({ description: 'The loan purpose and product purpose pairs this scheme accepts' }),
  }),
  stored('index-type-sub-categories', 'Index Type Sub Categories'),
  stored('index-types', 'Index Types', {
    tenorMonths: int.positive(),
    value: percent.openapi({ description: 'Current index value, percent' }),
    valueDate: z.iso.date(),
  }),
  stored('index-type-list-mixed', 'Index Type List Mixed', { indexTypeId: int }, { parentKey: 'indexTypeId' }),
  stored('fixed-fixed-period', 'Fixed Fixed Period', {
    months: int.positive().openapi({ description: 'Longest loan term this fixed rate covers' }),
    baseRate: percent.openapi({ description: 'Fixed base rate before the spread, percent' }),
  }),
  stored('mixed-fixed-period', 'Mixed Fixed Period', {
    months: int.positive().openapi({ description: 'Length of the fixed period' }),
    baseRate: percent.openapi({ description: 'Fixed base rate before the spread, percent' }),
  }),
  stored('bank-charge-types', 'Bank Charge Types', { kind: z.enum(['commission', 'tax', 'fee']) }),
  stored('property-typologies', 'Property Typologies', { category: z.enum(['apartment', 'house', 'land', 'mixed']) }),
  stored('entity-types', 'Entity Types'),
  stored('identification-documents', 'Identification Documents'),
  stored('marital-statuses', 'Marital Statuses', { requiresMatrimonialRegime: z.boolean() }),
  stored('matrimonial-regimes', 'Matrimonial Regimes', { isDefault: z.boolean() }),
  stored('residence-types', 'Residence Types'),
  stored('genders', 'Genders'),
  stored('professions', 'Professions'),
  stored('employment-contract-types', 'Employment Contract Types', { permanent: z.boolean() }),
  stored('employment-situations', 'Employment Situations'),
  stored('employment-department-positions', 'Employment Department Positions'),
  stored('key-borrower-relations', 'Key Borrower Relations'),
  stored('proposal-cancel-reasons', 'Proposal Cancel Reasons'),
  stored('proposal-reject-reasons', 'Proposal Reject Reasons'),
  stored('simulation-reject-reasons', 'Simulation Reject Reasons'),
  stored('workflow-phases', 'Workflow Phases'),
  stored('workflow-states-simulation', 'Workflow States Simulation', {
    phaseId: int,
    cancelable: z.boolean(),
    updatable: z.boolean(),
    final: z.boolean(),
  }),
  stored('workflow-states-proposal', 'Workflow States Proposal', {
    phaseId: int,
    cancelable: z.boolean(),
    editable: z.boolean(),
    final: z.boolean(),
  }),
  stored(
    'notification-types',
    'Notification Types',
    {
      resource: z.enum(['process', 'simulation', 'both']),
      echo: z.boolean().openapi({ description: 'Callback Echo can simulate this type' }),
    },
    { paginated: true },
  ),
  stored('simulation-cancel-reasons', 'Simulation Cancel Reasons'),
]

export const STORED_LISTS = LISTS.filter((l): l is StoredList => l.kind === 'stored')

export function storedList(name: string): StoredList {
  const list = STORED_LISTS.find((l) => l.name === name)
  if (!list) throw new Error(`unknown reference list ${name}`)
  return list
}

const localizedText = z.object({ 'pt-PT': z.string().trim().min(1), en: z.string().trim().min(1) })

const seedBase = z.object({
  id: int.positive(),
  code: z.string().trim().min(1).optional(),
  description: localizedText,
})

/** The seed file of one stored list: `{ list, items }`, strict so a typo in a field name fails. */
export function seedFileSchema(list: StoredList) {
  return z.object({
    list: z.literal(list.name),
    items: z.array(seedBase.extend(list.fields).strict()).min(1),
  })
}

/** PascalCase component name: `districts` → `DistrictsItem`. */
export const componentName = (name: string, suffix: string) => name.replace(/(^|-)([a-z])/g, (_, __, ch: string) => ch.toUpperCase()) + suffix

const responseBase = z.object({
  id: int.openapi({ example: 1 }),
  code: z.string().optional().openapi({ description: 'A stable code of the item; absent when the item has none' }),
  description: z.string().openapi({ description: 'In the language of Accept-Language (pt-PT by default)' }),
})

const itemSchemas = new Map<string, z.ZodObject>()

/** The response item of a stored list, registered once as a named component. */
export function responseItemSchema(list: StoredList): z.ZodObject {
  let schema = itemSchemas.get(list.name)
  if (!schema) {
    schema = responseBase.extend(list.fields).openapi(componentName(list.name, 'Item'))
    itemSchemas.set(list.name, schema)
  }
  return schema
}

/** The response item of a "with" list: the parent item with its children nested. */
export function nestedItemSchema(list: NestedList): z.ZodObject {
  let schema = itemSchemas.get(list.name)
  if (!schema) {
    const parent = responseItemSchema(storedList(list.parent))
    const child = responseItemSchema(storedList(list.child))
    schema = parent.extend({ [list.childrenKey]: z.array(child) }).openapi(componentName(list.name, 'Item'))
    itemSchemas.set(list.name, schema)
  }
  return schema
}

/** The query filter of a list with a parent: only the items of one parent item. */
export const parentFilterSchema = (key: string) =>
  z.object({
    [key]: z.coerce
      .number()
      .int()
      .positive()
      .optional()
      .openapi({ description: `Only the items of this ${key.replace(/Id$/, '')}` }),
  })

/** A paginated list's page, paged like Simulation List (notification-types: the only one, its items named as the interface document names them). */
export const listPageSchema = (list: StoredList, item: z.ZodType) =>
  z
    .object({
      totalRecords: z.number().int(),
      hasMoreResults: z.boolean(),
      notificationTypeList: z.array(item),
    })
    .openapi(componentName(list.name, 'Page'))

/** A list's answer: its items. */
export const itemListSchema = <T extends z.ZodType>(item: T) => z.array(item)
