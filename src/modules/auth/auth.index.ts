import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import * as handlers from './auth.handlers.ts'
import * as routes from './auth.routes.ts'

export const authRouter = () => new OpenAPIHono<AppEnv>().openapi(routes.authenticate, handlers.authenticate)
