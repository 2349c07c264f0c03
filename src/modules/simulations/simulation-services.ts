import type { NotificationPublisher } from '../callbacks/notification-publisher.ts'
import type { Clock } from '../../clock.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/connection.ts'
import type { Logger } from '../../logger.ts'
import { createMailer } from '../mailbox/mailer.ts'
import type { ScenarioJobScheduler } from '../sandbox-scenarios/scenario-jobs.ts'
import type { ScenarioRegistry } from '../sandbox-scenarios/scenario-registry.ts'
import { createAuthRepository } from '../auth/auth.repository.ts'
import { createSimulationEsisService } from '../esis/simulation-esis.service.ts'
import { createSimulationMessageService } from '../messages/simulation-messages.service.ts'
import type { TaxonomyCatalog } from '../taxonomy/taxonomy.catalog.ts'
import { createSimulationService } from './simulations.service.ts'

/** The services of the simulation groups (Simulations, SimulationsMessages, SimulationsESIS) and the mailer, for AppDeps. */
export function simulationServices(deps: {
  db: Db
  clock: Clock
  taxonomy: TaxonomyCatalog
  logger: Logger
  config: Config
  notifications: NotificationPublisher
  scenarios?: ScenarioRegistry
  /** The sandbox job worker, for the scenarios' delayed effects. */
  jobs?: ScenarioJobScheduler
}) {
  const { db, clock, taxonomy, logger, config, notifications } = deps
  const authRepository = createAuthRepository(db)
  const mailer = createMailer({ db, clock, logger, smtpUrl: config.smtpUrl })
  const simulations = createSimulationService({
    db,
    clock,
    taxonomy,
    authRepository,
    notifications,
    ...(deps.scenarios ? { scenarios: deps.scenarios } : {}),
    ...(deps.jobs ? { scenarioJobs: { jobs: deps.jobs, timeScale: config.timeScale } } : {}),
  })
  const simulationMessages = createSimulationMessageService({ db, clock, taxonomy, simulations, notifications })
  const simulationEsis = createSimulationEsisService({ clock, taxonomy, authRepository, simulations, mailer })
  return { simulations, simulationMessages, simulationEsis, mailer }
}
