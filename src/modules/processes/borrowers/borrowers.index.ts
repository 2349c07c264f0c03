import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../../http/app-env.ts'
import { BorrowerRequestSchema } from './borrower-request.schemas.ts'
import * as handlers from './borrowers.handlers.ts'
import * as routes from './borrowers.routes.ts'

/** Borrower Get, Update, Delete, List and Create. */
export function processBorrowersRouter() {
  const router = new OpenAPIHono<AppEnv>()
  // The input schema Create and Update name by reference (serviceValidatedJsonBody).
  router.openAPIRegistry.register('BorrowerRequest', BorrowerRequestSchema)
  return router
    .openapi(routes.list, handlers.list)
    .openapi(routes.create, handlers.create)
    .openapi(routes.get, handlers.get)
    .openapi(routes.update, handlers.update)
    .openapi(routes.remove, handlers.remove)
}
