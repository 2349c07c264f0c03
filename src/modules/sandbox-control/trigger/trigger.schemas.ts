import { z } from '@hono/zod-openapi'
import { envelopeSchema } from '../../../http/openapi/openapi-schemas.ts'

export const TRIGGER_EXAMPLE = { notificationType: 'PROCESS_DECISION', processUniqueId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' }

export const TriggerRequestSchema = z
  .strictObject({
    notificationType: z.union([z.string().trim().min(1).max(64), z.number().int().positive()]).openapi({
      description: 'A code of notification-types (`PROCESS_DECISION`) or its id (9)',
      example: 'PROCESS_DECISION',
    }),
    simulationUniqueId: z.guid().optional().openapi({ description: "A simulation of the caller's broker to make it from; none: the sandbox creates what the type needs" }),
    processUniqueId: z.guid().optional().openapi({ description: "A process of the caller's broker to make it from; none: the sandbox creates what the type needs" }),
  })
  .openapi('SandboxTriggerRequest', { example: TRIGGER_EXAMPLE })

export const TriggerResultSchema = envelopeSchema(
  z.object({
    notificationId: z.string().openapi({ description: 'The `webhook-id` of the notification; its attempts in GET /sandbox/deliveries', example: 'msg_01KF0Z8X6Q3W9T4N5M2B7C1D0E' }),
    notificationTypeId: z.number().int().openapi({ example: 9 }),
    notificationType: z.string().openapi({ example: 'PROCESS_DECISION' }),
    processUniqueId: z.uuid().optional(),
    simulationUniqueId: z.uuid().optional(),
    created: z
      .array(z.object({ kind: z.enum(['simulation', 'process', 'document']), uniqueId: z.uuid() }))
      .openapi({ description: "What the sandbox created for it, oldest first: they are the caller's broker's, and count against the partner's quotas" }),
    delivery: z.object({
      status: z.string().openapi({ description: '`pending`: going to the registered address; `skipped`: no configuration for the type; `disabled`', example: 'pending' }),
      statusReason: z.string().nullable(),
      callbackUrl: z.string().nullable().openapi({ description: 'The address it is delivered to; null without an active configuration' }),
      listeners: z.number().int().openapi({ description: 'The listeners of `mortgage-sandbox listen` connected now that take it' }),
    }),
  }),
  'SandboxTriggerResult',
)
