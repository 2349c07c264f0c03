import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import { SimulationInputSchema, SimulationPatchSchema } from './simulation-input.schemas.ts'
import * as handlers from './simulations.handlers.ts'
import * as routes from './simulations.routes.ts'

/** Simulation List, Create, Validate, Detail, Update and Cancel. */
export function simulationsRouter() {
  const router = new OpenAPIHono<AppEnv>()
  // The input schemas the routes name by reference (serviceValidatedJsonBody).
  router.openAPIRegistry.register('SimulationInput', SimulationInputSchema)
  router.openAPIRegistry.register('SimulationPatch', SimulationPatchSchema)
  return router
    .openapi(routes.list, handlers.list)
    .openapi(routes.create, handlers.create)
    .openapi(routes.validate, handlers.validate)
    .openapi(routes.detail, handlers.detail)
    .openapi(routes.update, handlers.update)
    .openapi(routes.cancel, handlers.cancel)
}
