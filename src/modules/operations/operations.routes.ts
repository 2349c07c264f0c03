import { createRoute } from '@hono/zod-openapi'
import { LivenessSchema, MetricsTextSchema, ReadinessSchema } from './operations.schemas.ts'

// The operator's endpoints, not the partners': left out of the API's document (hide), so the
// partners' generated clients and the Postman collection do not carry them. docs/operating.md.

export const livez = createRoute({
  method: 'get',
  path: '/livez',
  hide: true,
  summary: 'Liveness: the process answers',
  responses: { 200: { description: 'The event loop turns', content: { 'application/json': { schema: LivenessSchema } } } },
})

export const readyz = createRoute({
  method: 'get',
  path: '/readyz',
  hide: true,
  summary: 'Readiness: database writable, migrations applied, workers running, not stopping',
  responses: {
    200: { description: 'Ready for traffic', content: { 'application/json': { schema: ReadinessSchema } } },
    503: { description: 'Not ready: the body names what is not', content: { 'application/json': { schema: ReadinessSchema } } },
  },
})

export const metrics = createRoute({
  method: 'get',
  path: '/metrics',
  hide: true,
  summary: 'Metrics in the Prometheus text format',
  responses: { 200: { description: 'The metrics', content: { 'text/plain': { schema: MetricsTextSchema } } } },
})
