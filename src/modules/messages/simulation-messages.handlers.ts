import type { AppRouteHandler } from '../../http/app-env.ts'
import { operationStatus } from '../../http/envelope.ts'
import type * as routes from './simulation-messages.routes.ts'

export const list: AppRouteHandler<typeof routes.list> = (c) =>
  c.json(c.get('deps').simulationMessages.list(c.get('auth'), c.req.valid('param').simulationUniqueId, c.req.valid('query')), 200)

export const create: AppRouteHandler<typeof routes.create> = (c) => {
  const id = c.get('deps').simulationMessages.create(c.get('auth'), c.req.valid('param').simulationUniqueId, c.req.valid('json').messageText)
  return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { messageUniqueID: id } }, 201)
}
