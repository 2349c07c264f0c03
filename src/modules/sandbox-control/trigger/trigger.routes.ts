import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../../http/openapi/openapi-schemas.ts'
import { TRIGGER_EXAMPLE, TriggerRequestSchema, TriggerResultSchema } from './trigger.schemas.ts'

export const trigger = createRoute({
  method: 'post',
  path: '/sandbox/trigger',
  tags: ['Sandbox'],
  summary: 'Send one real notification of a type',
  operationId: 'sandboxTrigger',
  description: `Sandbox control API, not part of the bank's API: the bank's side makes one notification of the type, from the simulation or process named (of the caller's broker; another's is a 404) or from records the sandbox creates for it through the API's own operations (they count against the partner's quotas: 409, 010605). It goes through the outbox like any other: to the address registered for the type (Callback Update) and to \`mortgage-sandbox listen\`, signed, retried, in the delivery log. Records created or moved on the way send their own notifications, as any change does. An unknown type is a 400 listing the known ones; a record the type cannot come from (a Rejected process for a decision) is a 400 naming its status. \`mortgage-sandbox trigger <type>\` calls it.`,
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: TriggerRequestSchema, example: TRIGGER_EXAMPLE } } } },
  responses: { 201: jsonContent(TriggerResultSchema, 'Published'), ...authedErrors(400, 404, 409, 413, 415) },
})
