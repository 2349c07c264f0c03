import type { OpenAPIHono, z } from '@hono/zod-openapi'
import { NotificationPayloadSchema, WebhookHeadersSchema } from './notification-payload.schemas.ts'
import type { NotificationBody } from './outbox-publisher.ts'

/**
 * The payload, documented as the union of its types; typed as the body the outbox stores, whose
 * codes it reads from notification-types at run time (the delivery log answers those bodies).
 */
export const NotificationSchema = NotificationPayloadSchema as unknown as z.ZodType<NotificationBody>

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
