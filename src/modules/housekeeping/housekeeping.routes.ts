import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../http/openapi/openapi-schemas.ts'
import { ResetResultSchema } from './housekeeping.schemas.ts'
import { RESET_SUMMARY } from './reset-text.ts'

export const reset = createRoute({
  method: 'post',
  path: '/sandbox/reset',
  tags: ['Sandbox'],
  summary: "Reset the caller partner's data",
  operationId: 'sandboxReset',
  description: `Sandbox control API (not part of the bank's API). ${RESET_SUMMARY} Numbers (simulationNumber, processNumber) are not reused. No body. Answers how many of each kind went. It needs a user who administers the partner (403 otherwise).`,
  security: bearerSecurity,
  responses: { 200: jsonContent(ResetResultSchema, 'Reset, with how many records went'), ...authedErrors(403) },
})
