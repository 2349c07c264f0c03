import { randomUUID } from 'node:crypto'
import { newMessage } from '../callbacks/notification-events.ts'
import type { NotificationPublisher } from '../callbacks/notification-publisher.ts'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/connection.ts'
import { ApiError } from '../../http/api-error.ts'
import type { PagingQuery } from '../../http/pagination.ts'
import type { AuthContext } from '../auth/token.service.ts'
import type { TaxonomyCatalog } from '../taxonomy/taxonomy.catalog.ts'
import { localizedProblem, text } from '../../http/problems.ts'
import type { SimulationService } from '../simulations/simulations.service.ts'
import type { SimulationRow } from '../simulations/simulations.repository.ts'
import { listMessages } from './message-list.ts'
import { createMessageRepository, type NewMessage } from './simulation-messages.repository.ts'

export interface SimulationMessageServiceDeps {
  db: Db
  clock: Clock
  taxonomy: TaxonomyCatalog
  simulations: SimulationService
  notifications: NotificationPublisher
}

/**
 * Messages between the broker and the bank about one simulation. The broker writes through the
 * API; the bank's messages come from the sandbox (control API, scenarios) and raise notification 7.
 * A simulation in a final status (Completed, Cancelled, Expired) takes no new message.
 */
export function createSimulationMessageService(deps: SimulationMessageServiceDeps) {
  const repo = createMessageRepository(deps.db, 'simulation')

  function assertOpen(simulation: SimulationRow) {
    if (!deps.simulations.statuses.final(simulation.statusId)) return
    const describe = (lang: 'pt-PT' | 'en') => deps.taxonomy.describe('workflow-states-simulation', simulation.statusId, lang) ?? ''
    throw new ApiError('STATE_FORBIDS_OPERATION', localizedProblem('STATE_FORBIDS_OPERATION', 'simulationUniqueId', { status: text(describe('pt-PT'), describe('en')) }))
  }

  const insertBankMessage = deps.db.transaction((simulation: SimulationRow, message: NewMessage) => {
    repo.insert(simulation.simulationUniqueId, message)
    deps.notifications.publish(
      newMessage({
        partnerUniqueID: simulation.partnerUniqueID,
        simulationUniqueId: simulation.simulationUniqueId,
        messageUniqueId: message.messageUniqueId,
        messageText: message.messageText,
        origin: 'BANK',
      }),
    )
  })

  return {
    /** Simulations Message List. @throws ApiError 404, 400 (unknown cursor). */
    list(auth: AuthContext, simulationUniqueId: string, query: PagingQuery) {
      const simulation = deps.simulations.find(auth, simulationUniqueId)
      return listMessages(repo, simulation.simulationUniqueId, query)
    },

    /** Simulations Message Create: a message of the broker's user to the bank. @throws ApiError 404, 400. */
    create(auth: AuthContext, simulationUniqueId: string, messageText: string): string {
      const simulation = deps.simulations.find(auth, simulationUniqueId)
      assertOpen(simulation)
      const messageUniqueId = randomUUID()
      repo.insert(simulationUniqueId, { messageUniqueId, origin: 'BROKER', userId: auth.userId, messageText, createdAt: deps.clock.now().getTime() })
      return messageUniqueId
    },

    /** A message of the bank (sandbox control, scenarios): stored and notified (type 7) together. */
    addBankMessage(auth: Pick<AuthContext, 'brokerId'>, simulationUniqueId: string, messageText: string): string {
      const simulation = deps.simulations.find(auth, simulationUniqueId)
      const messageUniqueId = randomUUID()
      insertBankMessage(simulation, { messageUniqueId, origin: 'BANK', userId: null, messageText, createdAt: deps.clock.now().getTime() })
      return messageUniqueId
    },
  }
}

export type SimulationMessageService = ReturnType<typeof createSimulationMessageService>
