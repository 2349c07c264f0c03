import { z } from '@hono/zod-openapi'
import { processStatusCode } from '../scenario.schemas.ts'

/** The kinds of delayed action a scenario schedules (sandbox_job.kind), each run by the action the sandbox control gives for it. */
export const JOB_KIND = {
  processStatus: 'process-status',
  bankMessage: 'bank-message',
  documentRequested: 'document-requested',
} as const

/** What a job of each kind stores (sandbox_job.payload), read back through the same schema when it runs. */
export const JobPayloadSchemas = {
  processStatus: z.object({
    processUniqueId: z.string(),
    brokerId: z.number().int(),
    /** 1-based position in the scenario's lifecycle. */
    step: z.number().int(),
    status: processStatusCode,
    rejectReasonCode: z.string().optional(),
    messageText: z.string().optional(),
  }),
  bankMessage: z.union([
    z.object({ brokerId: z.number().int(), messageText: z.string(), simulationUniqueId: z.string() }),
    z.object({ brokerId: z.number().int(), messageText: z.string(), processUniqueId: z.string() }),
  ]),
  documentRequested: z.object({ processUniqueId: z.string(), brokerId: z.number().int(), documentTypeId: z.number().int(), messageText: z.string() }),
}

export type ProcessStatusPayload = z.infer<typeof JobPayloadSchemas.processStatus>
export type BankMessagePayload = z.infer<typeof JobPayloadSchemas.bankMessage>
export type DocumentRequestedPayload = z.infer<typeof JobPayloadSchemas.documentRequested>
