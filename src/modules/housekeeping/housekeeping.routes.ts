import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../http/openapi-schemas.ts'
import { ResetResultSchema } from './housekeeping.schemas.ts'

export const reset = createRoute({
  method: 'post',
  path: '/sandbox/reset',
  tags: ['Sandbox'],
  summary: "Reset the caller partner's data",
  operationId: 'sandboxReset',
  description:
    "Sandbox control API (not part of the bank's API): deletes everything the caller's partner made, for every broker of the partner: simulations and processes with everything under them, messages, the captured mailbox, notifications and their deliveries, callback configurations, scenario jobs (pending ones never run). The partner is back to the seeds: its identities and the reference lists stay, as does every other partner's data. Numbers (simulationNumber, processNumber) are not reused. No body. It needs a user who administers the partner (403 otherwise).",
  security: bearerSecurity,
  responses: { 200: jsonContent(ResetResultSchema, 'Reset, with how many records went'), ...authedErrors(403) },
})
