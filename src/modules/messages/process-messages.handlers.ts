import type { AppRouteHandler } from '../../http/app-env.ts'
import { operationStatus } from '../../http/envelope.ts'
import type * as routes from './process-messages.routes.ts'
import { createProcessMessage, listProcessMessages } from './process-messages.service.ts'

export const list: AppRouteHandler<typeof routes.list> = (c) =>
  c.json(listProcessMessages(c.get('deps'), c.get('auth'), c.req.valid('param').processUniqueId, c.req.valid('query')), 200)

export const create: AppRouteHandler<typeof routes.create> = (c) => {
  const id = createProcessMessage(c.get('deps'), c.get('auth'), c.req.valid('param').processUniqueId, c.req.valid('json').messageText)
  return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { messageUniqueID: id } }, 201)
}
