import { readFileSync } from 'node:fs'
import { createCallbackDelivery, type CallbackDelivery } from './modules/callbacks/callback-delivery.ts'
import type { HostResolver } from './modules/callbacks/address-policy.ts'
import type { NotificationPublisher } from './modules/callbacks/notification-publisher.ts'
import type { Clock } from './clock.ts'
import { systemClock } from './clock.ts'
import type { Config } from './config.ts'
import type { Db } from './db/connection.ts'
import { createGroupCommit, type GroupCommit } from './db/group-commit.ts'
import { createLogger, type Logger } from './logger.ts'
import { createAuthRepository, type AuthRepository } from './modules/auth/auth.repository.ts'
import { createTokenService, type TokenService } from './modules/auth/token.service.ts'
import { createTaxonomyCatalog, type TaxonomyCatalog } from './modules/taxonomy/taxonomy.catalog.ts'
import { listReader } from './modules/taxonomy/taxonomy.repository.ts'
import { fromRoot } from './package-root.ts'
import { loadScenarios } from './modules/sandbox-scenarios/scenario-loader.ts'
import { createScenarioRegistry, type ScenarioRegistry } from './modules/sandbox-scenarios/scenario-registry.ts'
import { createSandboxJobRepository, type SandboxJobRepository } from './modules/sandbox-jobs/sandbox-job.repository.ts'
import { createSandboxJobWorker, type SandboxJobWorker } from './modules/sandbox-jobs/sandbox-job-worker.ts'
import { scenarioJobHandlers } from './modules/sandbox-control/scenario-job-handlers.ts'
import { checkScenarioReferences } from './modules/sandbox-scenarios/scenario-references.ts'
import { simulationServices } from './modules/simulations/simulation-services.ts'
import type { SimulationService } from './modules/simulations/simulations.service.ts'
import type { SimulationMessageService } from './modules/messages/simulation-messages.service.ts'
import type { SimulationEsisService } from './modules/esis/simulation-esis.service.ts'
import type { Mailer } from './modules/mailbox/mailer.ts'
import { createProcessStore, type ProcessStore } from './modules/processes/process-store.ts'

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
  /** Callback configurations, address policy, delivery worker (started by the server) and log. */
  callbacks: CallbackDelivery
  /** Simulations (issue 3): lifecycle, validation, list. */
  simulations: SimulationService
  simulationMessages: SimulationMessageService
  simulationEsis: SimulationEsisService
  /** Sandbox e-mails: captured in mailbox_message, relayed over SMTP when SANDBOX_SMTP_URL is set. */
  mailer: Mailer
  /** Processes (issue 4): repositories of processes, borrowers, documents, property and messages. */
  processes: ProcessStore
  /** Sandbox scenarios (shipped and the partner's own), by name and by magic value. */
  scenarios: ScenarioRegistry
  /** The scenarios' delayed actions (the bank's side): stored jobs and their worker (started by the server). */
  sandboxJobs: { repository: SandboxJobRepository; worker: SandboxJobWorker }
  /** Concurrent writes share one commit; answers wait for it (db/group-commit.ts). */
  groupCommit: GroupCommit
  /** null when healthy, else what is failing. */
  checkHealth(): string | null
}

/** The shipped scenarios, then the partner's own folder (which may override them by name). */
export const scenarioFolders = (config: Config): string[] => [fromRoot('scenarios'), ...(config.scenariosDir ? [config.scenariosDir] : [])]

export const packageVersion = (): string =>
  (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version

export interface DepsOptions {
  config: Config
  db: Db
  clock?: Clock
  logger?: Logger
  /** DNS of the callback address policy (tests). */
  callbackResolver?: HostResolver
}

/** Builds the dependencies on a migrated and seeded database. */
export function createAppDeps({ config, db, clock = systemClock, logger = createLogger(config.logLevel), callbackResolver }: DepsOptions): AppDeps {
  const healthProbe = db.prepare('SELECT 1')
  const version = packageVersion()
  const taxonomy = createTaxonomyCatalog(listReader(db))
  const callbacks = createCallbackDelivery({
    db,
    config,
    clock,
    logger,
    version,
    taxonomy,
    ...(callbackResolver ? { resolve: callbackResolver } : {}),
  })
  const scenarios = createScenarioRegistry(loadScenarios(scenarioFolders(config)))
  checkScenarioReferences(scenarios.all(), taxonomy)
  const jobRepository = createSandboxJobRepository(db)
  // The job handlers act through the services below: they read `deps` when a job runs.
  const jobWorker = createSandboxJobWorker({ db, clock, logger, repository: jobRepository, handlers: scenarioJobHandlers(() => deps) })
  const deps: AppDeps = {
    config,
    db,
    clock,
    logger,
    version,
    taxonomy,
    tokens: createTokenService(db, config, clock),
    authRepository: createAuthRepository(db),
    notifications: callbacks.publisher,
    callbacks,
    ...simulationServices({ db, clock, taxonomy, logger, config, notifications: callbacks.publisher, scenarios, jobs: jobWorker }),
    processes: createProcessStore(db),
    scenarios,
    sandboxJobs: { repository: jobRepository, worker: jobWorker },
    groupCommit: createGroupCommit(db, (error) => logger.error('group commit failed', { error: error instanceof Error ? error.message : String(error) })),
    checkHealth() {
      try {
        healthProbe.get()
        return null
      } catch (error) {
        return `database unavailable (${error instanceof Error ? error.message : String(error)})`
      }
    },
  }
  return deps
}
