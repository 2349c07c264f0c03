import { z } from '@hono/zod-openapi'
import { envelopeSchema } from '../../http/openapi/openapi-schemas.ts'
import { EXAMPLE_PARTNER } from './callbacks.schemas.ts'

export const EchoParamsSchema = z.object({
  partnerUniqueID: z.guid().openapi({
    param: { name: 'partnerUniqueID', in: 'path', required: true },
    description: "The caller's partner (the token's `partnerUniqueID`)",
    example: EXAMPLE_PARTNER,
  }),
  notificationTypeID: z.coerce
    .number()
    .int()
    .openapi({
      param: { name: 'notificationTypeID', in: 'path', required: true },
      description: '5 process status changed, 6 simulation status changed, 7 new message',
      example: 6,
    }),
})

const statusId = z.number().int().positive()
const text = (max: number) => z.string().trim().min(1).max(max)

/** Every field of every type: which ones a type takes is checked against the path's type. */
export const EchoRequestSchema = z
  .object({
    processUniqueId: z.guid().optional().openapi({ description: 'Types 5 and 7: a process of your partner' }),
    simulationUniqueId: z.guid().optional().openapi({ description: 'Types 6 and 7: a simulation of your partner' }),
    processStatusId: statusId.optional().openapi({ description: 'Type 5: an id of workflow-states-proposal; default the process status' }),
    processStatusDescription: text(200).optional().openapi({ description: 'Type 5: default the description of processStatusId' }),
    simulationStatusId: statusId.optional().openapi({ description: 'Type 6: an id of workflow-states-simulation; default the simulation status' }),
    simulationStatusDescription: text(200).optional().openapi({ description: 'Type 6: default the description of simulationStatusId' }),
    messageText: text(2000).optional().openapi({ description: 'Type 7: default a test message text' }),
  })
  .openapi('CallbackEchoRequest', {
    example: { simulationUniqueId: '3f2b9c1e-8d4a-4f6b-9e2d-5a1c7b8e9f00' },
    description:
      'Exactly one of processUniqueId or simulationUniqueId, plus the optional fields of the type in the path. Every type-specific field has a default, so the id alone is a valid body.',
  })

export type EchoRequest = z.infer<typeof EchoRequestSchema>

export const EchoResultSchema = envelopeSchema(
  z.object({
    notificationId: z.string().openapi({
      description: 'The id of the notification sent (the `webhook-id` header); follow its attempts in GET /sandbox/deliveries',
      example: 'msg_01KF0Z8X6Q3W9T4N5M2B7C1D0E',
    }),
  }),
  'CallbackEchoResult',
)

const SIMULATION = '3f2b9c1e-8d4a-4f6b-9e2d-5a1c7b8e9f00'
const PROCESS = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'

/** Request examples: the ids must be replaced by ones of your partner (Simulation List, Process List). */
export const ECHO_EXAMPLES = {
  simulationStatus: {
    summary: 'Type 6: simulation status changed (the id alone; the status defaults to the current one)',
    value: { simulationUniqueId: SIMULATION },
  },
  simulationStatusForced: {
    summary: 'Type 6 with a chosen status (4 Cancelled)',
    value: { simulationUniqueId: SIMULATION, simulationStatusId: 4 },
  },
  processStatus: {
    summary: 'Type 5: process status changed (3 In analysis)',
    value: { processUniqueId: PROCESS, processStatusId: 3 },
  },
  message: {
    summary: 'Type 7: new message on a simulation',
    value: { simulationUniqueId: SIMULATION, messageText: 'Por favor envie o último recibo de vencimento.' },
  },
}
