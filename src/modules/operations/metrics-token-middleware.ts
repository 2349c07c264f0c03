import { createHash, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { ApiError } from '../../common/api-error.ts'
import type { AppEnv } from '../../http/router/app-env.ts'

const digest = (value: string) => createHash('sha256').update(value).digest()

export interface MetricsExposure {
  /** Metrics collected at all (SANDBOX_METRICS); off, /metrics is not there. */
  enabled: boolean
  /** SANDBOX_METRICS_TOKEN: when set, a scrape must bring it as a bearer token. */
  token: string | undefined
  /** A hosted sandbox without a token keeps its metrics closed. */
  mode: 'local' | 'hosted'
}

/**
 * Who may scrape (docs/decisions.md "Operations"): anyone on a local sandbox; with a metrics token,
 * only its bearer; a hosted sandbox without one answers 403. Checked before anything is collected:
 * a refused scrape costs a hash.
 */
export function metricsToken(exposure: MetricsExposure): MiddlewareHandler<AppEnv> {
  const expected = exposure.token === undefined ? undefined : digest(exposure.token)
  return async function metricsToken(c, next) {
    if (!exposure.enabled) throw new ApiError('ROUTE_NOT_FOUND', { field: 'path', params: { method: c.req.method, path: c.req.path } })
    if (expected) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
      if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
        throw new ApiError('UNAUTHENTICATED', { field: 'Authorization', params: { detail: "the metrics need 'Authorization: Bearer <SANDBOX_METRICS_TOKEN>'" } })
      }
    } else if (exposure.mode === 'hosted') {
      throw new ApiError('FORBIDDEN', { field: 'Authorization', params: { detail: 'read the metrics: this hosted sandbox has no metrics token (SANDBOX_METRICS_TOKEN)' } })
    }
    await next()
  }
}
