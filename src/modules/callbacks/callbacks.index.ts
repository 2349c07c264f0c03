import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import * as handlers from './callbacks.handlers.ts'
import * as routes from './callbacks.routes.ts'
import { registerNotificationWebhooks } from './notification.webhooks.ts'

/** Partner callbacks: Update, List, Delete (without /v1, as in the interface document) and Echo. */
export function callbacksRouter() {
  const router = new OpenAPIHono<AppEnv>()
    .openapi(routes.update, handlers.update)
    .openapi(routes.list, handlers.list)
    .openapi(routes.remove, handlers.remove)
    .openapi(routes.echo, handlers.echo)
  registerNotificationWebhooks(router.openAPIRegistry)
  return router
}
