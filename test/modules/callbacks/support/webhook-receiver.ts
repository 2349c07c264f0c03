import https from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { Webhook } from 'standardwebhooks'

export interface ReceivedWebhook {
  id: string
  timestamp: string
  signature: string
  userAgent: string
  contentType: string
  path: string
  body: string
  json: any
  /** performance.timeOrigin + performance.now() at the end of the body. */
  receivedAt: number
  verified: boolean
  verifyError?: string
}

export type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'hang'

/**
 * A partner's receiver over real HTTPS: records every POST and verifies its signature with the
 * standardwebhooks library, as a partner would. `reply` decides each answer (default 204).
 */
export async function startWebhookReceiver(options: { cert: string; key: string; secret?: string }) {
  let secret = options.secret
  let reply: (hook: ReceivedWebhook, index: number) => Reply = () => ({ status: 204 })
  const received: ReceivedWebhook[] = []
  const sockets = new Set<Duplex>()
  const waiters = new Set<() => void>()

  const server = https.createServer({ cert: options.cert, key: options.key }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const header = (name: string) => String(req.headers[name] ?? '')
      const hook: ReceivedWebhook = {
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        userAgent: header('user-agent'),
        contentType: header('content-type'),
        path: req.url ?? '',
        body,
        json: JSON.parse(body || 'null'),
        receivedAt: performance.timeOrigin + performance.now(),
        verified: false,
      }
      try {
        if (!secret) throw new Error('no secret given to the receiver')
        new Webhook(secret).verify(body, req.headers as Record<string, string>)
        hook.verified = true
      } catch (error) {
        hook.verifyError = (error as Error).message
      }
      const answer = reply(hook, received.length)
      received.push(hook)
      for (const wake of waiters) wake()
      if (answer === 'hang') return
      res.writeHead(answer.status, answer.headers ?? {})
      res.end(answer.body ?? '')
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    port,
    received,
    url: (path = '/hooks') => `https://127.0.0.1:${port}${path}`,
    setSecret(value: string) {
      secret = value
    },
    onRequest(fn: typeof reply) {
      reply = fn
    },
    /** Resolves when `count` webhooks arrived (or the condition holds); rejects after `timeoutMs`. */
    waitFor(condition: number | ((hooks: ReceivedWebhook[]) => boolean), timeoutMs = 5000): Promise<ReceivedWebhook[]> {
      const met = () => (typeof condition === 'number' ? received.length >= condition : condition(received))
      if (met()) return Promise.resolve(received)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`receiver: condition not met within ${timeoutMs} ms (${received.length} received)`))
        }, timeoutMs)
        const check = () => {
          if (!met()) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(received)
        }
        waiters.add(check)
      })
    },
    close(): Promise<void> {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
