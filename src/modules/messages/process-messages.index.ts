import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import * as handlers from './process-messages.handlers.ts'
import * as routes from './process-messages.routes.ts'

/** Processes Message List and Create. */
export const processMessagesRouter = () => new OpenAPIHono<AppEnv>().openapi(routes.list, handlers.list).openapi(routes.create, handlers.create)
