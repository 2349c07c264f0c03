import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../http/openapi/openapi-schemas.ts'
import { ScenarioListSchema } from './partner-scenarios.schemas.ts'

export const listScenarios = createRoute({
  method: 'get',
  path: '/sandbox/scenarios',
  tags: ['Sandbox'],
  summary: 'List scenarios',
  operationId: 'sandboxScenarioList',
  description:
    "Sandbox control API, not part of the bank's API. The scenarios the caller may use: the sandbox's, then its partner's own (POST /sandbox/scenarios; `owner` says whose). Send `X-Sandbox-Scenario: <name>` on any operation, or put one of its magic values in a request, to force its effects. Effects that do not apply to an operation (a simulation effect on a process operation) are ignored there.",
  security: bearerSecurity,
  responses: {
    200: jsonContent(ScenarioListSchema, 'The scenarios'),
    ...authedErrors(),
  },
})
