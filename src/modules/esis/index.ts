import type { AppEnv } from '../../http/router/app-env.ts'
import { esisHandlers } from './esis.handlers.ts'
import type { EsisService } from './esis.service.ts'
import * as processRoutes from './process-esis.routes.ts'
import * as simulationRoutes from './simulation-esis.routes.ts'
import { createRouter } from '../../http/router/create-router.ts'

export { createEsisService, type EsisService, type EsisServiceDeps } from './esis.service.ts'

/** Simulation ESIS Get and Email. */
export function simulationEsisRouter(esis: EsisService) {
  const { simulation } = esisHandlers(esis)
  return createRouter().openapi(simulationRoutes.esis, simulation.esis).openapi(simulationRoutes.email, simulation.email)
}

/** Process ESIS Get and Email. */
export function processEsisRouter(esis: EsisService) {
  const { process } = esisHandlers(esis)
  return createRouter().openapi(processRoutes.esis, process.esis).openapi(processRoutes.email, process.email)
}
