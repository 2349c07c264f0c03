import type { AppRouteHandler } from '../../http/app-env.ts'
import { operationStatus } from '../simulations/simulation-envelope.ts'
import type * as routes from './simulation-messages.routes.ts'

export const list: AppRouteHandler<typeof routes.list> = (c) =>
  c.json(c.var.deps.simulationMessages.list(c.var.auth, c.req.valid('param').simulationUniqueId, c.req.valid('query')), 200)

export const create: AppRouteHandler<typeof routes.create> = (c) => {
  const id = c.var.deps.simulationMessages.create(c.var.auth, c.req.valid('param').simulationUniqueId, c.req.valid('json').messageText)
  return c.json({ operationStatus: operationStatus(c.var.lang), additionalData: { messageUniqueID: id } }, 201)
}
