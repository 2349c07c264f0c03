import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import type { CallbackService } from '../callbacks/index.ts'
import { sandboxDeliveriesHandlers } from './sandbox-deliveries.handlers.ts'
import * as routes from './sandbox-deliveries.routes.ts'

/** Sandbox control API: the callback delivery log and redelivery. */
export function sandboxDeliveriesRouter(callbacks: Pick<CallbackService, 'deliveries' | 'redeliver'>) {
  const handlers = sandboxDeliveriesHandlers(callbacks)
  return new OpenAPIHono<AppEnv>().openapi(routes.list, handlers.list).openapi(routes.retry, handlers.retry)
}
