import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../../http/app-env.ts'
import * as handlers from './documents.handlers.ts'
import * as routes from './documents.routes.ts'

/** Document List, Create, Get (metadata and content), Update and Delete. */
export const processDocumentsRouter = () =>
  new OpenAPIHono<AppEnv>()
    .openapi(routes.list, handlers.list)
    .openapi(routes.create, handlers.create)
    .openapi(routes.get, handlers.get)
    .openapi(routes.content, handlers.content)
    .openapi(routes.update, handlers.update)
    .openapi(routes.remove, handlers.remove)
