import { randomUUID } from 'node:crypto'
import type { PartnerClock } from '../../clock.ts'
import type { Logger } from '../../logger.ts'
import type { MailAttachment, MailboxRepository, RelayStatus } from './mailbox.repository.ts'
import { createSmtpRelay, type SmtpRelay } from './smtp-relay.ts'

/** The sender of every sandbox e-mail. */
export const SANDBOX_SENDER = 'Banco Sandbox <nao-responder@banco-sandbox.example>'

export interface MailRequest {
  partnerUniqueID: string
  /** The broker of the simulation or process the mail is about; null for the partner's own (a welcome e-mail), which only its administrators read. */
  brokerId: number | null
  to: string
  subject: string
  text: string
  attachments: MailAttachment[]
  /** The resource the mail is about, kept with the captured copy. */
  simulationUniqueId?: string
  processUniqueId?: string
}

export interface MailReceipt {
  mailboxMessageId: string
  relayStatus: RelayStatus
}

export interface MailerDeps {
  mailbox: MailboxRepository
  clock: PartnerClock
  logger: Logger
  /** SANDBOX_SMTP_URL; without it mail is only captured. */
  smtpUrl: string | undefined
  /** Tests and benches may give their own relay. */
  relay?: SmtpRelay
}

/**
 * Sends sandbox e-mails (ESIS of simulations and processes): always captured in the partner's
 * mailbox (mailbox_message, read through the sandbox control API), and relayed over SMTP when
 * SANDBOX_SMTP_URL is set. A relay failure is recorded on the captured copy and logged; the send
 * itself still succeeds, since the mailbox is the sandbox's delivery.
 */
export function createMailer(deps: MailerDeps) {
  const { mailbox } = deps
  let relay: SmtpRelay | undefined = deps.relay
  const relayOf = () => (relay ??= deps.smtpUrl ? createSmtpRelay(deps.smtpUrl) : undefined)

  return {
    async send(request: MailRequest): Promise<MailReceipt> {
      const mailboxMessageId = randomUUID()
      mailbox.capture({
        mailboxMessageId,
        partnerUniqueID: request.partnerUniqueID,
        brokerId: request.brokerId,
        createdAt: deps.clock.now(request.partnerUniqueID).getTime(),
        from: SANDBOX_SENDER,
        to: request.to,
        subject: request.subject,
        text: request.text,
        simulationUniqueId: request.simulationUniqueId ?? null,
        processUniqueId: request.processUniqueId ?? null,
        attachments: request.attachments,
      })
      const smtp = relayOf()
      if (!smtp) return { mailboxMessageId, relayStatus: 'captured' }
      try {
        const smtpMessageId = await smtp.send({ from: SANDBOX_SENDER, ...request })
        mailbox.setRelay(mailboxMessageId, 'relayed', null, smtpMessageId)
        return { mailboxMessageId, relayStatus: 'relayed' }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        mailbox.setRelay(mailboxMessageId, 'failed', message, null)
        deps.logger.warn('smtp relay failed', { mailboxMessageId, error: message })
        return { mailboxMessageId, relayStatus: 'failed' }
      }
    },
    close: () => relay?.close(),
  }
}

export type Mailer = ReturnType<typeof createMailer>
