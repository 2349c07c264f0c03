import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import type { PartnerClock } from '../../platform/clock.ts'
import { ApiError } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import type { Logger } from '../../platform/logger.ts'
import type { MailRecipient, MailRecipientRepository } from './mailbox-recipients.repository.ts'
import { emailKey, type Mailer } from './mailer.ts'
import { verificationMail } from './verification-mail.ts'

/** Addresses a partner may list: enough for a team's own inboxes, too few to make a mailing list. */
export const MAX_RECIPIENTS = 20
const CODE_HOURS = 24
/** Wrong codes a recipient may be sent before its code is spent: one in 200,000 chance of a guess. */
const MAX_CODE_ATTEMPTS = 5

const hashOf = (recipientId: string, code: string) => createHash('sha256').update(`${recipientId}:${code}`).digest()

const recipientView = ({ recipientId, email, status, createdAt, verifiedAt }: MailRecipient) => ({ recipientId, email, status, createdAt, verifiedAt })

/**
 * Whether the partner's mail may be relayed to `address`: one it verified. Its contact address too
 * only once verified: whoever signs up names it, and nobody there has vouched for it yet.
 */
export function relayPolicy(recipients: Pick<MailRecipientRepository, 'isVerified'>) {
  return (partnerUniqueID: string, address: string): boolean => recipients.isVerified(partnerUniqueID, emailKey(address))
}

export interface MailRecipientServiceDeps {
  recipients: MailRecipientRepository
  mailer: Pick<Mailer, 'send'>
  clock: PartnerClock
  /** Whether an SMTP relay is configured: without one, no code can reach an address. */
  relaying: boolean
  contactEmailOf(partnerUniqueID: string): string | null
  /** @throws ApiError 403 when the caller is not an administrator of its partner. */
  assertAdmin(auth: AuthContext): void
  logger: Pick<Logger, 'info'>
}

/**
 * The addresses a partner's e-mails may be relayed to (docs/design.md "ESIS"): the contact address
 * of its sign-up and those an administrator adds. The sandbox sends each a code (relayed, and kept
 * in the mailbox without the code), and the address counts once the code comes back. Administrators
 * only, but for the contact address's first code, sent at sign-up.
 */
export function createMailRecipientService(deps: MailRecipientServiceDeps) {
  const { recipients } = deps

  /**
   * A new recipient, pending until its code comes back; for a pending one, a new code (the old one
   * is spent); a verified one as it is, without a mail.
   * @throws ApiError 409 (010605) past the recipients, or the day's mails or verifications.
   */
  async function enrol(partnerUniqueID: string, email: string, lang: Lang): Promise<{ created: boolean; recipient: MailRecipient }> {
    const key = emailKey(email)
    const existing = recipients.findByAddress(partnerUniqueID, key)
    if (existing?.status === 'verified') return { created: false, recipient: existing }
    if (!existing && recipients.count(partnerUniqueID) >= MAX_RECIPIENTS) {
      throw new ApiError('QUOTA_EXCEEDED', { field: 'mailRecipients', params: { quota: 'mailRecipients', limit: MAX_RECIPIENTS } })
    }
    const recipientId = existing?.recipientId ?? randomUUID()
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const mail = verificationMail(recipientId, code, CODE_HOURS, lang)
    // Sent first: a mail the day's allowance refuses leaves no recipient behind.
    // The partner's own, as its welcome e-mail: read by its administrators only.
    await deps.mailer.send({
      partnerUniqueID,
      brokerId: null,
      to: email,
      subject: mail.subject,
      text: mail.text,
      attachments: [],
      verification: { capturedText: mail.capturedText },
    })
    recipients.upsert({
      recipientId,
      partnerUniqueID,
      email: email.trim(),
      emailKey: key,
      codeHash: hashOf(recipientId, code).toString('hex'),
      codeExpiresAt: new Date(deps.clock.machine.now().getTime() + CODE_HOURS * 3_600_000).toISOString(),
      createdAt: deps.clock.now(partnerUniqueID).toISOString(),
    })
    return { created: !existing, recipient: recipients.findByAddress(partnerUniqueID, key)! }
  }

  function recipientOf(auth: AuthContext, recipientId: string): MailRecipient {
    const found = recipients.find(auth.partnerUniqueID, recipientId)
    if (!found) throw new ApiError('NOT_FOUND', { field: 'recipientId', params: { resource: 'mail recipient', id: recipientId } })
    return found
  }

  return {
    /** The contact address and the partner's recipients (the contact address among them once its code was sent). @throws ApiError 403. */
    list(auth: AuthContext) {
      deps.assertAdmin(auth)
      return { contactEmail: deps.contactEmailOf(auth.partnerUniqueID), recipientList: recipients.list(auth.partnerUniqueID).map(recipientView) }
    },

    /**
     * A new recipient, pending until its code comes back; for a pending one, a new code (the old one
     * is spent); a verified one as it is, without a mail.
     * @throws ApiError 403; 400 without an SMTP relay; 409 (010605) past the recipients, the day's
     * mails, or the day's verifications of the partner or of the address.
     */
    async add(auth: AuthContext, email: string, lang: Lang): Promise<{ created: boolean; recipient: ReturnType<typeof recipientView> }> {
      deps.assertAdmin(auth)
      const partnerUniqueID = auth.partnerUniqueID
      if (!deps.relaying) {
        throw new ApiError('BUSINESS_RULE', {
          field: 'email',
          params: { detail: '' },
          message: {
            'pt-PT': 'Este sandbox não reencaminha e-mails (sem SANDBOX_SMTP_URL): não há endereço a confirmar, e todos os e-mails ficam na caixa do sandbox.',
            en: 'This sandbox relays no e-mail (no SANDBOX_SMTP_URL): there is no address to verify, and every e-mail stays in the sandbox mailbox.',
          },
        })
      }
      const { created, recipient } = await enrol(partnerUniqueID, email, lang)
      return { created, recipient: recipientView(recipient) }
    },

    /**
     * A new partner's contact address, a pending recipient with its code mailed (docs/account.md
     * "E-mail"): relayed to like any other once the code comes back. Nothing without an SMTP relay
     * (no code could reach it; an administrator adds it once there is one), and nothing but a log
     * line when the day's verifications of the partner or of the address are spent: the sign-up
     * stands, and an administrator adds the address later.
     */
    async enrolContact(partnerUniqueID: string, email: string, lang: Lang): Promise<void> {
      if (!deps.relaying) return
      try {
        await enrol(partnerUniqueID, email, lang)
      } catch (error) {
        if (!(error instanceof ApiError) || error.key !== 'QUOTA_EXCEEDED') throw error
        deps.logger.info('contact address not enrolled', { partnerUniqueID, error: error.message })
      }
    },

    /** The code the address received. @throws ApiError 403, 404; 400 for a wrong, expired or spent code. */
    verify(auth: AuthContext, recipientId: string, code: string) {
      deps.assertAdmin(auth)
      const recipient = recipientOf(auth, recipientId)
      if (recipient.status === 'verified') return recipientView(recipient)
      const pending = recipients.codeOf(recipientId)!
      const expired = pending.codeExpiresAt === null || Date.parse(pending.codeExpiresAt) <= deps.clock.machine.now().getTime()
      if (pending.codeHash === null || expired || pending.failedAttempts >= MAX_CODE_ATTEMPTS) {
        throw new ApiError('BUSINESS_RULE', {
          field: 'code',
          params: { detail: '' },
          message: {
            'pt-PT': 'O código deste endereço já não é válido (expirou ou foi errado demasiadas vezes): adicione o endereço de novo para receber outro.',
            en: "This address's code is no longer valid (it expired or was wrong too many times): add the address again to get a new one.",
          },
        })
      }
      const expected = Buffer.from(pending.codeHash, 'hex')
      if (!/^\d{6}$/.test(code.trim()) || !timingSafeEqual(hashOf(recipientId, code.trim()), expected)) {
        recipients.failedAttempt(recipientId)
        const left = MAX_CODE_ATTEMPTS - pending.failedAttempts - 1
        throw new ApiError('INVALID_VALUE', {
          field: 'code',
          message: {
            'pt-PT': `O código não é o que foi enviado para o endereço (restam ${left} tentativas).`,
            en: `The code is not the one sent to the address (${left} tries left).`,
          },
        })
      }
      recipients.markVerified(recipientId, deps.clock.now(auth.partnerUniqueID).toISOString())
      return recipientView(recipientOf(auth, recipientId))
    },

    /** The address is no longer relayed to. @throws ApiError 403, 404. */
    remove(auth: AuthContext, recipientId: string): void {
      deps.assertAdmin(auth)
      recipientOf(auth, recipientId)
      recipients.remove(auth.partnerUniqueID, recipientId)
    },
  }
}

export type MailRecipientService = ReturnType<typeof createMailRecipientService>
