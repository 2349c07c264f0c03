import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

/** One POST the receiver got: its webhook-id, notification type, whether its signature held, whether it was a certification probe. */
export interface VerifiedPost {
  id: string
  type: number
  verified: boolean
  error?: string
  probe?: boolean
}

/**
 * A developer's local server, as `mortgage-sandbox listen` forwards to: plain HTTP on this machine,
 * verifies each POST with the standardwebhooks library (which also refuses a timestamp more than 5
 * minutes off) against the secret it was given, and answers 200 `ok <webhook-id>`, or 401 when it does
 * not verify (a forgery, a stale timestamp): a correct receiver, as certification asks.
 */
export async function startVerifyingReceiver() {
  let secret = ''
  const received: VerifiedPost[] = []
  let onReceive: (count: number) => void = () => undefined
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const id = String(req.headers['webhook-id'])
      let verified = false
      let error: string | undefined
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>)
        verified = true
      } catch (caught) {
        error = (caught as Error).message
      }
      const probe = req.headers['x-sandbox-certification'] !== undefined
      received.push({ id, type: JSON.parse(body).notificationTypeId, verified, ...(error ? { error } : {}), ...(probe ? { probe } : {}) })
      onReceive(received.length)
      if (verified) res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`ok ${id}`)
      else res.writeHead(401, { 'Content-Type': 'text/plain' }).end('signature refused')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    /** The secret it verifies with: the one the command printed. */
    setSecret: (s: string) => (secret = s),
    onReceive: (fn: (count: number) => void) => (onReceive = fn),
    ids: () => new Set(received.map((r) => r.id)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type VerifyingReceiver = Awaited<ReturnType<typeof startVerifyingReceiver>>
