import type { Lang } from '../../common/language.ts'
import type { PartnerClock } from '../../platform/clock.ts'
import type { Db } from '../../db/connection.ts'
import type { Transactions } from '../../db/write-batch.ts'
import type { Logger } from '../../platform/logger.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { createRouter } from '../../http/router/create-router.ts'
import { sandboxJobsHandlers } from './jobs/sandbox-jobs.handlers.ts'
import * as jobRoutes from './jobs/sandbox-jobs.routes.ts'
import { createSandboxJobs, type SandboxJobs } from './jobs/sandbox-jobs.service.ts'
import { JOB_KIND, JobPayloadSchemas } from './jobs/scenario-jobs.schemas.ts'
import { partnerScenariosHandlers } from './partner-scenarios.handlers.ts'
import * as partnerRoutes from './partner-scenarios.routes.ts'
import { createPartnerScenarios, type PartnerScenarios, type ScenarioQuotaKind } from './partner-scenarios.service.ts'
import { sandboxScenariosHandlers } from './sandbox-scenarios.handlers.ts'
import * as routes from './sandbox-scenarios.routes.ts'
import { createScenarioIndex } from './scenario-index.ts'
import { createFaultHolds } from './fault-holds.ts'
import { loadScenarios } from './scenario-loader.ts'
import { SCENARIO_HEADER } from './scenario-middleware.ts'
import { createScenarioPicks } from './scenario-picks.ts'
import { checkScenarioReferences } from './scenario-references.ts'
import { createScenarioRegistry, type ScenarioRegistry } from './scenario-registry.ts'
import { createScenarioScheduler } from './scenario-scheduler.ts'
import { scenarioJobActions, type JobProcess, type ScenarioJobDeps } from './scenario-job-actions.ts'
import { createScenarioTrials, type TrialDeps } from './scenario-trial.ts'

export { scenarioMiddleware, type ScenarioEnv } from './scenario-middleware.ts'
export { effectOf, type Scenario } from './scenario.schemas.ts'
export type { ScenarioPicks } from './scenario-picks.ts'
export type { ScenarioRegistry } from './scenario-registry.ts'
export type { PartnerScenarios } from './partner-scenarios.service.ts'
export type { ScenarioScheduler } from './scenario-scheduler.ts'
export type { ScenarioTrials } from './scenario-trial.ts'

// Not exported: the door's names are for callers; the composition root passes an object literal.
interface ScenariosDeps {
  /** The shipped folder, then the partner's own (which may replace scenarios by name). */
  folders: string[]
  taxonomy: TaxonomyCatalog
  db: Db
  writes: Transactions
  clock: PartnerClock
  logger: Logger
  /** SANDBOX_TIME_SCALE: the scenarios' delays are multiplied by it. */
  timeScale: number
  /** The partner's quotas its own scenarios count against. @throws ApiError 409 (010605) */
  assertRoom?: (partnerUniqueID: string, kind: ScenarioQuotaKind, adding: number) => void
  /** The network faults' longest hold and trickle, and their bounds on held connections. */
  faults: { timeoutMs: number; slowBodyMs: number; maxHeld: number; maxHeldPerPartner: number }
  /** The language of a partner's notifications: the bank's messages are written in it. */
  languageOf?: (partnerUniqueID: string) => Lang
}

/**
 * The scenarios of this sandbox (docs/design.md "Scenarios and sandbox control"): the files,
 * validated at start with their reference-list codes checked against the catalogue; each partner's
 * own, stored through the API and found only for that partner's requests; the console's
 * picks; the delayed steps they schedule, the job worker that runs them when due and what each
 * does (`act`), and the console's trials of a scenario's journey (`trials`).
 * @throws ScenarioFileError naming the file or scenario and the problem.
 */
export function createScenarios(deps: ScenariosDeps) {
  const files = createScenarioIndex(loadScenarios(deps.folders))
  checkScenarioReferences(files.all(), deps.taxonomy)
  const own: PartnerScenarios = createPartnerScenarios({ ...deps, files })
  const registry = createScenarioRegistry(files, own.indexOf)
  const jobs: SandboxJobs = createSandboxJobs(deps)
  return {
    registry,
    /** The partners' own scenarios: written through the API and the console. */
    own,
    picks: createScenarioPicks(registry),
    faults: { holds: createFaultHolds(deps.faults), settings: { timeoutMs: deps.faults.timeoutMs, slowBodyMs: deps.faults.slowBodyMs } },
    jobs,
    scheduler: createScenarioScheduler({ jobs, clock: deps.clock, timeScale: deps.timeScale, ...(deps.languageOf ? { languageOf: deps.languageOf } : {}) }),
    /** The request header that names a scenario. */
    header: SCENARIO_HEADER,
    /**
     * Gives the job worker what each kind of step does, on the records it moves. The simulations,
     * processes and messages stand on the scenarios, hence given after they are built.
     */
    act<Process extends JobProcess>(records: ScenarioJobDeps<Process>): void {
      const actions = scenarioJobActions(records)
      jobs.handle(JOB_KIND.processStatus, (job) => actions.processStatus(job, JobPayloadSchemas.processStatus.parse(job.payload)))
      jobs.handle(JOB_KIND.bankMessage, (job) => actions.bankMessage(job, JobPayloadSchemas.bankMessage.parse(job.payload)))
      jobs.handle(JOB_KIND.documentRequested, (job) => actions.documentRequested(job, JobPayloadSchemas.documentRequested.parse(job.payload)))
    },
    /** The console's "try it": a scenario's journey played through the sandbox's own HTTP application. */
    trials: (through: Pick<TrialDeps, 'dispatch' | 'version' | 'samples'>) =>
      createScenarioTrials({ ...through, taxonomy: deps.taxonomy, clock: deps.clock, scenarioHeader: SCENARIO_HEADER }),
  }
}

/** Sandbox control API: GET /sandbox/scenarios, and the partner's own: POST, GET, PUT and DELETE /sandbox/scenarios/{name}. */
export function sandboxScenariosRouter(scenarios: Pick<ScenarioRegistry, 'all'>, own: PartnerScenarios) {
  const handlers = partnerScenariosHandlers(own, scenarios)
  return createRouter()
    .openapi(routes.listScenarios, sandboxScenariosHandlers(scenarios).list)
    .openapi(partnerRoutes.createScenario, handlers.create)
    .openapi(partnerRoutes.getScenario, handlers.get)
    .openapi(partnerRoutes.putScenario, handlers.put)
    .openapi(partnerRoutes.deleteScenario, handlers.delete)
}

/** Sandbox control API: GET /sandbox/jobs. */
export const sandboxJobsRouter = (jobs: Pick<SandboxJobs, 'list'>) => createRouter().openapi(jobRoutes.list, sandboxJobsHandlers(jobs).list)
