import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runListenCommand } from '../../../src/cli/commands/listen.ts'
import { runTriggerCommand } from '../../../src/cli/commands/trigger.ts'
import { openSandbox } from '../../../src/app/server.ts'
import { NOTIFICATION_TYPES } from '../../../src/modules/callbacks/notification-types.schemas.ts'
import { systemClock } from '../../../src/platform/clock.ts'
import { testConfig } from '../../../src/platform/config.ts'
import { listenOnLoopback } from '../../support/listening-app.ts'
import { startVerifyingReceiver, type VerifyingReceiver } from '../../support/verifying-receiver.ts'
import { PARTNER_A, PARTNER_B } from '../../support/test-app.ts'
import { eventually } from '../../modules/callbacks/support/callback-sandbox.ts'

/** A partner's receiver on this machine: each type has its own configuration and secret, verified with standardwebhooks. */
async function startPartnerReceiver() {
  const secrets = new Map<number, string>()
  const received: Array<{ id: string; type: number; verified: boolean }> = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const type = JSON.parse(body).notificationTypeId as number
      let verified = false
      try {
        new Webhook(secrets.get(type) ?? 'whsec_' + Buffer.alloc(32).toString('base64')).verify(body, req.headers as Record<string, string>)
        verified = true
      } catch {
        verified = false
      }
      received.push({ id: String(req.headers['webhook-id']), type, verified })
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    secrets,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let sandbox: ReturnType<typeof openSandbox>
let served: Awaited<ReturnType<typeof listenOnLoopback>>
let ours: Awaited<ReturnType<typeof startPartnerReceiver>>
let theirs: Awaited<ReturnType<typeof startPartnerReceiver>>
let local: VerifyingReceiver
const tokens = { a: '', b: '' }

const login = async (username: string) =>
  (
    (await (
      await fetch(`${served.url}/v1/authentication`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password: 'sandbox' }) })
    ).json()) as { accessToken: string }
  ).accessToken

/** Callback Update of every type to the receiver, keeping each type's secret. */
async function registerAll(partner: string, token: string, receiver: Awaited<ReturnType<typeof startPartnerReceiver>>) {
  for (const type of NOTIFICATION_TYPES) {
    const res = await fetch(`${served.url}/${partner}/callbacks/${type.id}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ callbackUrl: receiver.url }),
    })
    receiver.secrets.set(type.id, ((await res.json()) as { additionalData: { signingSecret: string } }).additionalData.signingSecret)
  }
}

/** The command in-process, its lines kept. */
async function triggerCommand(...args: string[]) {
  const lines: string[] = []
  const code = await runTriggerCommand([...args, '--url', served.url], {}, (line) => lines.push(line))
  return { code, out: lines.join('\n') }
}

beforeAll(async () => {
  sandbox = openSandbox({ config: testConfig({ timeScale: 0.001, callbackAllowHttp: true, callbackAllowPrivate: true }), clock: systemClock })
  sandbox.sandbox.callbacks.worker.start()
  served = await listenOnLoopback(sandbox.app)
  ;[ours, theirs, local] = await Promise.all([startPartnerReceiver(), startPartnerReceiver(), startVerifyingReceiver()])
  tokens.a = await login('broker-a')
  tokens.b = await login('broker-b')
  await registerAll(PARTNER_A, tokens.a, ours)
  await registerAll(PARTNER_B, tokens.b, theirs)
})

afterAll(async () => {
  await sandbox.sandbox.callbacks.worker.stop(100)
  await served.close()
  sandbox.db.close()
  await Promise.all([ours.close(), theirs.close(), local.close()])
})

describe('mortgage-sandbox trigger', () => {
  it("delivers each of the twelve types, signed, to the partner's addresses and to listen; another partner receives none", async () => {
    const lines: string[] = []
    const stop = new AbortController()
    const listening = runListenCommand(['--url', served.url, '--token', tokens.a, '--forward-to', local.url], {}, (line) => lines.push(line), { signal: stop.signal })
    local.setSecret(await eventually(() => lines.join('\n').match(/whsec_[A-Za-z0-9+/=]+/)?.[0]))
    await eventually(() => (sandbox.sandbox.callbacks.listen.connected(PARTNER_A) === 1 ? true : undefined))

    const made: Array<{ id: string; type: number }> = []
    for (const type of NOTIFICATION_TYPES) {
      const { code, out } = await triggerCommand(type.code, '--token', tokens.a)
      expect(code, out).toBe(0)
      const [, id] = new RegExp(`^${type.code} \\(${type.id}\\) (msg_\\w+) on (process|simulation) [0-9a-f-]{36}$`, 'm').exec(out) ?? []
      expect(id, out).toBeDefined()
      expect(out).toContain(`→ ${ours.url} (pending)`)
      expect(out).toContain('→ 1 listener(s) of mortgage-sandbox listen connected')
      made.push({ id: id!, type: type.id })
    }
    for (const { id, type } of made) {
      const atAddress = await eventually(() => ours.received.find((r) => r.id === id))
      expect(atAddress).toEqual({ id, type, verified: true })
      const throughListen = await eventually(() => local.received.find((r) => r.id === id))
      expect(throughListen).toMatchObject({ id, type, verified: true })
    }
    expect(theirs.received).toEqual([])
    stop.abort()
    expect(await listening).toBe(0)
  })

  it('logs in with a username and password, and makes it from the record named', async () => {
    const created = await triggerCommand('SIMULATION_STATUS_CHANGED', '--username', 'broker-a', '--password', 'sandbox', '--json')
    expect(created.code, created.out).toBe(0)
    const { simulationUniqueId } = JSON.parse(created.out) as { simulationUniqueId: string }
    const expired = await triggerCommand('8', '--simulation', simulationUniqueId, '--token', tokens.a)
    expect(expired.code, expired.out).toBe(0)
    expect(expired.out).toMatch(new RegExp(`^SIMULATION_EXPIRED \\(8\\) msg_\\w+ on simulation ${simulationUniqueId}$`, 'm'))
    expect(expired.out).not.toContain('created:')
  })

  it('exits 2 on an unknown type, listing the known ones, and on bad usage; 1 when the sandbox refuses the record', async () => {
    const unknown = await triggerCommand('LOAN_DISBURSED', '--token', tokens.a)
    expect(unknown.code).toBe(2)
    expect(unknown.out).toContain('Known types: PROCESS_CREATED (1), DOCUMENT_REQUESTED (2)')
    expect((await triggerCommand('--token', tokens.a)).code).toBe(2)
    expect((await triggerCommand('NEW_MESSAGE', '--simulation', 'a', '--process', 'b', '--token', tokens.a)).code).toBe(2)
    const other = await triggerCommand('NEW_MESSAGE', '--simulation', '5b0e8f0a-3c1d-4e2f-9a7b-6c5d4e3f2a10', '--token', tokens.b)
    expect(other.code).toBe(1)
    expect(other.out).toContain('010401 simulationUniqueId')
  })
})
