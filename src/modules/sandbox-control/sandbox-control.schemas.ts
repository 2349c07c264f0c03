import { z } from '@hono/zod-openapi'
import { envelopeSchema } from '../../http/openapi/openapi-schemas.ts'
import { MESSAGE_MAX_LENGTH } from '../processes/index.ts'

export const SIMULATION_STATUS_EXAMPLE = { simulationStatusId: 5 }
export const PROCESS_STATUS_EXAMPLE = { processStatusId: 5, rejectReasonId: 1 }
export const BANK_MESSAGE_EXAMPLE = { messageText: 'Bom dia. Precisamos do último recibo de vencimento do primeiro titular.' }

export const SimulationStatusRequestSchema = z
  .strictObject({
    simulationStatusId: z.number().int().positive().openapi({
      description: 'The target, an id of workflow-states-simulation: 1 Simulated, 2 Not eligible, 3 Completed, 4 Cancelled, 5 Expired',
      example: 5,
    }),
  })
  .openapi('SandboxSimulationStatusRequest', { example: SIMULATION_STATUS_EXAMPLE })

export const ProcessStatusRequestSchema = z
  .strictObject({
    processStatusId: z.number().int().positive().openapi({
      description: 'The target, an id of workflow-states-proposal: 1 Draft, 2 Submitted, 3 In analysis, 4 Approved, 5 Rejected, 6 Contracted, 7 Cancelled',
      example: 5,
    }),
    rejectReasonId: z.number().int().positive().optional().openapi({
      description: 'With Rejected only: an id of proposal-reject-reasons (13, bank credit policy, when left out)',
      example: 1,
    }),
  })
  .openapi('SandboxProcessStatusRequest', { example: PROCESS_STATUS_EXAMPLE })

export const BankMessageRequestSchema = z
  .strictObject({
    messageText: z
      .string()
      .trim()
      .min(1)
      .max(MESSAGE_MAX_LENGTH)
      .openapi({
        description: `The bank's message, 1-${MESSAGE_MAX_LENGTH} characters`,
        example: BANK_MESSAGE_EXAMPLE.messageText,
      }),
  })
  .openapi('SandboxBankMessageRequest', { example: BANK_MESSAGE_EXAMPLE })

export const SimulationStatusResultSchema = envelopeSchema(
  z.object({
    simulationUniqueID: z.uuid(),
    previousSimulationStatusId: z.number().int().openapi({ example: 1 }),
    simulationStatusId: z.number().int().openapi({ example: 5 }),
    simulationStatusDescription: z.string().openapi({ example: 'Expirada' }),
  }),
  'SandboxSimulationStatusResult',
)

export const ProcessStatusResultSchema = envelopeSchema(
  z.object({
    processUniqueID: z.uuid(),
    previousProcessStatusId: z.number().int().openapi({ example: 3 }),
    processStatusId: z.number().int().openapi({ example: 5 }),
    processStatusDescription: z.string().openapi({ example: 'Recusado' }),
    rejectReasonId: z.number().int().nullable().openapi({ example: 1 }),
    rejectReasonDescription: z.string().nullable().openapi({ example: 'Taxa de esforço excessiva' }),
  }),
  'SandboxProcessStatusResult',
)

export const BankMessageResultSchema = envelopeSchema(
  z.object({ messageUniqueID: z.uuid().openapi({ description: "The message, origin BANK, in the resource's message list" }) }),
  'SandboxBankMessageResult',
)
