import type { Db } from '../../db/connection.ts'
import { createRouter } from '../../http/create-router.ts'
import { healthHandlers } from './health.handlers.ts'
import { createHealthRepository } from './health.repository.ts'
import * as routes from './health.routes.ts'
import { createHealthProbe as createProbe, type HealthProbe } from './health.service.ts'

export type { HealthProbe } from './health.service.ts'

/** Health: the database answers a query. */
export const createHealthProbe = (db: Db, version: string): HealthProbe => createProbe({ repo: createHealthRepository(db), version })

/** Health and Version: no token. */
export function healthRouter(probe: HealthProbe) {
  const handlers = healthHandlers(probe)
  return createRouter().openapi(routes.health, handlers.health).openapi(routes.version, handlers.version)
}
