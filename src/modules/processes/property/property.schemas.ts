import { z } from '@hono/zod-openapi'

/**
 * The property of a process (Property List, Property Update, propertyProcessDetail). The document
 * shows no field of it: the names follow propertySimulationDetail (`typologyId`, `districtId`,
 * `grossBuiltArea`) and the simulation's propertySimulator values, plus what a bank needs to
 * identify and value a property in Portugal (county and parish, address, matrix article, land
 * registry description).
 */

export const ENERGY_CLASSES = ['A+', 'A', 'B', 'B-', 'C', 'D', 'E', 'F'] as const
/** Energy classes the sustainability campaign accepts. */
export const SUSTAINABLE_ENERGY_CLASSES: ReadonlySet<string> = new Set(['A+', 'A', 'B'])

const id = (description: string, example: number) => z.number().int().positive().nullish().openapi({ description, example })
const text = (max: number, description: string, example: string) => z.string().trim().min(1).max(max).nullish().openapi({ description, example })
const area = (description: string, example?: number) =>
  z
    .number()
    .positive()
    .max(1_000_000)
    .nullish()
    .openapi({ description: `${description}, m²`, ...(example === undefined ? {} : { example }) })
const euros = (description: string) =>
  z
    .number()
    .min(0)
    .max(100_000_000)
    .nullish()
    .openapi({ description: `${description}, euros` })

export const PropertyUpdateRequestSchema = z
  .strictObject({
    typologyId: id('From property-typologies. Required to submit.', 4),
    districtId: id('From districts. Required to submit.', 11),
    countyId: id('From counties, in the district. Required to submit.', 1106),
    parishId: id('From parishes, in the county. Required to submit.', 110666),
    address: text(200, 'Street. Required to submit.', 'Rua Castilho'),
    doorNumber: text(10, 'Door number', '39'),
    floor: text(10, 'Floor and side', '2.º Dto.'),
    zipCode: text(10, 'NNNN-NNN. Required to submit.', '1250-068'),
    zipCodeLocal: text(60, 'Postal locality. Required to submit.', 'Lisboa'),
    grossBuiltArea: area('Gross built area. Required to submit, except for land', 112),
    usefulArea: area('Useful area', 95),
    landArea: area('Land area (houses and land)'),
    constructionYear: z.number().int().min(1800).max(2100).nullish().openapi({ description: 'Not after the current year', example: 2004 }),
    energyCertificateClass: z.enum(ENERGY_CLASSES).nullish().openapi({ description: 'With the sustainability campaign: A+, A or B', example: 'B' }),
    matrixArticle: text(30, 'Artigo matricial (tax register). Required to submit.', 'U-2345'),
    landRegistryNumber: text(30, 'Descrição predial (land registry). Required to submit.', '1234/20040312'),
    acquisitionAmount: euros('Purchase price'),
    evaluationEstimatedAmount: euros('Estimated valuation'),
    worksCost: euros('Cost of the works (works and construction purposes)'),
    estimatedValueAfterWorks: euros('Value once the works are done (works and construction purposes)'),
    landValue: euros('Value of the land or of the property before the works (works and construction purposes)'),
    sustainabilityCampaign: z.boolean().nullish().openapi({ description: 'Energy class A+, A or B: lowers the spread', example: false }),
  })
  .openapi('PropertyUpdateRequest', {
    description:
      'JSON Merge Patch (RFC 7396): a field left out keeps its value, a field sent as null is cleared. The district, county and parish must follow the reference hierarchy (county in the district, parish in the county). The values follow the rules of the simulation input for the loan purpose (acquisition and evaluation amounts, or land value, works cost and value after works) and re-run the loan evaluation.',
    example: {
      countyId: 1106,
      parishId: 110666,
      address: 'Rua Castilho',
      doorNumber: '39',
      floor: '2.º Dto.',
      zipCode: '1250-068',
      zipCodeLocal: 'Lisboa',
      matrixArticle: 'U-2345',
      landRegistryNumber: '1234/20040312',
    },
  })

type NonNull<T> = { [K in keyof T]?: Exclude<T[K], null | undefined> }
export type PropertyData = NonNull<z.infer<typeof PropertyUpdateRequestSchema>>

const described = (name: string, description: string) => ({
  [`${name}Id`]: z.number().int().optional().openapi({ description }),
  [`${name}Description`]: z.string().optional(),
})

export const PropertySchema = z
  .object({
    propertyUniqueId: z.uuid(),
    ...(described('typology', 'From property-typologies') as { typologyId: z.ZodOptional<z.ZodNumber>; typologyDescription: z.ZodOptional<z.ZodString> }),
    ...(described('district', 'From districts') as { districtId: z.ZodOptional<z.ZodNumber>; districtDescription: z.ZodOptional<z.ZodString> }),
    ...(described('county', 'From counties') as { countyId: z.ZodOptional<z.ZodNumber>; countyDescription: z.ZodOptional<z.ZodString> }),
    ...(described('parish', 'From parishes') as { parishId: z.ZodOptional<z.ZodNumber>; parishDescription: z.ZodOptional<z.ZodString> }),
    address: z.string().optional(),
    doorNumber: z.string().optional(),
    floor: z.string().optional(),
    zipCode: z.string().optional(),
    zipCodeLocal: z.string().optional(),
    grossBuiltArea: z.number().optional().openapi({ description: 'm²' }),
    usefulArea: z.number().optional(),
    landArea: z.number().optional(),
    constructionYear: z.number().int().optional(),
    energyCertificateClass: z.string().optional(),
    matrixArticle: z.string().optional(),
    landRegistryNumber: z.string().optional(),
    acquisitionAmount: z.number().optional(),
    evaluationEstimatedAmount: z.number().optional(),
    worksCost: z.number().optional(),
    estimatedValueAfterWorks: z.number().optional(),
    landValue: z.number().optional(),
    sustainabilityCampaign: z.boolean(),
  })
  .openapi('PropertyProcessDetail', {
    description:
      "The process's property: copied from the simulation at Process Create (typology, district, built area and values; no county or parish: those are set with Property Update), completed with Property Update. A field without a value is left out.",
  })

export const PropertyListSchema = z.object({ propertyList: z.array(PropertySchema) }).openapi('PropertyList')

export type PropertyResponse = z.infer<typeof PropertySchema>
