import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import { serviceValidatedBody } from '../simulations/simulation-envelope.ts'
import * as handlers from './properties.handlers.ts'
import * as routes from './properties.routes.ts'

/** Property List and Update. */
export const processPropertiesRouter = () =>
  new OpenAPIHono<AppEnv>().openapi(routes.list, handlers.list).openapi(routes.update, handlers.update, serviceValidatedBody(handlers.respondUpdate))
