import type { Transporter } from 'nodemailer'
import type { MailAttachment } from './mailbox.repository.ts'

export interface OutgoingMail {
  from: string
  to: string
  subject: string
  text: string
  attachments: MailAttachment[]
}

export interface SmtpRelay {
  /** Sends the mail; resolves with the SMTP message id. @throws when the server refuses it or cannot be reached. */
  send(mail: OutgoingMail): Promise<string>
  close(): void
}

/**
 * Relays over SMTP to SANDBOX_SMTP_URL (smtp:// or smtps://, credentials and nodemailer options in
 * the URL, e.g. smtp://user:pass@mail.example:587). One pooled transport for the process.
 */
export function createSmtpRelay(url: string): SmtpRelay {
  // nodemailer is loaded with the first e-mail: most sandboxes never relay one.
  let transport: Promise<Transporter> | undefined
  const connect = () => (transport ??= import('nodemailer').then(({ createTransport }) => createTransport(url)))
  return {
    async send(mail) {
      const info = await (
        await connect()
      ).sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      })
      return String(info.messageId)
    },
    close: () => void transport?.then((t) => t.close()),
  }
}
