import { ApiError } from '../../http/api-error.ts'
import type { AppRouteHandler } from '../../http/app-env.ts'
import { pageDirection } from '../../http/pagination.ts'
import { perConnection } from '../../db/per-connection.ts'
import { createSandboxMailboxRepository, type MailCursor } from './sandbox-mailbox.repository.ts'
import type * as routes from './sandbox-mailbox.routes.ts'

const repositoryOf = perConnection(createSandboxMailboxRepository)

const attachmentUrl = (id: string, position: number) => `/sandbox/mailbox/${id}/attachment${position === 0 ? '' : `?position=${position}`}`

export const list: AppRouteHandler<typeof routes.list> = (c) => {
  const query = c.req.valid('query')
  const partner = c.get('auth').partnerUniqueID
  const repo = repositoryOf(c.get('deps').db)
  const direction = pageDirection(query)
  let cursor: MailCursor = { kind: 'first' }
  if (direction.kind !== 'first') {
    const position = repo.positionOf(direction.cursor, partner)
    if (!position) throw new ApiError('INVALID_VALUE', { field: direction.kind === 'next' ? 'nextRecord' : 'previousRecord' })
    cursor = { kind: direction.kind, ...position }
  }
  const rows = repo.page(partner, cursor, query.lineCount + 1)
  const hasMoreResults = rows.length > query.lineCount
  const page = !hasMoreResults ? rows : direction.kind === 'previous' ? rows.slice(1) : rows.slice(0, query.lineCount)
  const attachments = repo.attachmentsOf(page.map((r) => r.mailboxMessageId))
  return c.json(
    {
      totalRecords: repo.count(partner),
      hasMoreResults,
      mailList: page.map(({ mailboxMessageId, createdAt, ...mail }) => ({
        messageId: mailboxMessageId,
        sentAt: new Date(createdAt).toISOString(),
        ...mail,
        attachments: attachments
          .filter((a) => a.mailboxMessageId === mailboxMessageId)
          .map(({ mailboxMessageId: id, ...a }) => ({ ...a, url: attachmentUrl(id, a.position) })),
      })),
    },
    200,
  )
}

export const attachment: AppRouteHandler<typeof routes.attachment> = (c) => {
  const { messageId } = c.req.valid('param')
  const { position } = c.req.valid('query')
  const found = repositoryOf(c.get('deps').db).attachment(messageId, c.get('auth').partnerUniqueID, position)
  if (!found) throw new ApiError('NOT_FOUND', { field: 'messageId', params: { resource: 'e-mail attachment', id: `${messageId}#${position}` } })
  return c.body(new Uint8Array(found.content), 200, {
    'Content-Type': found.contentType,
    'Content-Disposition': `attachment; filename="${found.filename.replace(/"/g, '')}"`,
  }) as never
}
