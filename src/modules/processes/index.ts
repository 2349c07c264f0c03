import type { Db } from '../../db/connection.ts'
import type { AppEnv } from '../../http/router/app-env.ts'
import type { ScenarioEnv } from '../sandbox-scenarios/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { BorrowerRequestSchema } from './borrowers/borrower-request.schemas.ts'
import { borrowersHandlers } from './borrowers/borrowers.handlers.ts'
import * as borrowerRoutes from './borrowers/borrowers.routes.ts'
import { documentsHandlers } from './documents/documents.handlers.ts'
import * as documentRoutes from './documents/documents.routes.ts'
import { messagesHandlers } from './messages/messages.handlers.ts'
import { createMessageRepository } from './messages/messages.repository.ts'
import { createMessageService, type MessageService, type MessageServiceDeps } from './messages/messages.service.ts'
import * as processMessageRoutes from './messages/process-messages.routes.ts'
import * as simulationMessageRoutes from './messages/simulation-messages.routes.ts'
import { createProcessRepositories } from './process-repositories.ts'
import { processesHandlers } from './processes.handlers.ts'
import * as routes from './processes.routes.ts'
import { ProcessUpdateRequestSchema } from './processes.schemas.ts'
import { createProcessService, type ProcessService, type ProcessServiceDeps } from './processes.service.ts'
import { propertyHandlers } from './property/property.handlers.ts'
import * as propertyRoutes from './property/property.routes.ts'
import { PropertyUpdateRequestSchema } from './property/property.schemas.ts'
import { createRouter } from '../../http/router/create-router.ts'

export type { ProcessService } from './processes.service.ts'
export type { MessageService } from './messages/messages.service.ts'
export { MAX_UPLOAD_BODY_BYTES } from './documents/documents.schemas.ts'
export { MESSAGE_MAX_LENGTH } from './messages/messages.schemas.ts'
export { ProcessListQuerySchema, ProcessParamsSchema } from './processes.schemas.ts'
export { CO_BORROWER_COMPLETION_EXAMPLE, KEY_BORROWER_COMPLETION_EXAMPLE } from './borrowers/borrower-request.schemas.ts'

/** Processes and their parts on the app's database. */
export const createProcesses = (deps: Omit<ProcessServiceDeps, 'repos'> & { db: Db }): ProcessService =>
  createProcessService({ ...deps, repos: createProcessRepositories(deps.db, deps.writes) })

/**
 * The message threads of processes and of simulations on the app's database: a process's thread is one
 * of its parts, a simulation's the same service on the simulation's table.
 */
export const createMessages = (deps: Omit<MessageServiceDeps, 'repositories'> & { db: Db }): MessageService =>
  createMessageService({ ...deps, repositories: { simulation: createMessageRepository(deps.db, 'simulation'), process: createMessageRepository(deps.db, 'process') } })

/** Simulations Message List and Create (mounted among the simulations' operations, before their ESIS). */
export function simulationMessagesRouter(messages: MessageService) {
  const { simulation } = messagesHandlers(messages)
  return createRouter().openapi(simulationMessageRoutes.list, simulation.list).openapi(simulationMessageRoutes.create, simulation.create)
}

/** Processes (List, Create, Detail, Update, Cancel, Submit), ProcessesBorrower, ProcessesDocument, ProcessesProperty and ProcessesMessage. */
export function processesRouter(processes: ProcessService, taxonomy: TaxonomyCatalog, messages: MessageService) {
  const core = processesHandlers(processes)
  const borrowers = borrowersHandlers(processes.borrowers, taxonomy)
  const documents = documentsHandlers(processes.documents, taxonomy)
  const property = propertyHandlers(processes.property, taxonomy)
  const { process: processMessages } = messagesHandlers(messages)
  const router = createRouter<ScenarioEnv>()
  // The input schemas the service-validated bodies name by reference (serviceValidatedJsonBody).
  router.openAPIRegistry.register('ProcessUpdateRequest', ProcessUpdateRequestSchema)
  router.openAPIRegistry.register('BorrowerRequest', BorrowerRequestSchema)
  router.openAPIRegistry.register('PropertyUpdateRequest', PropertyUpdateRequestSchema)
  return router
    .openapi(routes.list, core.list)
    .openapi(routes.create, core.create)
    .openapi(routes.detail, core.detail)
    .openapi(routes.update, core.update)
    .openapi(routes.cancel, core.cancel)
    .openapi(routes.submit, core.submit)
    .openapi(borrowerRoutes.list, borrowers.list)
    .openapi(borrowerRoutes.create, borrowers.create)
    .openapi(borrowerRoutes.get, borrowers.get)
    .openapi(borrowerRoutes.update, borrowers.update)
    .openapi(borrowerRoutes.remove, borrowers.remove)
    .openapi(documentRoutes.list, documents.list)
    .openapi(documentRoutes.create, documents.create)
    .openapi(documentRoutes.get, documents.get)
    .openapi(documentRoutes.content, documents.content)
    .openapi(documentRoutes.update, documents.update)
    .openapi(documentRoutes.remove, documents.remove)
    .openapi(propertyRoutes.list, property.list)
    .openapi(propertyRoutes.update, property.update)
    .openapi(processMessageRoutes.list, processMessages.list)
    .openapi(processMessageRoutes.create, processMessages.create)
}
