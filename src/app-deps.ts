import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { NotificationPublisher } from './callbacks/notification-publisher.ts'
import type { Clock } from './clock.ts'
import { systemClock } from './clock.ts'
import type { Config } from './config.ts'
import type { Db } from './db/connection.ts'
import { createLogger, type Logger } from './http/logger.ts'
import { createAuthRepository, type AuthRepository } from './modules/auth/auth.repository.ts'
import { createTokenService, type TokenService } from './modules/auth/token.service.ts'
import { createTaxonomyCatalog, type TaxonomyCatalog } from './modules/taxonomy/taxonomy.catalog.ts'
import { readAllItems } from './modules/taxonomy/taxonomy.repository.ts'
import { fromRoot } from './package-root.ts'

/** Everything a request handler may use, built once per app from one database connection. */
export interface AppDeps {
  config: Config
  db: Db
  clock: Clock
  logger: Logger
  version: string
  taxonomy: TaxonomyCatalog
  tokens: TokenService
  authRepository: AuthRepository
  notifications: NotificationPublisher
  /** null when healthy, else what is failing. */
  checkHealth(): string | null
}

export const packageVersion = (): string =>
  (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version

export interface DepsOptions {
  config: Config
  db: Db
  clock?: Clock
  logger?: Logger
}

/** Builds the dependencies on a migrated and seeded database. */
export function createAppDeps({ config, db, clock = systemClock, logger = createLogger(config.logLevel) }: DepsOptions): AppDeps {
  const healthProbe = db.prepare('SELECT 1')
  return {
    config,
    db,
    clock,
    logger,
    version: packageVersion(),
    taxonomy: createTaxonomyCatalog(readAllItems(db)),
    tokens: createTokenService(db, config, clock),
    authRepository: createAuthRepository(db),
    // Replaced by the outbox publisher of src/callbacks when the callbacks module lands.
    notifications: { publish: () => randomUUID() },
    checkHealth() {
      try {
        healthProbe.get()
        return null
      } catch (error) {
        return `database unavailable (${error instanceof Error ? error.message : String(error)})`
      }
    },
  }
}
