import type { Db } from '../../db/connection.ts'
import type { AppEnv } from '../../http/app-env.ts'
import { healthHandlers, type HealthProbe } from './health.handlers.ts'
import * as routes from './health.routes.ts'
import { createRouter } from '../../http/create-router.ts'

export type { HealthProbe } from './health.handlers.ts'

/** Health: the database answers a query. */
export function createHealthProbe(db: Db, version: string): HealthProbe {
  const probe = db.prepare('SELECT 1')
  return {
    version,
    check() {
      try {
        probe.get()
        return null
      } catch (error) {
        return `database unavailable (${error instanceof Error ? error.message : String(error)})`
      }
    },
  }
}

/** Health and Version: no token. */
export function healthRouter(probe: HealthProbe) {
  const handlers = healthHandlers(probe)
  return createRouter().openapi(routes.health, handlers.health).openapi(routes.version, handlers.version)
}
