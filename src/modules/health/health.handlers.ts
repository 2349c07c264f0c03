import type { AppRouteHandler } from '../../http/app-env.ts'
import type * as routes from './health.routes.ts'

export interface HealthProbe {
  /** The package version the sandbox runs. */
  version: string
  /** null when healthy, else what is failing. */
  check(): string | null
}

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
