import type { AppRouteHandler } from '../../http/app-env.ts'
import type * as routes from './health.routes.ts'

export const health: AppRouteHandler<typeof routes.health> = (c) => {
  const problem = c.get('deps').checkHealth()
  if (problem) {
    c.header('Retry-After', '5')
    return c.text(`Unhealthy: ${problem}`, 503)
  }
  return c.text('Healthy', 200)
}

export const version: AppRouteHandler<typeof routes.version> = (c) => c.text(c.get('deps').version, 200)
