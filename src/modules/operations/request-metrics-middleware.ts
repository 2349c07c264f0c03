import type { Context, MiddlewareHandler } from 'hono'
import { PathMemo } from '../../common/bounded-map.ts'
import type { Metrics } from '../../common/metrics.ts'
import type { AppEnv } from '../../http/router/app-env.ts'
import { answeringRoute } from '../../http/router/memo-router.ts'

/** What a request that matched no route is counted as: raw paths would be a label per probe of a scanner. */
export const UNMATCHED = 'unmatched'

/**
 * Counts every request by its operation, the route template Hono matched (`GET
 * /v1/simulations/:simulationUniqueId`, never the raw path), its status class and its time. First
 * in the chain, so refusals of the drain, the auth and the fair share are counted too.
 */
export function requestMetrics(metrics: Metrics): MiddlewareHandler<AppEnv> {
  // A method and path always match the same route: its operation is looked up once, not on every request.
  const operations = new PathMemo<string>()
  const operationOf = (c: Context<AppEnv>): string => {
    const key = `${c.req.method} ${c.req.path}`
    let operation = operations.get(key)
    if (operation === undefined) {
      const route = answeringRoute(c)
      operation = route ? `${c.req.method} ${route.path}` : UNMATCHED
      operations.set(key, operation)
    }
    return operation
  }
  return async function countRequest(c, next) {
    const started = performance.now()
    try {
      await next()
    } finally {
      metrics.request(operationOf(c), c.res.status, (performance.now() - started) / 1000)
    }
  }
}
