import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../../http/openapi/openapi-schemas.ts'
import { DeliveriesPageSchema, DeliveriesQuerySchema, RetryParamsSchema, RetryResultSchema } from './sandbox-deliveries.schemas.ts'

const tags = ['Sandbox']

export const list = createRoute({
  method: 'get',
  path: '/sandbox/deliveries',
  tags,
  summary: 'List callback deliveries',
  operationId: 'sandboxDeliveryList',
  description:
    "Sandbox control API (not part of the bank's API): the notifications of the caller's partner, newest first, each with every delivery attempt (time, URL, HTTP status, latency, error, first 1 KB of the answer). `nextRecord` / `previousRecord` take a notificationId.",
  security: bearerSecurity,
  request: { query: DeliveriesQuerySchema },
  responses: { 200: jsonContent(DeliveriesPageSchema, 'One page of deliveries'), ...authedErrors(400) },
})

export const retry = createRoute({
  method: 'post',
  path: '/sandbox/deliveries/{notificationId}/retry',
  tags,
  summary: 'Redeliver a notification now',
  operationId: 'sandboxDeliveryRetry',
  description:
    "Sandbox control API (not part of the bank's API): sends the notification again at once, to the address now registered for its type, with the same webhook-id. A pending notification keeps its remaining retries; a finished one gets one more attempt. It still waits behind an earlier pending notification of the same resource. 404 for another partner's notification; 400 when its type has no active configuration.",
  security: bearerSecurity,
  request: { params: RetryParamsSchema },
  responses: { 200: jsonContent(RetryResultSchema, 'The notification is queued for delivery'), ...authedErrors(400, 404) },
})
