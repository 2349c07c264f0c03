import { z } from '@hono/zod-openapi'
import { envelopeSchema } from '../../../http/openapi/openapi-schemas.ts'
import { pagingQuerySchema } from '../../../common/pagination.ts'

export const MESSAGE_MAX_LENGTH = 2000

export const SimulationMessageCreateRequestSchema = z
  .strictObject({
    messageText: z
      .string()
      .trim()
      .min(1)
      .max(MESSAGE_MAX_LENGTH)
      .openapi({ description: `The message to the bank, 1-${MESSAGE_MAX_LENGTH} characters`, example: 'Os proponentes pretendem avançar com o processo na próxima semana.' }),
  })
  .openapi('SimulationMessageCreateRequest')

export const SimulationMessageSchema = z
  .object({
    messageUniqueID: z.uuid(),
    messageText: z.string(),
    messageDate: z.iso.datetime().openapi({ example: '2026-01-15T10:00:00.000Z' }),
    origin: z.enum(['BROKER', 'BANK']).openapi({ description: 'BROKER: written by a user of the broker; BANK: written by the bank (sandbox control API or a scenario)' }),
    userId: z.number().int().optional().openapi({ description: 'The broker user who wrote it; absent for a bank message' }),
    userName: z.string().optional().openapi({ description: 'Name of that user; absent for a bank message' }),
  })
  .openapi('SimulationMessage')

export const SimulationMessageListSchema = z
  .object({
    totalRecords: z.number().int(),
    hasMoreResults: z.boolean(),
    listMessageDetail: z.array(SimulationMessageSchema),
  })
  .openapi('SimulationMessageList')

export const SimulationMessageListQuerySchema = pagingQuerySchema.extend({
  nextRecord: z.string().min(1).optional().openapi({ description: 'messageUniqueID of the last message already seen: the page holds the older ones' }),
  previousRecord: z.string().min(1).optional().openapi({ description: 'messageUniqueID of the first message already seen: the page holds the newer ones, still newest first' }),
})

export const SimulationMessageCreatedSchema = envelopeSchema(z.object({ messageUniqueID: z.uuid() }).openapi('SimulationMessageCreated'), 'SimulationMessageCreatedEnvelope')

export type SimulationMessage = z.infer<typeof SimulationMessageSchema>
