import type { AppRouteHandler } from '../../../http/router/app-env.ts'
import type * as routes from './health.routes.ts'
import type { HealthProbe } from './health.service.ts'

export const healthHandlers = (probe: HealthProbe) => ({
  health: ((c) => {
    const problem = probe.check()
    if (problem) {
      c.header('Retry-After', '5')
      return c.text(`Unhealthy: ${problem}`, 503)
    }
    return c.text('Healthy', 200)
  }) satisfies AppRouteHandler<typeof routes.health>,

  version: ((c) => c.text(probe.version, 200)) satisfies AppRouteHandler<typeof routes.version>,
})
