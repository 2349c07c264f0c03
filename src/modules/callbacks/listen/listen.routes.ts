import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../../http/openapi/openapi-schemas.ts'
import { ListenerParamsSchema, ListenQuerySchema, ListenReportResultSchema, ListenReportSchema, ListenStreamSchema } from './listen.schemas.ts'

const tags = ['Sandbox']

export const stream = createRoute({
  method: 'get',
  path: '/sandbox/listen',
  tags,
  summary: 'Receive the notifications on your machine (mortgage-sandbox listen)',
  operationId: 'sandboxListen',
  description:
    "Sandbox control API (not part of the bank's API): what `mortgage-sandbox listen` connects to. While the stream is open, the partner's notifications of the chosen types (all by default, whether or not an address is registered for the type) are sent through it, signed as a direct delivery is with the secret of the stream's ready event (an administrator's: the partner's listen secret; any other user's: a secret of its own, derived from it) (Standard Webhooks headers, `webhook-timestamp` the real time), besides any registered address. A user who does not administer the partner receives its broker's notifications only. Each is an attempt of the delivery log (`through: listen`) once reported, with the retry schedule of a direct delivery when no report comes; with no address for its type, a 2xx makes it `delivered`. What reached no receiver before the stream opened (no listener took it, no address) was kept, 24 hours at most and counted in the storage quota: it comes first, oldest first, marked `replayed`, its webhook-id unchanged (`since`, `replay=false`). A certification run's receiver checks come through it too. 409 (010605, quota `listeners`) past the partner's connected listeners, or for the last free one to a user who does not administer the partner (it is kept for an administrator); 409 (quota `listenersPerUser`) past 3 of one user.",
  security: bearerSecurity,
  request: { query: ListenQuerySchema },
  responses: {
    200: { description: 'The stream of notifications', content: { 'text/event-stream': { schema: ListenStreamSchema } } },
    ...authedErrors(400, 409),
  },
})

export const report = createRoute({
  method: 'post',
  path: '/sandbox/listen/{listenerId}/attempts',
  tags,
  summary: "Report the local server's answer to a forwarded notification",
  operationId: 'sandboxListenReport',
  description:
    "Sandbox control API (not part of the bank's API): the command line's report of one forwarded notification, recorded as an attempt of the delivery log. 404 when the listener is not the caller's connected one, or the attempt is no longer awaited (already reported, timed out, or its stream closed).",
  security: bearerSecurity,
  request: { params: ListenerParamsSchema, body: { content: { 'application/json': { schema: ListenReportSchema } }, required: true } },
  responses: { 200: jsonContent(ListenReportResultSchema, 'The attempt is recorded'), ...authedErrors(400, 404) },
})
