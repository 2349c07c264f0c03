import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import { serviceValidatedBody } from './simulation-envelope.ts'
import * as handlers from './simulations.handlers.ts'
import * as routes from './simulations.routes.ts'

/** Simulation List, Create, Validate, Detail, Update and Cancel. */
export const simulationsRouter = () =>
  new OpenAPIHono<AppEnv>()
    .openapi(routes.list, handlers.list)
    .openapi(routes.create, handlers.create, serviceValidatedBody(handlers.respondCreate))
    .openapi(routes.validate, handlers.validate, serviceValidatedBody(handlers.respondValidate))
    .openapi(routes.detail, handlers.detail)
    .openapi(routes.update, handlers.update, serviceValidatedBody(handlers.respondUpdate))
    .openapi(routes.cancel, handlers.cancel)
