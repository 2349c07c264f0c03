import type { Db } from '../../db/connection.ts'
import { createAnswerCache, type AnswerCache } from '../../http/pipeline/answer-cache.ts'
import type { ScenarioEnv } from '../sandbox-scenarios/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { SimulationInputSchema, SimulationPatchSchema } from './simulation-input.schemas.ts'
import { createSimulationListRepository } from './simulation-list.repository.ts'
import { simulationsHandlers } from './simulations.handlers.ts'
import { createSimulationRepository } from './simulations.repository.ts'
import * as routes from './simulations.routes.ts'
import { createSimulationService, type SimulationService, type SimulationServiceDeps } from './simulations.service.ts'

export type { SimulationOutcome, SimulationService } from './simulations.service.ts'
export type { StoredSimulation } from './stored-simulation.ts'
export type { SimulationProfile } from './simulation-profile.ts'
export { SimulationListQuerySchema, SimulationParamsSchema } from './simulations.schemas.ts'
export { SIMULATION_INPUT_EXAMPLE, type SimulationInput } from './simulation-input.schemas.ts'
import { createRouter } from '../../http/router/create-router.ts'

/** What the simulations are built from: the service's own, with the database its repositories read in place of them. */
export type SimulationsDeps = Omit<SimulationServiceDeps, 'repo' | 'lists'> & { db: Db }

/** Simulations on the app's database: their repositories and the service. */
export function createSimulations(deps: SimulationsDeps): SimulationService {
  const { db } = deps
  return createSimulationService({
    ...deps,
    repo: createSimulationRepository(db, deps.writes),
    lists: createSimulationListRepository(db),
  })
}

/** The answers of Simulation Detail the router keeps: per simulation, broker and language (about 4 KB each). */
export function createSimulationDetailAnswers(db: Db): AnswerCache {
  return createAnswerCache(db, { table: 'simulation', keyColumn: 'simulation_unique_id', param: 'simulationUniqueId', size: 5000 })
}

/** Simulation List, Create, Validate, Detail, Update and Cancel. */
export function simulationsRouter(simulations: SimulationService, taxonomy: TaxonomyCatalog, detailAnswers: AnswerCache) {
  const handlers = simulationsHandlers(simulations, taxonomy, detailAnswers)
  const router = createRouter<ScenarioEnv>()
  // The input schemas the routes name by reference (serviceValidatedJsonBody).
  router.openAPIRegistry.register('SimulationInput', SimulationInputSchema)
  router.openAPIRegistry.register('SimulationPatch', SimulationPatchSchema)
  // A detail already rendered for the broker is answered before the path's validation.
  router.get(routes.detail.path.replace('{simulationUniqueId}', ':simulationUniqueId'), detailAnswers.middleware)
  return router
    .openapi(routes.list, handlers.list)
    .openapi(routes.create, handlers.create)
    .openapi(routes.validate, handlers.validate)
    .openapi(routes.detail, handlers.detail)
    .openapi(routes.update, handlers.update)
    .openapi(routes.cancel, handlers.cancel)
}
