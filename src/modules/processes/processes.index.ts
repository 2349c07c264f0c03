import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import { serviceValidatedBody } from '../simulations/simulation-envelope.ts'
import * as handlers from './processes.handlers.ts'
import * as routes from './processes.routes.ts'

/** Process List, Create, Detail, Update, Cancel and Submit. */
export const processesRouter = () =>
  new OpenAPIHono<AppEnv>()
    .openapi(routes.list, handlers.list)
    .openapi(routes.create, handlers.create)
    .openapi(routes.detail, handlers.detail)
    .openapi(routes.update, handlers.update, serviceValidatedBody(handlers.respondUpdate))
    .openapi(routes.cancel, handlers.cancel)
    .openapi(routes.submit, handlers.submit)
