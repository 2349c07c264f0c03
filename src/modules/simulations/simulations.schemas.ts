import { z } from '@hono/zod-openapi'
import { envelopeSchema, ErrorItemSchema } from '../../http/openapi/openapi-schemas.ts'
import { pagingQuerySchema } from '../../common/pagination.ts'
import { STATUS_DATE_FILTERS } from '../../common/status-date-filter.ts'

export const SimulationParamsSchema = z.object({
  simulationUniqueId: z.guid().openapi({
    param: { name: 'simulationUniqueId', in: 'path' },
    description: 'Any 8-4-4-4-12 hexadecimal identifier; an unknown one, or one of another broker, is a 404',
    example: '3f2b8c1e-9a4d-4e7f-b6a5-0c1d2e3f4a5b',
  }),
})

export const SimulationResultSchema = z
  .object({
    simulationUniqueID: z.uuid(),
    simulationNumber: z
      .string()
      .openapi({ description: 'Sequential number of the simulation in this sandbox: a string here, an integer in the detail and the list', example: '1' }),
    elegibility: z.boolean().openapi({ description: 'Spelled as the interface document spells it. true: status Simulated; false: Not eligible' }),
    nonElegibilityDescription: z.string().optional().openapi({
      description:
        'Every eligibility rule that failed (LTV, DSTI, term for the age, age at maturity, minimum age, youth credit rules, no income), one sentence each, in the language of Accept-Language, after the reason a sandbox scenario forced (a description of simulation-reject-reasons); absent when eligible',
    }),
  })
  .openapi('SimulationResult')

export const SimulationResultEnvelopeSchema = envelopeSchema(SimulationResultSchema, 'SimulationResultEnvelope')

export const SimulationValidateResponseSchema = z
  .object({ errors: z.array(ErrorItemSchema) })
  .openapi('SimulationValidateResponse', { description: 'Every problem Simulation Create would report; empty when the data is valid' })

export const SimulationCancelRequestSchema = z
  .strictObject({
    simulationCancelReasonId: z.number().int().positive().openapi({ description: 'Id from simulation-cancel-reasons', example: 1 }),
    cancelComments: z
      .string()
      .trim()
      .max(500)
      .nullish()
      .openapi({ description: 'Shown as cancelObservations in the detail (at most 500 characters)', example: 'O cliente desistiu da compra.' }),
  })
  .openapi('SimulationCancelRequest')

export const SimulationListQuerySchema = pagingQuerySchema.extend({
  filterByText: z.string().trim().max(100).optional().openapi({
    description: "Words that start a word of a borrower's name, a borrower's tax id or the branch description; every word must match, accents and case ignored",
    example: 'ana mart',
  }),
  ...STATUS_DATE_FILTERS,
  filterSimulationStatus: z.coerce.number().int().positive().optional().openapi({ description: 'Current status id, from workflow-states-simulation', example: 1 }),
  nextRecord: z.string().min(1).optional().openapi({
    description: 'simulationUniqueID of the last simulation already seen: the page holds the older ones after it',
  }),
  previousRecord: z.string().min(1).optional().openapi({
    description: 'simulationUniqueID of the first simulation already seen: the page holds the newer ones just before it, still newest first',
  }),
})

export type SimulationListQuery = z.infer<typeof SimulationListQuerySchema>

export const SimulationListItemSchema = z
  .object({
    simulationUniqueID: z.uuid(),
    simulationNumber: z.number().int(),
    keyBorrowerName: z.string(),
    keyBorrowerTaxID: z.string().openapi({ description: 'Generated NIF, the same as keyBorrowerTaxId of the detail' }),
    loanAmount: z.number(),
    statusLastDate: z.iso.datetime().openapi({ description: 'When the current status was reached' }),
    simulationStatusID: z.number().int(),
    simulationStatusDescription: z.string(),
    propertyAmount: z.number().openapi({ description: 'The property value the LTV is computed on: min(acquisition, evaluation), or min(land + works, value after works)' }),
    ltvEstimated: z.number().openapi({ description: 'loanAmount / propertyAmount, percent' }),
    branchID: z.number().int(),
    branchDescription: z.string(),
    origin: z.string(),
    youthCredit: z.boolean(),
  })
  .openapi('SimulationListItem')

export const SimulationListSchema = z
  .object({
    totalRecords: z.number().int().openapi({ description: 'Every simulation of the broker matching the filters' }),
    hasMoreResults: z.boolean().openapi({ description: 'More simulations lie in the direction read (older for a first or next page, newer for a previous page)' }),
    listSimulationDetail: z.array(SimulationListItemSchema),
  })
  .openapi('SimulationList')

export type SimulationListItem = z.infer<typeof SimulationListItemSchema>
