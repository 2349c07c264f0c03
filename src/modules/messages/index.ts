import type { Db } from '../../db/connection.ts'
import { messagesHandlers } from './messages.handlers.ts'
import { createMessageRepository } from './messages.repository.ts'
import { createMessageService, type MessageService, type MessageServiceDeps } from './messages.service.ts'
import * as processRoutes from './process-messages.routes.ts'
import * as simulationRoutes from './simulation-messages.routes.ts'
import { createRouter } from '../../http/create-router.ts'

export type { MessageService } from './messages.service.ts'
export { MESSAGE_MAX_LENGTH } from './messages.schemas.ts'

/** The message threads of simulations and processes on the app's database. */
export const createMessages = (deps: Omit<MessageServiceDeps, 'repositories'> & { db: Db }): MessageService =>
  createMessageService({ ...deps, repositories: { simulation: createMessageRepository(deps.db, 'simulation'), process: createMessageRepository(deps.db, 'process') } })

/** Simulations Message List and Create. */
export function simulationMessagesRouter(messages: MessageService) {
  const { simulation } = messagesHandlers(messages)
  return createRouter().openapi(simulationRoutes.list, simulation.list).openapi(simulationRoutes.create, simulation.create)
}

/** Processes Message List and Create. */
export function processMessagesRouter(messages: MessageService) {
  const { process } = messagesHandlers(messages)
  return createRouter().openapi(processRoutes.list, process.list).openapi(processRoutes.create, process.create)
}
