import type { MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { Metrics } from '../../common/metrics.ts'
import type { AppEnv } from '../../http/app-env.ts'

/** What a request that matched no route is counted as: raw paths would be a label per probe of a scanner. */
export const UNMATCHED = 'unmatched'

/**
 * Counts every request by its operation, the route template Hono matched (`GET
 * /v1/simulations/:simulationUniqueId`, never the raw path), its status class and its time. First
 * in the chain, so refusals of the drain, the auth and the fair share are counted too.
 */
export function requestMetrics(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      const route = matchedRoutes(c).find((r) => r.method !== 'ALL')
      const operation = route ? `${c.req.method} ${route.path}` : UNMATCHED
      metrics.request(operation, c.res.status, (performance.now() - started) / 1000)
    }
  }
}
