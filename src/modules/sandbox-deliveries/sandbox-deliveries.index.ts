import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import * as handlers from './sandbox-deliveries.handlers.ts'
import * as routes from './sandbox-deliveries.routes.ts'

/** Sandbox control API: the callback delivery log and redelivery. */
export const sandboxDeliveriesRouter = () =>
  new OpenAPIHono<AppEnv>().openapi(routes.list, handlers.list).openapi(routes.retry, handlers.retry)
