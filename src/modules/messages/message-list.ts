import { ApiError } from '../../http/api-error.ts'
import { pageDirection, type PagingQuery } from '../../http/pagination.ts'
import type { MessageCursor, MessageRepository, MessageRow } from './simulation-messages.repository.ts'
import type { SimulationMessage } from './simulation-messages.schemas.ts'

/** The message record both Simulations and Processes Message List answer. */
const toMessage = (row: MessageRow): SimulationMessage => ({
  messageUniqueID: row.messageUniqueId,
  messageText: row.messageText,
  messageDate: new Date(row.createdAt).toISOString(),
  origin: row.origin,
  userId: row.userId,
  userName: row.origin === 'BROKER' ? row.userName : null,
})

/**
 * One page of a thread (of a simulation or a process the caller already owns): newest first,
 * keyset paging with messageUniqueID cursors. @throws ApiError 400 on a cursor not in the thread.
 */
export function listMessages(repo: MessageRepository, ownerUniqueId: string, query: PagingQuery) {
  const direction = pageDirection(query)
  let cursor: MessageCursor = { kind: 'first' }
  if (direction.kind !== 'first') {
    const position = repo.positionOf(direction.cursor, ownerUniqueId)
    if (!position) throw new ApiError('INVALID_VALUE', { field: direction.kind === 'next' ? 'nextRecord' : 'previousRecord' })
    cursor = { kind: direction.kind, ...position }
  }
  const rows = repo.page(ownerUniqueId, cursor, query.lineCount + 1)
  const hasMoreResults = rows.length > query.lineCount
  const page = !hasMoreResults ? rows : direction.kind === 'previous' ? rows.slice(1) : rows.slice(0, query.lineCount)
  return { totalRecords: repo.count(ownerUniqueId), hasMoreResults, listMessageDetail: page.map(toMessage) }
}
