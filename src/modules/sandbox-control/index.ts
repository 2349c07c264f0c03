import { createRouter } from '../../http/create-router.ts'
import { sandboxControlHandlers, type SandboxControlDeps } from './sandbox-control.handlers.ts'
import * as routes from './sandbox-control.routes.ts'
import { scenarioJobActions, type ScenarioJobDeps } from './scenario-job-actions.ts'
import { createScenarioTrials, type TrialDeps } from './scenario-trial.ts'

export { BankMessageRequestSchema } from './sandbox-control.schemas.ts'
export type { ScenarioTrial, ScenarioTrials } from './scenario-trial.ts'
export type { MandatoryDocument } from './sample-data.ts'
// The sample records are data, not code: the Pact provider states and the tests build the same journeys from them.
export { coBorrowerCompletion, ELIGIBLE_SIMULATION, keyBorrowerCompletion, mandatoryDocuments, NOT_ELIGIBLE_SIMULATION, PROPERTY_COMPLETION, SAMPLE_PDF } from './sample-data.ts'

/**
 * The bank's side of the sandbox, above the simulations and processes it moves: what a scenario's
 * delayed step does when due (given to the scenarios' job worker), and the console's "try it",
 * which plays a scenario's journey through the sandbox's own API.
 */
export function createSandboxControl(deps: ScenarioJobDeps & TrialDeps) {
  return { jobActions: scenarioJobActions(deps), trials: createScenarioTrials(deps) }
}

/** Sandbox control API: the bank's side of simulations and processes (statuses, messages). */
export function sandboxControlRouter(deps: SandboxControlDeps) {
  const handlers = sandboxControlHandlers(deps)
  return createRouter()
    .openapi(routes.simulationStatus, handlers.simulationStatus)
    .openapi(routes.processStatus, handlers.processStatus)
    .openapi(routes.simulationMessage, handlers.simulationMessage)
    .openapi(routes.processMessage, handlers.processMessage)
}
