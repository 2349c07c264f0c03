import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import { serviceValidatedBody } from '../simulations/simulation-envelope.ts'
import * as handlers from './borrowers.handlers.ts'
import * as routes from './borrowers.routes.ts'

/** Borrower Get, Update, Delete, List and Create. */
export const processBorrowersRouter = () =>
  new OpenAPIHono<AppEnv>()
    .openapi(routes.list, handlers.list)
    .openapi(routes.create, handlers.create, serviceValidatedBody(handlers.respondCreate))
    .openapi(routes.get, handlers.get)
    .openapi(routes.update, handlers.update, serviceValidatedBody(handlers.respondUpdate))
    .openapi(routes.remove, handlers.remove)
