import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../../http/openapi/openapi-schemas.ts'
import { JobsPageSchema, JobsQuerySchema } from './sandbox-jobs.schemas.ts'

export const list = createRoute({
  method: 'get',
  path: '/sandbox/jobs',
  tags: ['Sandbox'],
  summary: 'List scenario jobs',
  operationId: 'sandboxJobList',
  description:
    "Sandbox control API (not part of the bank's API): the delayed actions scenarios scheduled for the caller's partner (process lifecycle steps, bank messages, document requests), pending and finished, newest first, with when each is due and what came of it. Pending jobs survive a restart and run when due; SANDBOX_TIME_SCALE shortens their delays.",
  security: bearerSecurity,
  request: { query: JobsQuerySchema },
  responses: { 200: jsonContent(JobsPageSchema, 'One page of jobs'), ...authedErrors(400) },
})
