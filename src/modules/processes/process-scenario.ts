import type { AppDeps } from '../../composition-root.ts'
import type { Lang } from '../../http/language.ts'
import { scheduleBankMessage, scheduleDocumentRequest, scheduleProcessLifecycle } from '../sandbox-scenarios/scenario-jobs.ts'
import type { Scenario } from '../sandbox-scenarios/scenario.schema.ts'
import type { ProcessRow } from './process.repository.ts'

/**
 * The scenario a process runs under: its own (Process Create's request, or its simulation's when
 * created), else one a magic value of its simulation names, so a journey started with the key
 * borrower "Teste Aprovado" is approved after Submit.
 */
export function scenarioOfProcess(deps: AppDeps, row: Pick<ProcessRow, 'scenario' | 'simulationUniqueId' | 'brokerId'>): Scenario | undefined {
  const { scenarios } = deps
  const own = row.scenario ? scenarios.get(row.scenario) : undefined
  if (own) return own
  const simulation = deps.simulations.repository.findForBroker(row.simulationUniqueId, row.brokerId)
  if (!simulation) return undefined
  return (simulation.scenario ? scenarios.get(simulation.scenario) : undefined) ?? scenarios.matchMagic(JSON.parse(simulation.input))
}

/**
 * Inside Submit's transaction: the bank's side the scenario drives, as sandbox jobs (its lifecycle
 * steps, its document request, its bank message), each after its delay times SANDBOX_TIME_SCALE.
 */
export function scheduleSubmitEffects(deps: AppDeps, row: Pick<ProcessRow, 'processUniqueId' | 'partnerUniqueID' | 'brokerId'>, scenario: Scenario, lang: Lang): void {
  const ctx = { jobs: deps.sandboxJobs.worker, clock: deps.clock, timeScale: deps.config.timeScale, lang }
  const target = { partnerUniqueID: row.partnerUniqueID, brokerId: row.brokerId, processUniqueId: row.processUniqueId }
  scheduleProcessLifecycle(ctx, scenario, target)
  scheduleDocumentRequest(ctx, scenario, target)
  scheduleBankMessage(ctx, scenario, target)
}
