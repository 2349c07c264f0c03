import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

/** A real SMTP server on a loopback port that keeps what it receives (plain SMTP, no TLS, no auth). */
export async function startSmtpSink(options: { reject?: boolean } = {}) {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (options.reject) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }))
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The decoded content of the MIME part with this Content-Type (base64 parts only). */
export function attachmentOf(raw: string, contentType: string): Buffer | undefined {
  const start = raw.indexOf(`Content-Type: ${contentType}`)
  if (start < 0) return undefined
  const body = raw.slice(raw.indexOf('\r\n\r\n', start) + 4)
  const end = body.indexOf('\r\n--')
  return Buffer.from((end < 0 ? body : body.slice(0, end)).replace(/\s+/g, ''), 'base64')
}
