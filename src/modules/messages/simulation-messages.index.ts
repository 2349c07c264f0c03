import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import * as handlers from './simulation-messages.handlers.ts'
import * as routes from './simulation-messages.routes.ts'

/** Simulations Message List and Create. */
export const simulationMessagesRouter = () =>
  new OpenAPIHono<AppEnv>().openapi(routes.list, handlers.list).openapi(routes.create, handlers.create)
