import type { Db } from '../../db/connection.ts'
import type { Metrics } from '../../common/metrics.ts'
import { NO_METRICS } from '../../common/metrics.ts'
import { createRouter } from '../../http/router/create-router.ts'
import { healthHandlers } from './health/health.handlers.ts'
import { createHealthRepository } from './health/health.repository.ts'
import * as healthRoutes from './health/health.routes.ts'
import { createHealthProbe as createProbe, type HealthProbe } from './health/health.service.ts'
import { createBackupSchedule, type BackupSettings } from './backup-schedule.ts'
import { metricsToken, type MetricsExposure } from './metrics-token-middleware.ts'
import { operationsHandlers } from './operations.handlers.ts'
import { createOperationsRepository } from './operations.repository.ts'
import * as routes from './operations.routes.ts'
import { createPrometheusMetrics } from './prometheus-metrics.ts'
import { createReadiness } from './readiness.service.ts'
import type { Logger } from '../../platform/logger.ts'

export { requestMetrics } from './request-metrics-middleware.ts'
export type { MetricsExposure } from './metrics-token-middleware.ts'
export type { Readiness } from './readiness.service.ts'
export type { BackupSettings } from './backup-schedule.ts'
export type { HealthProbe } from './health/health.service.ts'

export interface OperationsDeps {
  db: Db
  dbPath: string
  logger: Logger
  /** The machine's time. */
  now: () => Date
  exposure: MetricsExposure
  backup: BackupSettings
  latestMigration: number
  workersRunning: () => boolean
  draining: () => boolean
}

/**
 * The operator's side of the sandbox (docs/operating.md): the metrics every service reports to
 * (`NO_METRICS` when off), the readiness the probes read, the scheduled backups.
 */
export function createOperations(deps: OperationsDeps) {
  const repository = createOperationsRepository(deps.db)
  const prometheus = deps.exposure.enabled ? createPrometheusMetrics({ repository, dbPath: deps.dbPath, now: deps.now }) : undefined
  const metrics: Metrics = prometheus?.metrics ?? NO_METRICS
  const readiness = createReadiness({
    repository,
    dbPath: deps.dbPath,
    connection: () => ({ open: deps.db.open, readonly: deps.db.readonly }),
    latestMigration: deps.latestMigration,
    workersRunning: deps.workersRunning,
    draining: deps.draining,
  })
  const backups = createBackupSchedule({ dbPath: deps.dbPath, settings: deps.backup, logger: deps.logger, metrics, now: deps.now })
  return { metrics, readiness, backups, exposure: deps.exposure, scrape: prometheus }
}

export type Operations = ReturnType<typeof createOperations>

/** GET /livez, GET /readyz (anyone) and GET /metrics (the metrics token on a hosted sandbox). */
export function operationsRouter(operations: Operations) {
  const handlers = operationsHandlers(operations.readiness, operations.scrape)
  const router = createRouter()
  router.use('/metrics', metricsToken(operations.exposure))
  return router.openapi(routes.livez, handlers.livez).openapi(routes.readyz, handlers.readyz).openapi(routes.metrics, handlers.metrics)
}

/** Health (the bank's operation group): the database answers a query. */
export const createHealthProbe = (db: Db, version: string): HealthProbe => createProbe({ repo: createHealthRepository(db), version })

/** Health and Version: no token. */
export function healthRouter(probe: HealthProbe) {
  const handlers = healthHandlers(probe)
  return createRouter().openapi(healthRoutes.health, handlers.health).openapi(healthRoutes.version, handlers.version)
}
