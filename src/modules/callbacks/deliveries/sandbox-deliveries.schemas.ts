import { z } from '@hono/zod-openapi'
import { envelopeSchema } from '../../../http/openapi/openapi-schemas.ts'
import { pagingQuerySchema } from '../../../common/pagination.ts'
import { NotificationSchema } from '../notification.webhooks.ts'

export const NOTIFICATION_STATUSES = ['pending', 'delivered', 'failed', 'disabled', 'skipped'] as const

const STATUS_HELP =
  'pending: waiting for its next attempt; delivered: a 2xx arrived (from the registered address, or, with no address for the type, through a listener of `mortgage-sandbox listen`, which statusReason names); failed: 8 attempts without success; disabled: the configuration answered 410 or was disabled; skipped: no configuration for the type (at the change, or deleted since) and no listener received it'

export const DeliveriesQuerySchema = pagingQuerySchema.extend({
  status: z.enum(NOTIFICATION_STATUSES).optional().openapi({ description: STATUS_HELP }),
  notificationTypeId: z.coerce.number().int().positive().optional().openapi({ description: 'An id of notification-types', example: 6 }),
})

const AttemptSchema = z
  .object({
    attemptNumber: z.number().int().openapi({ example: 1 }),
    through: z.enum(['address', 'listen']).openapi({
      description:
        'address: sent to the registered callbackUrl; listen: forwarded by `mortgage-sandbox listen`, callbackUrl then being the address the listener forwards to, and the answer the one it reported',
    }),
    attemptedAt: z.iso.datetime(),
    callbackUrl: z.string(),
    httpStatus: z.number().int().nullable().openapi({ description: 'null when no answer arrived (network, TLS, timeout, refused address)' }),
    latencyMs: z.number(),
    error: z.string().nullable(),
    responseExcerpt: z.string().nullable().openapi({ description: 'The first 1 KB of the answer body' }),
    requestHeaders: z.record(z.string(), z.string()).nullable().openapi({
      description:
        'What the attempt sent besides the body: webhook-id, webhook-timestamp, webhook-signature, User-Agent, Content-Type; null when nothing was sent (no DNS answer, a refused address)',
    }),
  })
  .openapi('DeliveryAttempt')

export const DeliverySchema = z
  .object({
    notificationId: z.string(),
    notificationTypeId: z.number().int(),
    notificationType: z.string(),
    processUniqueId: z.string().nullable(),
    simulationUniqueId: z.string().nullable(),
    status: z.enum(NOTIFICATION_STATUSES).openapi({ description: STATUS_HELP }),
    statusReason: z.string().nullable().openapi({ description: 'The last error, or why the notification is not sent' }),
    test: z.boolean(),
    attempts: z.number().int(),
    nextAttemptAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    notification: NotificationSchema.openapi({ description: 'The body POSTed to the callback address' }),
    listen: z
      .object({
        status: z.enum(['pending', 'delivered', 'failed']),
        nextAttemptAt: z.iso.datetime().nullable(),
        replayed: z.boolean().openapi({ description: 'true: it reached no receiver at the change, was kept, and was replayed to a listener when one connected' }),
      })
      .nullable()
      .openapi({
        description:
          "Its delivery through the partner's listeners (`mortgage-sandbox listen`), with its own retries; null when no listener that takes it was connected at the change nor has replayed it since",
      }),
    attemptList: z.array(AttemptSchema),
  })
  .openapi('Delivery')

export const DeliveriesPageSchema = z.object({ totalRecords: z.number().int(), hasMoreResults: z.boolean(), deliveryList: z.array(DeliverySchema) }).openapi('DeliveriesPage')

export const RetryParamsSchema = z.object({
  notificationId: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: 'notificationId', in: 'path', required: true },
      description: 'A notificationId of GET /sandbox/deliveries (or of Callback Echo)',
      example: 'msg_01KF0Z8X6Q3W9T4N5M2B7C1D0E',
    }),
})

export const RetryResultSchema = envelopeSchema(z.object({ notificationId: z.string(), status: z.literal('pending') }), 'DeliveryRetryResult')
