import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import * as handlers from './sandbox-control.handlers.ts'
import * as routes from './sandbox-control.routes.ts'

/** Sandbox control API: the bank's side of simulations and processes (statuses, messages). */
export const sandboxControlRouter = () =>
  new OpenAPIHono<AppEnv>()
    .openapi(routes.simulationStatus, handlers.simulationStatus)
    .openapi(routes.processStatus, handlers.processStatus)
    .openapi(routes.simulationMessage, handlers.simulationMessage)
    .openapi(routes.processMessage, handlers.processMessage)
