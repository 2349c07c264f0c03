import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../../http/app-env.ts'
import * as handlers from './properties.handlers.ts'
import * as routes from './properties.routes.ts'
import { PropertyUpdateRequestSchema } from './property.schemas.ts'

/** Property List and Update. */
export function processPropertiesRouter() {
  const router = new OpenAPIHono<AppEnv>()
  // The input schema Update names by reference (serviceValidatedJsonBody).
  router.openAPIRegistry.register('PropertyUpdateRequest', PropertyUpdateRequestSchema)
  return router.openapi(routes.list, handlers.list).openapi(routes.update, handlers.update)
}
