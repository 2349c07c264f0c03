import type { AppEnv } from '../../http/app-env.ts'
import { sandboxControlHandlers, type SandboxControlDeps } from './sandbox-control.handlers.ts'
import * as routes from './sandbox-control.routes.ts'
import { createRouter } from '../../http/create-router.ts'

export { scenarioJobHandlers, type ScenarioJobDeps } from './scenario-job-handlers.ts'
export { BankMessageRequestSchema } from './sandbox-control.schemas.ts'

/** Sandbox control API: the bank's side of simulations and processes (statuses, messages). */
export function sandboxControlRouter(deps: SandboxControlDeps) {
  const handlers = sandboxControlHandlers(deps)
  return createRouter()
    .openapi(routes.simulationStatus, handlers.simulationStatus)
    .openapi(routes.processStatus, handlers.processStatus)
    .openapi(routes.simulationMessage, handlers.simulationMessage)
    .openapi(routes.processMessage, handlers.processMessage)
}
