import { randomUUID } from 'node:crypto'
import type { PartnerClock } from '../../platform/clock.ts'
import { ApiError } from '../../common/api-error.ts'
import type { Logger } from '../../platform/logger.ts'
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
  /**
   * A mail that proves an address is reachable by whoever asked for it: relayed to that address
   * whatever the partner's recipients (that is the proof), counted against the day's verifications,
   * and kept in the mailbox as `capturedText`, without the code the partner must get from the
   * address itself.
   */
  verification?: { capturedText: string }
}

/**
 * What an e-mail and each attachment cost in the storage quota besides their texts and bytes: the
 * fixed parts migration 015 counts for their rows (measured: 977 bytes on disk for an ESIS e-mail
 * with its PDF, the slack of the PDF's last page included).
 */
const MAIL_ROW_BYTES = 768
const ATTACHMENT_ROW_BYTES = 256

/** Verification mails a partner may send a day: each goes to an address nobody has vouched for yet. */
export const VERIFICATIONS_PER_DAY = 10
/**
 * Verification mails one address may receive a day, whichever partners ask: neither one partner
 * nor several together can make the bank's sender mail a stranger more than this.
 */
export const VERIFICATIONS_PER_ADDRESS = 3

/** An address as the relay rules compare it. */
export const emailKey = (address: string) => address.trim().toLowerCase()

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
  /** Whom the relay reaches: the partner's verified addresses, or any address (a local catch-all server). */
  relayTo: 'verified' | 'any'
  /** Whether the address is one of the partner's verified recipients (its contact address once verified). */
  mayRelayTo(partnerUniqueID: string, address: string): boolean
  /** Mails a partner may send a day, captured or relayed; null: no limit. */
  perDay: number | null
  /** @throws ApiError 409 when storing `bytes` more would pass the partner's storage quota. */
  assertRoom?: ((partnerUniqueID: string, bytes: number) => void) | undefined
}

/** The machine's UTC date, and the seconds until the next one: a partner's test clock does not stretch a day's allowance. */
function dayOf(now: Date): { day: string; secondsLeft: number } {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
  return { day: now.toISOString().slice(0, 10), secondsLeft: Math.max(1, Math.ceil((next - now.getTime()) / 1000)) }
}

const dayQuotaReached = (quota: string, limit: number, secondsLeft: number) =>
  new ApiError('QUOTA_EXCEEDED', { field: quota, params: { quota, limit } }, { 'Retry-After': String(secondsLeft) })

const addressQuotaReached = (secondsLeft: number) =>
  new ApiError(
    'QUOTA_EXCEEDED',
    {
      field: 'verificationsPerAddress',
      params: { quota: 'verificationsPerAddress', limit: VERIFICATIONS_PER_ADDRESS },
      message: {
        'pt-PT': `Quota atingida: verificationsPerAddress (no máximo ${VERIFICATIONS_PER_ADDRESS} e-mails de confirmação por dia para o mesmo endereço, pedidos por qualquer parceiro).`,
        en: `Quota reached: verificationsPerAddress (at most ${VERIFICATIONS_PER_ADDRESS} verification e-mails a day to one address, whichever partners ask).`,
      },
    },
    { 'Retry-After': String(secondsLeft) },
  )

/**
 * Sends sandbox e-mails (ESIS of simulations and processes, welcome, address verification): always
 * captured in the partner's mailbox (mailbox_message, read through the sandbox control API), and
 * relayed over SMTP when SANDBOX_SMTP_URL is set, but only to the addresses the partner verified, its
 * contact address included (docs/design.md "ESIS"): the relay sends from the bank's name, and must not
 * carry a partner's text to whoever it likes. A mail to any other address is kept in the mailbox
 * only, marked withheld. A partner sends at most `perDay` mails a day, and each counts in its storage
 * quota. A relay failure is recorded on the captured copy and logged; the send itself still
 * succeeds, since the mailbox is the sandbox's delivery.
 */
export function createMailer(deps: MailerDeps) {
  const { mailbox } = deps
  let relay: SmtpRelay | undefined = deps.relay
  const relayOf = () => (relay ??= deps.smtpUrl ? createSmtpRelay(deps.smtpUrl) : undefined)

  return {
    /**
     * @throws ApiError 409 (010605) past the day's mails, or for a verification past the partner's
     * verifications of the day or its address's, with Retry-After; or past the storage quota.
     */
    async send(request: MailRequest): Promise<MailReceipt> {
      const partnerUniqueID = request.partnerUniqueID
      const { day, secondsLeft } = dayOf(deps.clock.machine.now())
      const sent = mailbox.dayOf(partnerUniqueID, day)
      if (deps.perDay !== null && sent.mails >= deps.perDay) throw dayQuotaReached('mailsPerDay', deps.perDay, secondsLeft)
      const verificationTo = request.verification ? emailKey(request.to) : null
      if (verificationTo !== null) {
        if (sent.verifications >= VERIFICATIONS_PER_DAY) throw dayQuotaReached('verificationsPerDay', VERIFICATIONS_PER_DAY, secondsLeft)
        if (mailbox.verificationsTo(verificationTo, day) >= VERIFICATIONS_PER_ADDRESS) throw addressQuotaReached(secondsLeft)
      }
      const text = request.verification?.capturedText ?? request.text
      const bytes =
        MAIL_ROW_BYTES +
        Buffer.byteLength(SANDBOX_SENDER) +
        Buffer.byteLength(request.to) +
        Buffer.byteLength(request.subject) +
        Buffer.byteLength(text) +
        request.attachments.reduce((sum, a) => sum + ATTACHMENT_ROW_BYTES + Buffer.byteLength(a.filename) + a.content.length, 0)
      deps.assertRoom?.(partnerUniqueID, bytes)

      const smtp = relayOf()
      const withheld = smtp !== undefined && !request.verification && deps.relayTo !== 'any' && !deps.mayRelayTo(partnerUniqueID, request.to)
      const mailboxMessageId = randomUUID()
      mailbox.capture(
        {
          mailboxMessageId,
          partnerUniqueID,
          brokerId: request.brokerId,
          createdAt: deps.clock.now(partnerUniqueID).getTime(),
          from: SANDBOX_SENDER,
          to: request.to,
          subject: request.subject,
          text,
          simulationUniqueId: request.simulationUniqueId ?? null,
          processUniqueId: request.processUniqueId ?? null,
          attachments: request.attachments,
          withheld,
        },
        day,
        verificationTo,
      )
      if (!smtp) return { mailboxMessageId, relayStatus: 'captured' }
      if (withheld) return { mailboxMessageId, relayStatus: 'withheld' }
      try {
        const smtpMessageId = await smtp.send({ from: SANDBOX_SENDER, to: request.to, subject: request.subject, text: request.text, attachments: request.attachments })
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
