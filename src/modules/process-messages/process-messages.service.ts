import { randomUUID } from 'node:crypto'
import type { AppDeps } from '../../app-deps.ts'
import { newMessage } from '../../callbacks/notification-events.ts'
import { ApiError } from '../../http/api-error.ts'
import { pageDirection, type PagingQuery } from '../../http/pagination.ts'
import type { AuthContext } from '../auth/token.service.ts'
import { assertOpen, ownedProcess, processNotFound } from '../processes/process-access.ts'
import type { MessageCursor, MessageRow } from '../simulation-messages/simulation-messages.repository.ts'
import type { SimulationMessage } from '../simulation-messages/simulation-messages.schemas.ts'

/** The same message record as Simulations Message List answers. */
const toMessage = (row: MessageRow): SimulationMessage => ({
  messageUniqueID: row.messageUniqueId,
  messageText: row.messageText,
  messageDate: new Date(row.createdAt).toISOString(),
  origin: row.origin,
  userId: row.userId,
  userName: row.origin === 'BROKER' ? row.userName : null,
})

/** Processes Message List: newest first, keyset paging with messageUniqueID cursors. @throws ApiError 404, 400. */
export function listProcessMessages(deps: AppDeps, auth: AuthContext, processUniqueId: string, query: PagingQuery) {
  const process = ownedProcess(deps, auth, processUniqueId)
  const repo = deps.processes.messages
  const direction = pageDirection(query)
  let cursor: MessageCursor = { kind: 'first' }
  if (direction.kind !== 'first') {
    const position = repo.positionOf(direction.cursor, process.processUniqueId)
    if (!position) throw new ApiError('INVALID_VALUE', { field: direction.kind === 'next' ? 'nextRecord' : 'previousRecord' })
    cursor = { kind: direction.kind, ...position }
  }
  const rows = repo.page(process.processUniqueId, cursor, query.lineCount + 1)
  const hasMoreResults = rows.length > query.lineCount
  const page = !hasMoreResults ? rows : direction.kind === 'previous' ? rows.slice(1) : rows.slice(0, query.lineCount)
  return { totalRecords: repo.count(process.processUniqueId), hasMoreResults, listMessageDetail: page.map(toMessage) }
}

/** Processes Message Create: a message of the token's user to the bank, until the process is final. @throws ApiError 404, 400. */
export function createProcessMessage(deps: AppDeps, auth: AuthContext, processUniqueId: string, messageText: string): string {
  const process = ownedProcess(deps, auth, processUniqueId)
  assertOpen(deps, process)
  const messageUniqueId = randomUUID()
  deps.processes.messages.insert({ messageUniqueId, processUniqueId, origin: 'BROKER', userId: auth.userId, messageText, createdAt: deps.clock.now().getTime() })
  return messageUniqueId
}

/**
 * A message of the bank on a process of the broker (sandbox control API, scenarios): stored and
 * notified (type 7) in one transaction. @throws ApiError 404.
 */
export function addBankProcessMessage(deps: AppDeps, brokerId: number, processUniqueId: string, messageText: string): string {
  const process = deps.processes.processes.findForBroker(processUniqueId, brokerId)
  if (!process) throw processNotFound(processUniqueId)
  const messageUniqueId = randomUUID()
  deps.db.transaction(() => {
    deps.processes.messages.insert({ messageUniqueId, processUniqueId, origin: 'BANK', userId: null, messageText, createdAt: deps.clock.now().getTime() })
    deps.notifications.publish(newMessage({ partnerUniqueID: process.partnerUniqueID, processUniqueId, messageUniqueId, messageText, origin: 'BANK' }))
  })()
  return messageUniqueId
}
