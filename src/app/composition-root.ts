import { createPartnerClock, systemClock, type Clock } from '../platform/clock.ts'
import type { Config } from '../platform/config.ts'
import type { Db } from '../db/connection.ts'
import { latestMigration } from '../db/migrate.ts'
import { createSecretBox } from '../db/secret-box.ts'
import { createWriteBatch } from '../db/write-batch.ts'
import { createLogger, type Logger } from '../platform/logger.ts'
import { createCallbacks, type HostResolver } from '../modules/callbacks/index.ts'
import { createEsisService } from '../modules/esis/index.ts'
import { createMailbox, type SmtpRelay } from '../modules/mailbox/index.ts'
import { createDrainState } from '../http/pipeline/draining.ts'
import { createPartners, type PasswordVerifier } from '../modules/partners/index.ts'
import { createMessages, createProcesses } from '../modules/processes/index.ts'
import { createAudit, createRequestJournal } from '../modules/journal/index.ts'
import { createClockOffsets, createNotificationTrigger, createSandboxControl, SAMPLE_JOURNEY } from '../modules/sandbox-control/index.ts'
import { createHousekeeping } from '../modules/housekeeping/index.ts'
import { createScenarios } from '../modules/sandbox-scenarios/index.ts'
import { createSimulationDetailAnswers, createSimulations } from '../modules/simulations/index.ts'
import { createLoan } from '../modules/loan/index.ts'
import { createTaxonomy } from '../modules/taxonomy/index.ts'
import { fromRoot, packageVersion } from '../platform/package-root.ts'
import { createLoopback } from '../http/pipeline/loopback.ts'
import { createFairShare, partnerRateLimited } from '../http/fair-share/fair-share.ts'
import type { EsisDocument } from '../esis-pdf/esis-document.ts'
import { createEsisRenderPool, type EsisRenderPool } from '../esis-pdf/esis-render-pool.ts'
import { createCertification } from '../modules/certification/index.ts'
import { addPartnerDataOwners } from './partner-data-owners.ts'
import { createSandboxWorkers } from './sandbox-workers.ts'
import { createHealthProbe, createOperations } from '../modules/operations/index.ts'

/** The shipped scenarios, then the partner's own folder (which may override them by name). */
const scenarioFolders = (config: Config): string[] => [fromRoot('scenarios'), ...(config.scenariosDir ? [config.scenariosDir] : [])]

export interface SandboxOptions {
  config: Config
  /** Migrated and seeded (prepareDatabase). */
  db: Db
  clock?: Clock
  logger?: Logger
  /** DNS of the callback address policy (tests play rebinding with it). */
  callbackResolver?: HostResolver
  /** An SMTP relay of the tests' own. */
  smtpRelay?: SmtpRelay
  /** The password check (tests count its calls). */
  verifyPassword?: PasswordVerifier
  /**
   * ESIS render threads of the caller's, which it stops: the tests and the Pact verification build
   * many sandboxes in one process and share one set of threads. Without it, the sandbox starts its
   * own (SANDBOX_ESIS_*) and its stop ends them.
   */
  esisRenders?: EsisRenderPool
}

/**
 * Builds every service of the sandbox once, from the bottom up, each from exactly what it uses
 * (docs/architecture.md "The composition root"). Nothing below this file builds a service or knows
 * this file: the HTTP app mounts the routers of what this returns, the server starts its workers.
 */
export function buildSandbox(options: SandboxOptions) {
  const { config, db } = options
  const machineClock = options.clock ?? systemClock
  const logger = options.logger ?? createLogger(config.logLevel, undefined, config.logFormat)
  // Each partner's test clock: what its data reads; tokens, throttles and retention keep the machine's.
  const clockOffsets = createClockOffsets(db, logger)
  const clock = createPartnerClock(machineClock, clockOffsets)
  const version = packageVersion()
  const writes = createWriteBatch(db, (error) => logger.error('write batch failed', { error: error instanceof Error ? error.message : String(error) }))
  // The signing secrets the database keeps, sealed under SANDBOX_SECRETS_KEY when it is set.
  const secrets = createSecretBox(config.secretsKey)
  const drain = createDrainState()
  let workersRunning = false
  // First: every service below reports its events to its metrics (a no-op when SANDBOX_METRICS is off).
  const operations = createOperations({
    db,
    dbPath: config.dbPath,
    logger,
    now: () => machineClock.now(),
    exposure: { enabled: config.metrics.enabled, token: config.metrics.token, mode: config.mode },
    backup: config.backup,
    latestMigration: latestMigration(),
    workersRunning: () => workersRunning,
    draining: () => drain.draining,
  })
  const { metrics } = operations

  const taxonomy = createTaxonomy(db)
  // The mailbox needs the partners (contact addresses, quotas, administrators) and they send mail: given late.
  const mailbox = createMailbox({
    db,
    clock,
    logger,
    smtpUrl: config.smtpUrl,
    relay: options.smtpRelay,
    mail: config.mail,
    contactEmailOf: (partnerUniqueID) => partners.contactEmailOf(partnerUniqueID),
    assertRoom: (partnerUniqueID, bytes) => partners.quotas.assertRoom(partnerUniqueID, 'storageBytes', bytes),
    assertAdmin: (auth) => partners.account.assertAdmin(auth),
  })
  // A partner's data as a whole: built first, so the partners erase through it; its owners join below as they are built.
  const housekeeping = createHousekeeping({ writes, logger, clock: machineClock, retentionDays: config.retentionDays })
  const partners = createPartners({
    db,
    writes,
    clock: machineClock,
    logger,
    config,
    secrets,
    metrics,
    mailbox,
    eraseData: housekeeping.eraseData,
    verifyPassword: options.verifyPassword,
    // The callbacks are built below: a change of rights ends the user's open listen streams at once, saying why.
    accessChanged: (change) => callbacks.listen.accessChanged(change),
  })
  partners.applyDemoIdentities()
  const { quotas, auth } = partners
  const scenarioModule = createScenarios({
    folders: scenarioFolders(config),
    taxonomy,
    db,
    writes,
    clock,
    logger,
    timeScale: config.timeScale,
    faults: config.faults,
    languageOf: partners.languageOf,
    assertRoom: (partner, kind, adding) => quotas.assertRoom(partner, kind, adding),
  })
  const { registry: scenarios, picks: scenarioPicks, faults, jobs, scheduler } = scenarioModule
  const callbacks = createCallbacks({
    db,
    secrets,
    writes,
    config,
    clock,
    logger,
    version,
    taxonomy,
    assertRoom: (partner) => quotas.assertRoom(partner, 'callbackConfigurations'),
    listenersPerPartner: config.listenersPerPartner,
    languageOf: partners.languageOf,
    // An open listen stream is held to its token as every request is: it ends when the user loses its rights.
    authenticate: (authorization) => partners.auth.authenticate(authorization),
    metrics,
    ...(options.callbackResolver ? { resolve: options.callbackResolver } : {}),
  })
  const notifications = callbacks.publisher
  // The listeners' streams would hold the stop until its bound: they end at once, and their command lines reconnect elsewhere.
  drain.whenDraining(callbacks.listen.shutdown)

  const identityOf = partners.identityOf
  const loan = createLoan({ taxonomy })
  const simulations = createSimulations({
    db,
    writes,
    clock,
    taxonomy,
    loan,
    identityOf,
    notifications,
    scenarios,
    scheduler,
    assertRoom: (partner) => quotas.assertRoom(partner, 'simulations'),
  })
  const processes = createProcesses({
    db,
    writes,
    clock,
    taxonomy,
    loan,
    notifications,
    simulations,
    scenarios,
    scheduler,
    assertRoom: { processes: (partner) => quotas.assertRoom(partner, 'processes') },
    room: quotas,
  })
  const messages = createMessages({ db, writes, clock, notifications, simulations, processes, assertRoom: (partner, bytes) => quotas.assertRoom(partner, 'storageBytes', bytes) })
  // Each partner's share of the one process (hosted): the HTTP app lets requests in by it, the render threads charge it.
  const fairShare = config.rateLimit ? createFairShare({ ...config.rateLimit, ...config.fairShare }) : undefined
  const esisRenders = options.esisRenders ?? createEsisRenderPool(config.esisRendering)
  // A render's time in its thread is the partner's, charged to its render budget (not its request budget: decision 1089).
  const renderPdf = async (partnerUniqueID: string, doc: EsisDocument) => {
    fairShare?.admitRender(partnerUniqueID)
    const rendered = await esisRenders.render(partnerUniqueID, doc)
    fairShare?.chargeRender(partnerUniqueID, rendered.ms)
    return rendered.pdf
  }
  const esis = createEsisService({
    clock,
    taxonomy,
    identityOf,
    simulations,
    processes,
    mailbox,
    renderPdf,
    partnerBusy: (seconds) => partnerRateLimited(config.rateLimit?.perSecond ?? null, seconds),
  })
  const echo = callbacks.echo({ findSimulation: (id, brokerId) => simulations.findOfBroker(brokerId, id), findProcess: (id, brokerId) => processes.findOfBroker(brokerId, id) })
  // The console's "try it" calls the API through the HTTP application, attached by createApp.
  const loopback = createLoopback()
  scenarioModule.act({ taxonomy, simulations, processes, messages, notifications })
  const trials = scenarioModule.trials({ dispatch: loopback.fetch, version, samples: SAMPLE_JOURNEY })
  const journal = createRequestJournal({ db, writes, clock, logger, settings: config.journal, metrics })
  // One real notification of a type on demand: POST /sandbox/trigger, the console, message pacts.
  const trigger = createNotificationTrigger({
    writes,
    clock,
    taxonomy,
    notifications,
    simulations,
    processes,
    messages,
    callbacks,
    listeners: callbacks.listen.takers,
    languageOf: partners.languageOf,
  })
  const { testClock, testData } = createSandboxControl({ writes, clock, offsets: clockOffsets, logger, jobs, deliveries: callbacks.advancing })
  const certification = createCertification({
    db,
    secrets,
    writes,
    clock,
    logger,
    probe: callbacks.probe,
    journal,
    deliveries: callbacks,
    timeoutMs: config.certificationTimeoutMs,
    version,
  })
  // The one list of a partner's data, in an order the foreign keys accept: reset, partner deletion and retention walk it.
  addPartnerDataOwners(housekeeping, { messages, processes, simulations, mailbox, callbacks, jobs, testClock, journal, certification })
  const { reset, retention } = housekeeping

  // The audit trail outlives the partner's data: its own retention, never the reset's deletion.
  const audit = createAudit({ db, writes, clock: machineClock, logger })
  const auditRetention = housekeeping.sweeperOf(config.auditRetentionDays, { auditEntries: audit.deleteOlderThan })

  return {
    config,
    clock,
    logger,
    version,
    writes,
    /** Whether the server is stopping (the HTTP app's drain gate, the server's stop). */
    drain,
    /** Metrics, probes and scheduled backups (docs/operating.md). */
    operations,
    /** Each partner's rate limit and concurrency bound; undefined without a rate limit. */
    fairShare,
    esisRenders,
    health: createHealthProbe(db, version),
    taxonomy,
    partners,
    auth,
    scenarios,
    /** Each partner's own scenarios (POST /sandbox/scenarios, the console). */
    partnerScenarios: scenarioModule.own,
    scenarioPicks,
    /** The network faults' held connections (sandbox-scenarios, fault-holds.ts). */
    faults,
    jobs,
    callbacks,
    mailbox,
    loan,
    simulations,
    /** The rendered Simulation Details the HTTP layer answers from (http/pipeline/answer-cache.ts). */
    simulationDetailAnswers: createSimulationDetailAnswers(db),
    processes,
    messages,
    esis,
    echo,
    reset,
    testClock,
    testData,
    trigger,
    journal,
    retention,
    housekeeping,
    audit,
    auditRetention,
    loopback,
    trials,
    certification,
    /** The background workers: callback delivery and the scenarios' delayed jobs (started by the server). */
    workers: createSandboxWorkers({
      callbacks,
      jobs,
      retention,
      auditRetention,
      backups: operations.backups,
      testClock,
      journal,
      certification,
      mailbox,
      // The render threads are stopped by whoever started them: the caller's are its own.
      ownRenders: options.esisRenders ? undefined : esisRenders,
      running: (running) => (workersRunning = running),
    }),
  }
}

export type Sandbox = ReturnType<typeof buildSandbox>
