import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, EnvelopeSchema, jsonContent } from '../../http/openapi/openapi-schemas.ts'
import { CallbackListSchema, CallbackParamsSchema, CallbackUpdateRequestSchema, CallbackUpdateResultSchema, PartnerParamsSchema } from './callbacks.schemas.ts'
import { ECHO_EXAMPLES, EchoParamsSchema, EchoRequestSchema, EchoResultSchema } from './echo.schemas.ts'

const tags = ['Partners']

export const update = createRoute({
  method: 'put',
  path: '/{partnerUniqueID}/callbacks/{notificationType}',
  tags,
  summary: 'Callback Update (create or update)',
  operationId: 'callbackUpdate',
  description: `Registers or replaces the address notifications of one type are POSTed to (no /v1 prefix, as in the interface document).
Answers 201 with a new signing secret when the configuration is created, 200 when its address changes (the secret stays).
Deliveries follow Standard Webhooks (see "webhooks"): verify \`webhook-signature\` with the secret.
The partner's callbacks serve all its brokers: changing them needs a user who administers the partner (403 otherwise).`,
  security: bearerSecurity,
  request: {
    params: CallbackParamsSchema,
    body: { required: true, content: { 'application/json': { schema: CallbackUpdateRequestSchema } } },
  },
  responses: {
    200: jsonContent(CallbackUpdateResultSchema, 'The address of an existing configuration was replaced'),
    201: jsonContent(CallbackUpdateResultSchema, 'The configuration was created'),
    ...authedErrors(400, 403, 409, 413, 415),
  },
})

export const list = createRoute({
  method: 'get',
  path: '/{partnerUniqueID}/callbacks',
  tags,
  summary: 'Callback List',
  operationId: 'callbackList',
  description:
    'The active callback configurations of the partner, by notification type, as the document says. A configuration whose address answered 410 Gone is disabled and left out until Callback Update sets an address again (the delivery log, /sandbox/deliveries, shows why). The signing secret is never shown in full.',
  security: bearerSecurity,
  request: { params: PartnerParamsSchema },
  responses: { 200: jsonContent(CallbackListSchema, 'The configurations'), ...authedErrors(400, 403) },
})

export const remove = createRoute({
  method: 'delete',
  path: '/{partnerUniqueID}/callbacks/{notificationType}',
  tags,
  summary: 'Callback Delete',
  operationId: 'callbackDelete',
  description:
    'Removes the configuration of one type: its notifications still waiting are dropped and none is pushed until an address is registered again. 404 when there is none. Needs a user who administers the partner (403 otherwise).',
  security: bearerSecurity,
  request: { params: CallbackParamsSchema },
  responses: { 200: jsonContent(EnvelopeSchema, 'The configuration was removed'), ...authedErrors(400, 403, 404) },
})

export const echo = createRoute({
  method: 'post',
  path: '/v1/callbacks/echo/{partnerUniqueID}/{notificationTypeID}',
  tags,
  summary: 'Callback Echo',
  operationId: 'callbackEcho',
  description: `Sends a simulated notification (\`test: true\`) of type 5, 6 or 7 to the address registered for that type, signed and retried like any other.
The body names exactly one of \`processUniqueId\` or \`simulationUniqueId\`, which must be one of your partner's: the ids in the examples stand for yours,
use one from Simulation List (GET /v1/simulations) or Process List: another broker's is not found (404). Type 5 takes a process, 6 a simulation, 7 either. Every other field is optional:
the status defaults to the resource's current one, the message text to a test text. 400 when the type has no callback configuration.`,
  security: bearerSecurity,
  request: {
    params: EchoParamsSchema,
    body: { required: true, content: { 'application/json': { schema: EchoRequestSchema, examples: ECHO_EXAMPLES } } },
  },
  responses: {
    200: jsonContent(EchoResultSchema, 'The notification was queued for delivery'),
    ...authedErrors(400, 403, 404, 413, 415),
  },
})
