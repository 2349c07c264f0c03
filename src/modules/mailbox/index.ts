import type { PartnerClock } from '../../platform/clock.ts'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../db/connection.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Logger } from '../../platform/logger.ts'
import { mailRecipientsHandlers } from './mailbox-recipients.handlers.ts'
import { createMailRecipientRepository } from './mailbox-recipients.repository.ts'
import * as recipientRoutes from './mailbox-recipients.routes.ts'
import { createMailRecipientService, relayPolicy, type MailRecipientService } from './mailbox-recipients.service.ts'
import { mailboxHandlers } from './mailbox.handlers.ts'
import { createMailboxRepository } from './mailbox.repository.ts'
import * as routes from './mailbox.routes.ts'
import { createMailboxService, type MailboxService } from './mailbox.service.ts'
import { createMailer } from './mailer.ts'
import type { SmtpRelay } from './smtp-relay.ts'
import { createRouter } from '../../http/router/create-router.ts'

export type { MailboxService } from './mailbox.service.ts'
export type { MailReceipt, MailRequest } from './mailer.ts'
export type { SmtpRelay } from './smtp-relay.ts'
export type { MailRecipientService } from './mailbox-recipients.service.ts'

export interface MailboxDeps {
  db: Db
  clock: PartnerClock
  logger: Logger
  /** SANDBOX_SMTP_URL: without it mail is only captured. */
  smtpUrl: string | undefined
  /** Tests and benches may give their own relay. */
  relay?: SmtpRelay | undefined
  /** Mails a partner may send a day, and whom the relay reaches. */
  mail: Config['mail']
  /** The partner's contact address (of its sign-up): relayed to once verified, as any recipient. */
  contactEmailOf(partnerUniqueID: string): string | null
  /** @throws ApiError 409 when storing `bytes` more would pass the partner's storage quota. */
  assertRoom?: ((partnerUniqueID: string, bytes: number) => void) | undefined
  /** @throws ApiError 403 when the caller is not an administrator of its partner (the recipients are the account's). */
  assertAdmin(auth: AuthContext): void
}

/**
 * The sandbox's e-mails: captured in the partner's mailbox, relayed over SMTP when `smtpUrl` is set to
 * the recipients the partner verified (its contact address among them once verified).
 */
export function createMailbox(deps: MailboxDeps): MailboxService & { recipients: MailRecipientService } {
  const mailbox = createMailboxRepository(deps.db)
  const recipients = createMailRecipientRepository(deps.db)
  const relaying = deps.smtpUrl !== undefined || deps.relay !== undefined
  const mailer = createMailer({
    mailbox,
    clock: deps.clock,
    logger: deps.logger,
    smtpUrl: deps.smtpUrl,
    ...(deps.relay ? { relay: deps.relay } : {}),
    relayTo: deps.mail.relayTo,
    perDay: deps.mail.perDay,
    mayRelayTo: relayPolicy(recipients),
    assertRoom: deps.assertRoom,
  })
  return {
    ...createMailboxService({ mailbox, mailer }),
    recipients: createMailRecipientService({
      recipients,
      mailer,
      clock: deps.clock,
      relaying,
      contactEmailOf: deps.contactEmailOf,
      assertAdmin: deps.assertAdmin,
      logger: deps.logger,
    }),
  }
}

/** The partner's account: the addresses its e-mails are relayed to, for its administrators. */
export function mailRecipientsRouter(recipients: MailRecipientService) {
  const handlers = mailRecipientsHandlers(recipients)
  return createRouter()
    .openapi(recipientRoutes.list, handlers.list)
    .openapi(recipientRoutes.add, handlers.add)
    .openapi(recipientRoutes.verify, handlers.verify)
    .openapi(recipientRoutes.remove, handlers.remove)
}

/** Sandbox control API: the captured mailbox (ESIS e-mails) and its attachments. */
export function mailboxRouter(mailbox: MailboxService) {
  const handlers = mailboxHandlers(mailbox)
  return createRouter().openapi(routes.list, handlers.list).openapi(routes.attachment, handlers.attachment)
}
