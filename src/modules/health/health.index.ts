import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import * as handlers from './health.handlers.ts'
import * as routes from './health.routes.ts'

export const healthRouter = () =>
  new OpenAPIHono<AppEnv>().openapi(routes.health, handlers.health).openapi(routes.version, handlers.version)
