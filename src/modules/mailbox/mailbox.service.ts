import type { z } from '@hono/zod-openapi'
import { ApiError } from '../../http/api-error.ts'
import { keysetPage } from '../../http/pagination.ts'
import type { MailboxRepository } from './mailbox.repository.ts'
import type { MailboxQuerySchema } from './mailbox.schemas.ts'
import type { Mailer } from './mailer.ts'

const attachmentUrl = (id: string, position: number) => `/sandbox/mailbox/${id}/attachment${position === 0 ? '' : `?position=${position}`}`

/**
 * The sandbox's e-mails (docs/design.md "ESIS"): sent through the mailer, which captures every one in
 * the partner's mailbox, and read back through the sandbox control API.
 */
export function createMailboxService(deps: { mailbox: MailboxRepository; mailer: Mailer }) {
  const { mailbox } = deps
  return {
    send: deps.mailer.send,
    close: deps.mailer.close,
    /** One captured e-mail of the partner with its attachments' bytes. */
    find: mailbox.find,

    /** The partner's captured e-mails, newest first, keyset paged by messageId. @throws ApiError 400 (unknown cursor). */
    list(partnerUniqueID: string, query: z.infer<typeof MailboxQuerySchema>) {
      const { rows, hasMoreResults } = keysetPage(query, {
        positionOf: (id) => mailbox.positionOf(id, partnerUniqueID),
        rows: (cursor, limit) => mailbox.page(partnerUniqueID, cursor, limit),
      })
      const attachments = mailbox.attachmentsOf(rows.map((r) => r.mailboxMessageId))
      return {
        totalRecords: mailbox.count(partnerUniqueID),
        hasMoreResults,
        mailList: rows.map(({ mailboxMessageId, createdAt, ...mail }) => ({
          messageId: mailboxMessageId,
          sentAt: new Date(createdAt).toISOString(),
          ...mail,
          attachments: attachments
            .filter((a) => a.mailboxMessageId === mailboxMessageId)
            .map(({ mailboxMessageId: id, ...a }) => ({ ...a, url: attachmentUrl(id, a.position) })),
        })),
      }
    },

    /** @throws ApiError 404 for an unknown e-mail, attachment or another partner's. */
    attachment(partnerUniqueID: string, messageId: string, position: number) {
      const found = mailbox.attachment(messageId, partnerUniqueID, position)
      if (!found) throw new ApiError('NOT_FOUND', { field: 'messageId', params: { resource: 'e-mail attachment', id: `${messageId}#${position}` } })
      return found
    },

    /** Deletes every e-mail of the partner (sandbox reset); returns how many. */
    deleteOfPartner: mailbox.removeOfPartner,
    /** Retention: deletes up to `limit` e-mails older than `cutoff`; returns how many. */
    deleteOlderThan: (cutoff: Date, limit: number) => mailbox.removeOlderThan(cutoff.getTime(), limit),
  }
}

export type MailboxService = ReturnType<typeof createMailboxService>
