import { z } from '@hono/zod-openapi'
import { envelopeSchema } from '../../http/openapi/openapi-schemas.ts'
import { pagingQuerySchema } from '../../common/pagination.ts'
import { BorrowerListItemSchema } from './borrowers/borrowers.schemas.ts'
import { DocumentSchema } from './documents/documents.schemas.ts'
import { PropertySchema } from './property/property.schemas.ts'
import { LoanSchemas } from '../loan/index.ts'
import { STATUS_DATE_FILTERS } from '../../common/status-date-filter.ts'

const { BankChargeSchema, InsuranceSimulationDetailSchema, LoanSimulationDetailSchema, LoanSimulatorSchema } = LoanSchemas

/**
 * The Processes operations, known by name only in the interface document: payloads in its style
 * (`…Id` in requests and detail sections, `…ID` in list items and additionalData, envelopes).
 */

export { ProcessParamsSchema } from './process-params.schemas.ts'

export const ProcessCreateRequestSchema = z
  .strictObject({
    simulationUniqueId: z.guid().openapi({ description: 'A Simulated (eligible) simulation of the broker; it becomes Completed', example: '3d5b7a9e-2c41-4f6a-8e0d-9b1c2a3f4e5d' }),
  })
  .openapi('ProcessCreateRequest')

export const ProcessCreatedSchema = envelopeSchema(
  z
    .object({
      processUniqueID: z.uuid(),
      processNumber: z.number().int().openapi({ description: 'Sequential number of the process', example: 1 }),
    })
    .openapi('ProcessCreated'),
  'ProcessCreatedEnvelope',
)

export const ProcessUpdateRequestSchema = z
  .strictObject({
    loanProcessRequest: LoanSimulatorSchema.partial().openapi('LoanProcessRequest', {
      description: 'The loan fields of the simulation input (loanSimulator), merged into the stored loan: a field left out keeps its value, null clears it.',
    }),
  })
  .openapi('ProcessUpdateRequest', {
    description:
      "Draft only. The merged loan must pass the rules of Simulation Create (rate types, scheme combinations, property values for the purpose) and stay eligible with the current borrowers and property: otherwise 400 with the engine's reasons, one item per rule.",
    example: { loanProcessRequest: { loanAmount: 190000, loanDurationMonths: 348 } },
  })

export const ProcessCancelRequestSchema = z
  .strictObject({
    proposalCancelReasonId: z.number().int().positive().openapi({ description: 'From proposal-cancel-reasons', example: 1 }),
    cancelComments: z.string().trim().max(500).nullish().openapi({ description: 'Free text, shown as cancelObservations', example: 'Os clientes desistiram da compra.' }),
  })
  .openapi('ProcessCancelRequest')

export const ProcessStatusResultSchema = envelopeSchema(
  z
    .object({
      processUniqueID: z.uuid(),
      processStatusId: z.number().int().openapi({ example: 2 }),
      processStatusDescription: z.string().openapi({ example: 'Submetido' }),
    })
    .openapi('ProcessStatusResult'),
  'ProcessStatusResultEnvelope',
)

export const ProcessDetailSectionSchema = z
  .object({
    processUniqueId: z.uuid(),
    processNumber: z.number().int(),
    simulationUniqueId: z.uuid().openapi({ description: 'The simulation the process was created from (now Completed)' }),
    creationDate: z.iso.datetime(),
    submissionDate: z.iso.datetime().optional().openapi({ description: 'When Process Submit accepted it; absent before' }),
    statusLastDate: z.iso.datetime(),
    processStatusId: z
      .number()
      .int()
      .openapi({ description: 'From workflow-states-proposal: 1 Draft, 2 Submitted, 3 In analysis, 4 Approved, 5 Rejected, 6 Contracted, 7 Cancelled' }),
    processStatusDescription: z.string(),
    phaseId: z.number().int().optional().openapi({ description: 'From workflow-phases' }),
    phaseDescription: z.string().optional(),
    branchId: z.string().openapi({ description: 'A string, as in simulationDetail', example: '311' }),
    branchDescription: z.string(),
    elegibility: z.boolean().openapi({ description: 'The loan is eligible with the current borrowers and property (spelled as the document spells it)' }),
    nonElegibilityDescription: z.string().optional().openapi({ description: 'Why the loan is not eligible; absent when eligible' }),
    cancelReasonId: z.number().int().optional().openapi({ description: 'From proposal-cancel-reasons, once cancelled' }),
    cancelReasonDescription: z.string().optional(),
    cancelObservations: z.string().optional(),
    rejectReasonId: z.number().int().optional().openapi({ description: 'From proposal-reject-reasons, once Rejected by the bank (a scenario or the sandbox control API)' }),
    rejectReasonDescription: z.string().optional(),
  })
  .openapi('ProcessDetailSection')

export const ProcessStatusHistoryItemSchema = z
  .object({
    processStatusId: z.number().int(),
    processStatusDescription: z.string(),
    previousProcessStatusId: z.number().int().optional().openapi({ description: 'Absent for the first status' }),
    statusDate: z.iso.datetime(),
    origin: z
      .enum(['api', 'sandbox', 'scenario'])
      .openapi({ description: 'api: an operation of the broker; sandbox: the control API; scenario: a scenario driving the bank side' }),
    userId: z.number().int().optional().openapi({ description: 'The broker user who made the change; absent when the bank side did (sandbox, scenario)' }),
  })
  .openapi('ProcessStatusHistoryItem')

export const ProcessDetailSchema = z
  .object({
    processDetail: ProcessDetailSectionSchema,
    loanProcessDetail: LoanSimulationDetailSchema,
    insuranceProcessDetail: InsuranceSimulationDetailSchema,
    bankCharges: z.array(BankChargeSchema),
    borrowers: z.array(BorrowerListItemSchema),
    propertyProcessDetail: PropertySchema.optional(),
    documents: z.array(DocumentSchema),
    statusHistory: z.array(ProcessStatusHistoryItemSchema).openapi({ description: 'Oldest first' }),
  })
  .openapi('ProcessDetail', {
    description:
      "loanProcessDetail, insuranceProcessDetail and bankCharges have the shapes and meaning of the simulation detail, computed from the process's loan, borrowers and property.",
  })

export const ProcessListItemSchema = z
  .object({
    processUniqueID: z.uuid(),
    processNumber: z.number().int(),
    simulationUniqueID: z.uuid(),
    keyBorrowerName: z.string().optional(),
    keyBorrowerTaxID: z.string().optional(),
    loanAmount: z.number(),
    creationDate: z.iso.datetime(),
    statusLastDate: z.iso.datetime(),
    processStatusID: z.number().int(),
    processStatusDescription: z.string(),
    propertyAmount: z.number(),
    ltvEstimated: z.number(),
    branchID: z.number().int(),
    branchDescription: z.string(),
    youthCredit: z.boolean(),
  })
  .openapi('ProcessListItem')

export const ProcessListSchema = z.object({ totalRecords: z.number().int(), hasMoreResults: z.boolean(), listProcessDetail: z.array(ProcessListItemSchema) }).openapi('ProcessList')

export const ProcessListQuerySchema = pagingQuerySchema.extend({
  filterByText: z
    .string()
    .trim()
    .max(100)
    .optional()
    .openapi({ description: "Matches a borrower's name (accents and case ignored) or tax id, the branch, or the whole process number" }),
  ...STATUS_DATE_FILTERS,
  filterProcessStatus: z.coerce.number().int().positive().optional().openapi({ description: 'Current status id, from workflow-states-proposal' }),
  nextRecord: z.string().min(1).optional().openapi({ description: 'processUniqueID of the last process already seen: the page holds the older ones' }),
  previousRecord: z.string().min(1).optional().openapi({ description: 'processUniqueID of the first process already seen: the page holds the newer ones, still newest first' }),
})

export type ProcessListQuery = z.infer<typeof ProcessListQuerySchema>
export type ProcessDetail = z.infer<typeof ProcessDetailSchema>
export type ProcessListItem = z.infer<typeof ProcessListItemSchema>
