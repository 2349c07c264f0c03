import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import * as handlers from './simulation-esis.handlers.ts'
import * as routes from './simulation-esis.routes.ts'

/** Simulation ESIS Get and Email. */
export const simulationEsisRouter = () =>
  new OpenAPIHono<AppEnv>().openapi(routes.esis, handlers.esis).openapi(routes.email, handlers.email)
