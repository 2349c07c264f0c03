import { createRoute } from '@hono/zod-openapi'
import { plainText } from './health.schemas.ts'

const text = (example: string, description: string) => ({ description, content: { 'text/plain': { schema: plainText(example) } } })

export const health = createRoute({
  method: 'get',
  path: '/v1/health',
  tags: ['Health'],
  summary: 'Health',
  operationId: 'health',
  // Public: no token (an explicit empty requirement, so that linters and generated clients know).
  security: [],
  description: 'Overall status of the service and its dependencies (the database). No token needed.',
  responses: {
    200: text('Healthy', 'The service and its dependencies work'),
    503: text('Unhealthy: database unavailable', 'A dependency is failing'),
  },
})

export const version = createRoute({
  method: 'get',
  path: '/v1/health/version',
  tags: ['Health'],
  summary: 'Version',
  operationId: 'version',
  // Public: no token (an explicit empty requirement, so that linters and generated clients know).
  security: [],
  description: 'The running version of the service. No token needed.',
  responses: { 200: text('0.4.0', 'The version') },
})
