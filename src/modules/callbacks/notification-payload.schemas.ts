import { z } from '@hono/zod-openapi'
import { NOTIFICATION_TYPES, type DeclaredNotificationType, type NotificationResource } from './notification-types.schemas.ts'

// The payload POSTed to a partner's callback address: one shape per notification type, told apart by
// `notificationType` (the code of notification-types), so a generated client reads `data` typed.
// Each type's id, code, resource and data are its declaration's (notification-types.schemas.ts); the
// wire format is the one of notification-events.ts, built from the same declaration.

const common = {
  notificationId: z.string().openapi({ description: 'Also the webhook-id header; the same on every retry', example: 'msg_01KF0Z8X6Q3W9T4N5M2B7C1D0E' }),
  partnerUniqueID: z.uuid(),
  occurredAt: z.iso.datetime(),
  test: z.boolean().openapi({ description: 'true when sent by Callback Echo' }),
}
const processId = { processUniqueId: z.uuid() }
const simulationId = { simulationUniqueId: z.uuid() }
const eitherId = {
  processUniqueId: z.uuid().optional().openapi({ description: 'Exactly one of processUniqueId or simulationUniqueId' }),
  simulationUniqueId: z.uuid().optional(),
}

/** A code's name in the documents: PROCESS_STATUS_CHANGED → ProcessStatusChanged. */
export const pascalName = (code: string): string => code.toLowerCase().replace(/(^|_)([a-z])/g, (_, _sep: string, letter: string) => letter.toUpperCase())

const RESOURCE_IDS: Record<NotificationResource, Record<string, z.ZodType>> = { process: processId, simulation: simulationId, both: eitherId }

/** One type's payload, registered under its own name so the union's discriminator maps to it. */
function payload(type: DeclaredNotificationType) {
  return z
    .object({ ...common, notificationTypeId: z.literal(type.id), notificationType: z.literal(type.code), ...RESOURCE_IDS[type.resource], data: type.data })
    .openapi(`PartnerNotification${pascalName(type.code)}`, { description: `Notification type ${type.id} (${type.code}): ${type.summary}` })
}

/** Each type's payload, in the order of the declarations: the AsyncAPI document's messages. */
export const NOTIFICATION_PAYLOADS = NOTIFICATION_TYPES.map((type) => ({ type, schema: payload(type) }))

export const NotificationPayloadSchema = z
  .discriminatedUnion('notificationType', NOTIFICATION_PAYLOADS.map((p) => p.schema) as unknown as [ReturnType<typeof payload>, ...Array<ReturnType<typeof payload>>])
  .openapi('PartnerNotification', { description: 'What the sandbox POSTs to a callback address: one shape per notificationType' })

/** The headers of every delivery (Standard Webhooks), as the OpenAPI webhooks document them. */
export const WebhookHeadersSchema = z.object({
  'webhook-id': z.string().openapi({ description: 'The notification id: deduplicate on it (delivery is at-least-once)' }),
  'webhook-timestamp': z.string().openapi({ description: 'Unix seconds of this attempt; refuse ones far from your clock' }),
  'webhook-signature': z.string().openapi({
    description: '`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed by the base64-decoded part of the `whsec_` secret',
  }),
  'user-agent': z.string().openapi({ example: 'mortgage-sandbox/0.4.0 (+webhooks)' }),
})
