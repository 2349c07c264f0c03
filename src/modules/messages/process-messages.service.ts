import { randomUUID } from 'node:crypto'
import type { AppDeps } from '../../composition-root.ts'
import { newMessage } from '../callbacks/notification-events.ts'
import type { PagingQuery } from '../../http/pagination.ts'
import type { AuthContext } from '../auth/token.service.ts'
import { assertOpen, ownedProcess, processNotFound } from '../processes/process-access.ts'
import { listMessages } from './message-list.ts'

/** Processes Message List: newest first, keyset paging with messageUniqueID cursors. @throws ApiError 404, 400. */
export function listProcessMessages(deps: AppDeps, auth: AuthContext, processUniqueId: string, query: PagingQuery) {
  const process = ownedProcess(deps, auth, processUniqueId)
  return listMessages(deps.processes.messages, process.processUniqueId, query)
}

/** Processes Message Create: a message of the token's user to the bank, until the process is final. @throws ApiError 404, 400. */
export function createProcessMessage(deps: AppDeps, auth: AuthContext, processUniqueId: string, messageText: string): string {
  const process = ownedProcess(deps, auth, processUniqueId)
  assertOpen(deps, process)
  const messageUniqueId = randomUUID()
  deps.processes.messages.insert(processUniqueId, { messageUniqueId, origin: 'BROKER', userId: auth.userId, messageText, createdAt: deps.clock.now().getTime() })
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
    deps.processes.messages.insert(processUniqueId, { messageUniqueId, origin: 'BANK', userId: null, messageText, createdAt: deps.clock.now().getTime() })
    deps.notifications.publish(newMessage({ partnerUniqueID: process.partnerUniqueID, processUniqueId, messageUniqueId, messageText, origin: 'BANK' }))
  })()
  return messageUniqueId
}
