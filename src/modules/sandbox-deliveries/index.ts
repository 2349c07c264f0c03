import type { AppEnv } from '../../http/app-env.ts'
import type { CallbackService } from '../callbacks/index.ts'
import { sandboxDeliveriesHandlers } from './sandbox-deliveries.handlers.ts'
import * as routes from './sandbox-deliveries.routes.ts'
import { createRouter } from '../../http/create-router.ts'

/** Sandbox control API: the callback delivery log and redelivery. */
export function sandboxDeliveriesRouter(callbacks: Pick<CallbackService, 'deliveries' | 'redeliver'>) {
  const handlers = sandboxDeliveriesHandlers(callbacks)
  return createRouter().openapi(routes.list, handlers.list).openapi(routes.retry, handlers.retry)
}
