import { z, type OpenAPIHono } from '@hono/zod-openapi'

const ProcessStatusDataSchema = z
  .object({
    processStatusId: z.number().int().openapi({ description: 'workflow-states-proposal id', example: 3 }),
    processStatusDescription: z.string().openapi({ example: 'Em análise' }),
    previousProcessStatusId: z.number().int().optional().openapi({ description: 'Absent for the first status of a process', example: 2 }),
  })
  .openapi('ProcessStatusChangedData', { description: 'data of type 5' })

const SimulationStatusDataSchema = z
  .object({
    simulationStatusId: z.number().int().openapi({ description: 'workflow-states-simulation id', example: 3 }),
    simulationStatusDescription: z.string().openapi({ example: 'Concluída' }),
    previousSimulationStatusId: z.number().int().optional().openapi({ description: 'Absent for the first status of a simulation', example: 1 }),
  })
  .openapi('SimulationStatusChangedData', { description: 'data of type 6' })

const MessageDataSchema = z
  .object({
    messageUniqueId: z.uuid(),
    messageText: z.string().openapi({ example: 'Por favor envie o último recibo de vencimento.' }),
    origin: z.enum(['BANK', 'BROKER']),
  })
  .openapi('NewMessageData', { description: 'data of type 7' })

const DocumentRequestedDataSchema = z
  .object({
    documentTypeId: z.number().int().openapi({ description: 'document-types id of the document the bank asks for', example: 15 }),
    documentTypeDescription: z.string(),
    messageUniqueId: z.uuid().openapi({ description: 'The bank message (origin BANK) that explains the request' }),
    messageText: z.string(),
  })
  .openapi('DocumentRequestedData', { description: 'data of type 2' })

const ProcessDecisionDataSchema = z
  .object({
    decision: z.enum(['APPROVED', 'REJECTED']),
    processStatusId: z.number().int().openapi({ example: 5 }),
    processStatusDescription: z.string().openapi({ example: 'Recusado' }),
    rejectReasonId: z.number().int().optional().openapi({ description: 'proposal-reject-reasons id when rejected; absent when approved', example: 1 }),
    rejectReasonDescription: z.string().optional(),
  })
  .openapi('ProcessDecisionData', { description: 'data of type 9 (sent with type 5 of the same change)' })

export const NotificationSchema = z
  .object({
    notificationId: z.string().openapi({ description: 'Also the webhook-id header; the same on every retry', example: 'msg_01KF0Z8X6Q3W9T4N5M2B7C1D0E' }),
    notificationTypeId: z.number().int().openapi({ example: 6 }),
    notificationType: z.string().openapi({ description: 'The code of the type in notification-types', example: 'SIMULATION_STATUS_CHANGED' }),
    partnerUniqueID: z.uuid(),
    processUniqueId: z.uuid().optional().openapi({ description: 'Exactly one of processUniqueId or simulationUniqueId' }),
    simulationUniqueId: z.uuid().optional(),
    occurredAt: z.iso.datetime(),
    data: z
      .union([ProcessStatusDataSchema, SimulationStatusDataSchema, MessageDataSchema, DocumentRequestedDataSchema, ProcessDecisionDataSchema, z.record(z.string(), z.unknown())])
      .openapi({ description: 'Type-specific data. Type 8 (simulation expired) carries the data of type 6; type 1 (process created) processNumber, simulationUniqueId and the Draft status.' }),
    test: z.boolean().openapi({ description: 'true when sent by Callback Echo' }),
  })
  .openapi('PartnerNotification')

const WebhookHeadersSchema = z.object({
  'webhook-id': z.string().openapi({ description: 'The notification id: deduplicate on it (delivery is at-least-once)' }),
  'webhook-timestamp': z.string().openapi({ description: 'Unix seconds of this attempt; refuse ones far from your clock' }),
  'webhook-signature': z.string().openapi({
    description: '`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed by the base64-decoded part of the `whsec_` secret',
  }),
  'user-agent': z.string().openapi({ example: 'mortgage-sandbox/0.3.0 (+webhooks)' }),
})

/**
 * Documents what the sandbox POSTs to a partner's callback address (OpenAPI 3.1 `webhooks`),
 * with the retry policy a partner's receiver has to live with.
 */
export function registerNotificationWebhooks(registry: OpenAPIHono['openAPIRegistry']): void {
  registry.registerWebhook({
    method: 'post',
    path: 'partnerNotification',
    tags: ['Partners'],
    summary: 'Notification pushed to a registered callback address',
    operationId: 'partnerNotification',
    // The sandbox calls the partner: no token; the receiver verifies the webhook-signature header.
    security: [],
    description: `Standard Webhooks delivery, one per notification and type configured with Callback Update.
Success is any 2xx within 15 s. The first attempt goes out at once; a failed one is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h:
8 attempts in all, the last about 27 h 35 min after the change (each delay ±10%, times multiplied by SANDBOX_TIME_SCALE), never sooner than a Retry-After asks. 410 Gone disables the configuration. Redirects are not followed.
Notifications of one process or simulation arrive one at a time, in the order they happened. Every attempt is listed by GET /sandbox/deliveries.`,
    request: {
      headers: WebhookHeadersSchema,
      body: { required: true, content: { 'application/json': { schema: NotificationSchema } } },
    },
    responses: {
      200: { description: 'Any 2xx: delivered' },
      410: { description: 'Gone: the configuration is disabled until Callback Update is called again' },
    },
  })
}
