import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import * as handlers from './process-esis.handlers.ts'
import * as routes from './process-esis.routes.ts'

/** Process ESIS Get and Email. */
export const processEsisRouter = () => new OpenAPIHono<AppEnv>().openapi(routes.esis, handlers.esis).openapi(routes.email, handlers.email)
