import { createHmac, timingSafeEqual } from 'node:crypto'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { Webhook } from 'standardwebhooks'

export interface ReceivedProbe {
  headers: Record<string, string>
  body: string
  json: any
}

export type Answer = { status: number; body?: string } | { afterMs: number; status: number }

/**
 * A partner's callback receiver over real HTTPS, its behaviour given by `handle`: each received
 * request is recorded, with every header, and answered as `handle` says.
 */
export async function startProbeReceiver(tls: { cert: string; key: string }, handle: (probe: ReceivedProbe) => Answer) {
  const received: ReceivedProbe[] = []
  const sockets = new Set<Duplex>()
  const timers = new Set<NodeJS.Timeout>()
  const server = https.createServer(tls, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const probe: ReceivedProbe = { headers: req.headers as Record<string, string>, body, json: body ? JSON.parse(body) : undefined }
      received.push(probe)
      const answer = handle(probe)
      const reply = () => res.writeHead(answer.status).end('body' in answer ? (answer.body ?? '') : '')
      if ('afterMs' in answer) {
        const timer = setTimeout(() => {
          timers.delete(timer)
          if (!res.destroyed) reply()
        }, answer.afterMs)
        timers.add(timer)
      } else reply()
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    received,
    url: `https://127.0.0.1:${port}/hooks`,
    close(): Promise<void> {
      for (const timer of timers) clearTimeout(timer)
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * The receivers a partner might write. `correct` is what the bank asks for, built on the
 * standardwebhooks library: verify (signature and a 5-minute timestamp window), then deduplicate by
 * webhook-id, and ignore a type it does not know. The others each get one thing wrong. One address
 * serves several notification types, each configuration with its own secret: a request is genuine
 * when one of them verifies it.
 */
export function receiverBehaviours(secrets: () => string[]) {
  const seen = new Set<string>()
  const verifies = (probe: ReceivedProbe) =>
    secrets().some((secret) => {
      try {
        new Webhook(secret).verify(probe.body, probe.headers)
        return true
      } catch {
        return false
      }
    })
  const correct = (probe: ReceivedProbe): Answer => {
    if (!verifies(probe)) return { status: 401 }
    if (seen.has(probe.headers['webhook-id']!)) return { status: 200, body: 'already processed' }
    seen.add(probe.headers['webhook-id']!)
    return { status: 204 }
  }
  /** Signature checked by hand, with no timestamp window: a replay passes. */
  const signatureOnly = (probe: ReceivedProbe): boolean => {
    const [id, timestamp, signature] = [probe.headers['webhook-id'], probe.headers['webhook-timestamp'], probe.headers['webhook-signature']]
    if (!id || !timestamp || !signature) return false
    const given = Buffer.from(signature.split(' ')[0]!)
    return secrets().some((secret) => {
      const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
      const expected = Buffer.from(`v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${probe.body}`).digest('base64')}`)
      return given.length === expected.length && timingSafeEqual(given, expected)
    })
  }
  return {
    correct,
    /** Trusts every request that looks fresh: never checks the signature. */
    skipsSignature: (probe: ReceivedProbe): Answer => {
      const timestamp = Number(probe.headers['webhook-timestamp'] ?? Date.now() / 1000)
      return Math.abs(Date.now() / 1000 - timestamp) > 300 ? { status: 400 } : { status: 204 }
    },
    ignoresTimestamps: (probe: ReceivedProbe): Answer => (signatureOnly(probe) ? { status: 204 } : { status: 401 }),
    /** Correct, but does slow work before it looks at an unsigned request. */
    slowOnUnsigned:
      (slowMs: number) =>
      (probe: ReceivedProbe): Answer =>
        probe.headers['webhook-signature'] ? correct(probe) : { afterMs: slowMs, status: 401 },
    /** Correct, but fails on a redelivery: it treats the webhook-id as a conflict. */
    refusesRedelivery: (probe: ReceivedProbe): Answer => {
      if (seen.has(probe.headers['webhook-id'] ?? '')) return { status: 409 }
      return correct(probe)
    },
    /** Correct, but with a secret the sandbox no longer signs with (a rotation it missed): it refuses everything. */
    staleSecret: (probe: ReceivedProbe): Answer => {
      try {
        new Webhook(`whsec_${Buffer.alloc(32, 9).toString('base64')}`).verify(probe.body, probe.headers)
        return { status: 204 }
      } catch {
        return { status: 401 }
      }
    },
    /** Correct, but crashes on a type it does not know. */
    crashesOnNewType: (probe: ReceivedProbe): Answer => (probe.json?.notificationTypeId > 9 ? { status: 500 } : correct(probe)),
  }
}
