import { z } from '@hono/zod-openapi'

const check = z.string().openapi({ example: 'ok', description: '`ok`, or what is not ready' })

export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({ database: check, migrations: check, workers: check, draining: check }),
  notReady: z.array(z.enum(['database', 'migrations', 'workers', 'draining'])).openapi({ description: 'The checks that failed' }),
})

export const LivenessSchema = z.object({ status: z.literal('alive') })

export const MetricsTextSchema = z
  .string()
  .openapi({ example: '# HELP sandbox_partners Partners, by status\n# TYPE sandbox_partners gauge\nsandbox_partners{status="active"} 3\n' })
