import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import * as handlers from './processes.handlers.ts'
import * as routes from './processes.routes.ts'
import { ProcessUpdateRequestSchema } from './processes.schemas.ts'

/** Process List, Create, Detail, Update, Cancel and Submit. */
export function processesRouter() {
  const router = new OpenAPIHono<AppEnv>()
  // The input schema Update names by reference (serviceValidatedJsonBody).
  router.openAPIRegistry.register('ProcessUpdateRequest', ProcessUpdateRequestSchema)
  return router
    .openapi(routes.list, handlers.list)
    .openapi(routes.create, handlers.create)
    .openapi(routes.detail, handlers.detail)
    .openapi(routes.update, handlers.update)
    .openapi(routes.cancel, handlers.cancel)
    .openapi(routes.submit, handlers.submit)
}
