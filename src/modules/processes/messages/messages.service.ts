import { randomUUID } from 'node:crypto'
import type { PartnerClock } from '../../../platform/clock.ts'
import type { Transactions } from '../../../db/write-batch.ts'
import { withoutNulls } from '../../../common/answer-fields.ts'
import type { AuthContext } from '../../../common/auth-context.ts'
import { keysetPage, type PagingQuery } from '../../../common/pagination.ts'
import type { Notifications } from '../../callbacks/index.ts'
import type { ProcessService } from '../processes.service.ts'
import type { SimulationService } from '../../simulations/index.ts'
import type { MessageRepository, MessageRow, Thread } from './messages.repository.ts'
import type { SimulationMessage } from './messages.schemas.ts'

/** What a message costs in the storage quota besides its text: the fixed part migration 015 counts for its row (measured: 213 bytes on disk). */
const MESSAGE_ROW_BYTES = 256
const storedSize = (messageText: string) => MESSAGE_ROW_BYTES + Buffer.byteLength(messageText)

/** The message record both Simulations and Processes Message List answer. */
const toMessage = (row: MessageRow): SimulationMessage =>
  withoutNulls({
    messageUniqueID: row.messageUniqueId,
    messageText: row.messageText,
    messageDate: new Date(row.createdAt).toISOString(),
    origin: row.origin,
    userId: row.userId,
    userName: row.origin === 'BROKER' ? row.userName : null,
  })

/** What a thread needs of the simulation or process it hangs off. */
interface ThreadOwner {
  /** The partner of the broker's simulation or process. @throws ApiError 404 */
  partnerOf(auth: Pick<AuthContext, 'brokerId'>, id: string): string
  /** @throws ApiError 404, 400 (010301) once it is final. */
  assertOpen(auth: Pick<AuthContext, 'brokerId'>, id: string): void
}

export interface MessageServiceDeps {
  repositories: Record<Thread, MessageRepository>
  writes: Transactions
  clock: PartnerClock
  notifications: Pick<Notifications, 'newMessage'>
  simulations: Pick<SimulationService, 'find' | 'statuses' | 'assertStatus'>
  processes: Pick<ProcessService, 'find' | 'assertOpen'>
  /** @throws ApiError 409 when the partner may store no more bytes (its storage quota). */
  assertRoom?: ((partnerUniqueID: string, bytes: number) => void) | undefined
}

/**
 * Messages between the broker and the bank about one simulation or one process
 * (SimulationsMessages, ProcessesMessage). The broker writes through the API until the simulation
 * or process is final; the bank's messages come from the sandbox (control API, scenarios) and raise
 * notification 7 in the same transaction.
 */
export function createMessageService(deps: MessageServiceDeps) {
  const { simulations, processes } = deps
  const owners: Record<Thread, ThreadOwner> = {
    simulation: {
      partnerOf: (auth, id) => simulations.find(auth, id).partnerUniqueID,
      assertOpen: (auth, id) => simulations.assertStatus(simulations.find(auth, id), (s) => !simulations.statuses.final(s)),
    },
    process: {
      partnerOf: (auth, id) => processes.find(auth, id).partnerUniqueID,
      assertOpen: (auth, id) => processes.assertOpen(processes.find(auth, id)),
    },
  }

  function thread(kind: Thread) {
    const repo = deps.repositories[kind]
    const owner = owners[kind]
    const target = (id: string) => (kind === 'process' ? { processUniqueId: id } : { simulationUniqueId: id })
    const insertBankMessage = deps.writes.transaction((partnerUniqueID: string, brokerId: number, ownerUniqueId: string, messageText: string) => {
      deps.assertRoom?.(partnerUniqueID, storedSize(messageText))
      const messageUniqueId = randomUUID()
      repo.insert(ownerUniqueId, { messageUniqueId, origin: 'BANK', userId: null, messageText, createdAt: deps.clock.now(partnerUniqueID).getTime() })
      deps.notifications.newMessage({ partnerUniqueID, brokerId, ...target(ownerUniqueId), messageUniqueId, messageText, origin: 'BANK' })
      return messageUniqueId
    })

    return {
      /** Message List: newest first, keyset paging with messageUniqueID cursors. @throws ApiError 404, 400 (unknown cursor). */
      list(auth: AuthContext, ownerUniqueId: string, query: PagingQuery) {
        owner.partnerOf(auth, ownerUniqueId)
        const { rows, hasMoreResults } = keysetPage(query, {
          positionOf: (id) => repo.positionOf(id, ownerUniqueId),
          rows: (cursor, limit) => repo.page(ownerUniqueId, cursor, limit),
        })
        return { totalRecords: repo.count(ownerUniqueId), hasMoreResults, listMessageDetail: rows.map(toMessage) }
      },

      /** Message Create: a message of the token's user to the bank, until the owner is final. @throws ApiError 404, 400, 409 (storage quota). */
      create(auth: AuthContext, ownerUniqueId: string, messageText: string): string {
        owner.assertOpen(auth, ownerUniqueId)
        deps.assertRoom?.(auth.partnerUniqueID, storedSize(messageText))
        const messageUniqueId = randomUUID()
        repo.insert(ownerUniqueId, { messageUniqueId, origin: 'BROKER', userId: auth.userId, messageText, createdAt: deps.clock.now(auth.partnerUniqueID).getTime() })
        return messageUniqueId
      },

      /** A message of the bank (sandbox control, scenarios): stored and notified (type 7) together. @throws ApiError 404. */
      addBankMessage: (auth: Pick<AuthContext, 'brokerId'>, ownerUniqueId: string, messageText: string): string =>
        // The owner was found among the broker's own: the message and its notification are that broker's.
        insertBankMessage(owner.partnerOf(auth, ownerUniqueId), auth.brokerId, ownerUniqueId, messageText),
    }
  }

  return {
    simulation: thread('simulation'),
    process: thread('process'),
    /** Deletes the messages of every simulation and process of the partner (sandbox reset); returns how many. */
    deleteOfPartner: (partnerUniqueID: string): number =>
      deps.repositories.simulation.removeOfPartner(partnerUniqueID) + deps.repositories.process.removeOfPartner(partnerUniqueID),
  }
}

export type MessageService = ReturnType<typeof createMessageService>
