import type { AppRouteHandler } from '../../../http/router/app-env.ts'
import { operationStatus } from '../../../common/envelope.ts'
import type { MessageService } from './messages.service.ts'
import type * as processRoutes from './process-messages.routes.ts'
import type * as simulationRoutes from './simulation-messages.routes.ts'

export const messagesHandlers = (messages: MessageService) => ({
  simulation: {
    list: ((c) => c.json(messages.simulation.list(c.get('auth'), c.req.valid('param').simulationUniqueId, c.req.valid('query')), 200)) satisfies AppRouteHandler<
      typeof simulationRoutes.list
    >,
    create: ((c) => {
      const id = messages.simulation.create(c.get('auth'), c.req.valid('param').simulationUniqueId, c.req.valid('json').messageText)
      return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { messageUniqueID: id } }, 201)
    }) satisfies AppRouteHandler<typeof simulationRoutes.create>,
  },
  process: {
    list: ((c) => c.json(messages.process.list(c.get('auth'), c.req.valid('param').processUniqueId, c.req.valid('query')), 200)) satisfies AppRouteHandler<
      typeof processRoutes.list
    >,
    create: ((c) => {
      const id = messages.process.create(c.get('auth'), c.req.valid('param').processUniqueId, c.req.valid('json').messageText)
      return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { messageUniqueID: id } }, 201)
    }) satisfies AppRouteHandler<typeof processRoutes.create>,
  },
})
