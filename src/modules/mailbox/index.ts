import { OpenAPIHono } from '@hono/zod-openapi'
import type { PartnerClock } from '../../clock.ts'
import type { Db } from '../../db/connection.ts'
import type { AppEnv } from '../../http/app-env.ts'
import type { Logger } from '../../logger.ts'
import { mailboxHandlers } from './mailbox.handlers.ts'
import { createMailboxRepository } from './mailbox.repository.ts'
import * as routes from './mailbox.routes.ts'
import { createMailboxService, type MailboxService } from './mailbox.service.ts'
import { createMailer } from './mailer.ts'
import type { SmtpRelay } from './smtp-relay.ts'

export type { MailboxService } from './mailbox.service.ts'
export type { MailAttachment, MailboxMessage } from './mailbox.repository.ts'
export type { MailReceipt, MailRequest } from './mailer.ts'
export type { SmtpRelay } from './smtp-relay.ts'

/** The sandbox's e-mails: captured in the partner's mailbox, relayed over SMTP when `smtpUrl` is set. */
export function createMailbox(deps: { db: Db; clock: PartnerClock; logger: Logger; smtpUrl: string | undefined; relay?: SmtpRelay }): MailboxService {
  const mailbox = createMailboxRepository(deps.db)
  const mailer = createMailer({ mailbox, clock: deps.clock, logger: deps.logger, smtpUrl: deps.smtpUrl, ...(deps.relay ? { relay: deps.relay } : {}) })
  return createMailboxService({ mailbox, mailer })
}

/** Sandbox control API: the captured mailbox (ESIS e-mails) and its attachments. */
export function mailboxRouter(mailbox: MailboxService) {
  const handlers = mailboxHandlers(mailbox)
  return new OpenAPIHono<AppEnv>().openapi(routes.list, handlers.list).openapi(routes.attachment, handlers.attachment)
}
