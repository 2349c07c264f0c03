import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { Metrics } from '../../common/metrics.ts'
import type { AppEnv } from '../../http/app-env.ts'

/** What a request that matched no route is counted as: raw paths would be a label per probe of a scanner. */
export const UNMATCHED = 'unmatched'

/**
 * Distinct method and path pairs whose operation is remembered (as the router remembers its
 * matches); past it the memo starts over. A longer path than any of the bank's is not remembered:
 * the memo's memory stays small whatever a client sends.
 */
const MEMO_SIZE = 1024
const MEMO_KEY_CHARS = 256

/**
 * Counts every request by its operation, the route template Hono matched (`GET
 * /v1/simulations/:simulationUniqueId`, never the raw path), its status class and its time. First
 * in the chain, so refusals of the drain, the auth and the fair share are counted too.
 */
export function requestMetrics(metrics: Metrics): MiddlewareHandler<AppEnv> {
  // A method and path always match the same route: its operation is looked up once, not on every request.
  const operations = new Map<string, string>()
  const operationOf = (c: Context<AppEnv>): string => {
    const key = `${c.req.method} ${c.req.path}`
    let operation = operations.get(key)
    if (operation === undefined) {
      const route = matchedRoutes(c).find((r) => r.method !== 'ALL')
      operation = route ? `${c.req.method} ${route.path}` : UNMATCHED
      if (key.length <= MEMO_KEY_CHARS) {
        if (operations.size >= MEMO_SIZE) operations.clear()
        operations.set(key, operation)
      }
    }
    return operation
  }
  return async (c, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      metrics.request(operationOf(c), c.res.status, (performance.now() - started) / 1000)
    }
  }
}
