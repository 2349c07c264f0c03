import type { z } from '@hono/zod-openapi'
import type { BrokerScope } from '../../db/broker-scope.ts'
import { ApiError } from '../../common/api-error.ts'
import { keysetPage } from '../../common/pagination.ts'
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
    /** One captured e-mail the scope sees, with its attachments' bytes. */
    find: mailbox.find,

    /**
     * The captured e-mails the scope sees (a broker's; docs/design.md "Roles"), newest first, keyset
     * paged by messageId. @throws ApiError 400 (unknown cursor).
     */
    list(scope: BrokerScope, query: z.infer<typeof MailboxQuerySchema>) {
      const { rows, hasMoreResults } = keysetPage(query, {
        positionOf: (id) => mailbox.positionOf(id, scope),
        rows: (cursor, limit) => mailbox.page(scope, cursor, limit),
      })
      const attachments = mailbox.attachmentsOf(rows.map((r) => r.mailboxMessageId))
      return {
        totalRecords: mailbox.count(scope),
        hasMoreResults,
        mailList: rows.map(({ mailboxMessageId, createdAt, ...mail }) => ({
          messageId: mailboxMessageId,
          sentAt: new Date(createdAt).toISOString(),
          ...mail,
          attachments: attachments.filter((a) => a.mailboxMessageId === mailboxMessageId).map(({ mailboxMessageId: id, ...a }) => ({ ...a, url: attachmentUrl(id, a.position) })),
        })),
      }
    },

    /** @throws ApiError 404 for an unknown e-mail or attachment, or one the scope does not see (another broker's, another partner's). */
    attachment(scope: BrokerScope, messageId: string, position: number) {
      const found = mailbox.attachment(messageId, scope, position)
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
