import { serve, type ServerType } from '@hono/node-server'
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemClock } from '../../../src/platform/clock.ts'
import { testConfig } from '../../../src/platform/config.ts'
import { runListenCommand } from '../../../src/cli/commands/listen.ts'
import { SIMULATION_INPUT_EXAMPLE } from '../../../src/modules/simulations/simulation-input.schemas.ts'
import { openSandbox } from '../../../src/app/server.ts'
import { startVerifyingReceiver, type VerifyingReceiver } from '../../support/verifying-receiver.ts'
import { eventually, PARTNER_A } from './support/callback-sandbox.ts'

/** The command line, in-process, until stopped; its lines kept. */
function startListen(args: string[]) {
  const lines: string[] = []
  const stop = new AbortController()
  const exit = runListenCommand(args, {}, (line) => lines.push(line), { signal: stop.signal, backoff: { firstMs: 20, maxMs: 200 } })
  const secret = () => eventually(() => lines.join('\n').match(/whsec_[A-Za-z0-9+/=]+/)?.[0])
  return { lines, exit, secret, stop: () => (stop.abort(), exit) }
}

let server: ServerType
let url: string
let sandbox: ReturnType<typeof openSandbox>
const sockets = new Set<Socket>()

const call = async (method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined }
}
const login = async (username: string, password = 'sandbox') =>
  (
    (await (await fetch(`${url}/v1/authentication`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) })).json()) as {
      accessToken: string
    }
  ).accessToken
const newSimulation = async (token: string) => (await call('POST', '/v1/simulations', token, SIMULATION_INPUT_EXAMPLE)).json.additionalData.simulationUniqueID as string

let admin: string
let second: { username: string; password: string; token: string }
let receiver: VerifyingReceiver
let secondReceiver: VerifyingReceiver

beforeAll(async () => {
  // Retries in milliseconds; a fair share whose turns a stream held would starve every later request of partner A.
  const config = testConfig({
    timeScale: 0.001,
    listenersPerPartner: 3,
    rateLimit: { perSecond: 1000, burst: 1000 },
    fairShare: { costMs: 1, concurrency: { inFlight: 2, queue: 32, waitMs: 2000 } },
  })
  sandbox = openSandbox({ config, clock: systemClock })
  sandbox.sandbox.callbacks.worker.start()
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  server.on('connection', (socket: Socket) => (sockets.add(socket), socket.once('close', () => sockets.delete(socket))))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  admin = await login('broker-a')
  const broker = await call('POST', '/sandbox/account/brokers', admin, { name: 'Casa Certa Faro' })
  const user = await call('POST', '/sandbox/account/users', admin, { brokerId: broker.json.brokerId, name: 'Rita Faro', email: 'rita@casacerta.example' })
  second = { username: user.json.username, password: user.json.password, token: await login(user.json.username, user.json.password) }
  ;[receiver, secondReceiver] = await Promise.all([startVerifyingReceiver(), startVerifyingReceiver()])
})

afterAll(async () => {
  await sandbox.sandbox.callbacks.worker.stop(100)
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => server.close(resolve))
  sandbox.db.close()
  await Promise.all([receiver.close(), secondReceiver.close()])
})

describe('mortgage-sandbox listen', () => {
  it("forwards a journey's notifications, signed and verifiable, through a cut stream and past a clock advance of two days", async () => {
    const listen = startListen(['--url', url, '--username', 'broker-a', '--password', 'sandbox', '--forward-to', receiver.url])
    const other = startListen(['--url', url, '--username', second.username, '--password', second.password, '--forward-to', secondReceiver.url])
    receiver.setSecret(await listen.secret())
    secondReceiver.setSecret(await other.secret())
    // A signing secret is an administrator's: a user who is not one gets a secret of its own, which
    // signs only what its listeners receive (the partner's would verify every broker's notifications).
    expect(await other.secret()).not.toBe(await listen.secret())
    await eventually(() => (sandbox.sandbox.callbacks.listen.connected(PARTNER_A) === 2 ? true : undefined))

    // The third notification's arrival cuts every connection of the sandbox: the stream, and the report on its way.
    receiver.onReceive((index) => {
      if (index === 3) for (const socket of sockets) socket.destroy()
    })
    const first = await newSimulation(admin)
    await call('POST', `/sandbox/simulations/${first}/status`, admin, { simulationStatusId: 5 })
    await newSimulation(admin)
    await newSimulation(admin)
    await eventually(() => (listen.lines.includes('Reconnected.') ? true : undefined))
    const advanced = await call('POST', '/sandbox/clock/advance', admin, { seconds: 2 * 24 * 3600 })
    expect(advanced.status).toBe(200)
    await newSimulation(admin)
    const own = await newSimulation(second.token)

    const log = await call('GET', '/sandbox/deliveries?limit=50', admin)
    const ids: string[] = log.json.deliveryList.map((d: { notificationId: string }) => d.notificationId)
    expect(ids.length).toBeGreaterThanOrEqual(5)
    await eventually(() => (ids.every((id) => receiver.ids().has(id)) ? true : undefined))
    expect(receiver.received.filter((r) => !r.verified)).toEqual([])

    // Every notification delivered through listen, its delivered attempt holding the local server's answer.
    const after = await eventually(async () => {
      const page = (await call('GET', '/sandbox/deliveries?limit=50', admin)).json
      return page.deliveryList.every((d: any) => d.listen?.status === 'delivered') ? page : undefined
    })
    // The cut left an attempt without its report: failed, then sent again once the listener was back.
    const attempts = after.deliveryList.flatMap((d: any) => d.attemptList)
    expect(attempts.filter((a: any) => a.error === 'the listener disconnected before it reported').length).toBeGreaterThanOrEqual(1)
    expect(attempts.every((a: any) => a.through === 'listen')).toBe(true)
    for (const delivery of after.deliveryList) {
      const accepted = delivery.attemptList.filter((a: any) => a.through === 'listen' && a.httpStatus === 200)
      expect(accepted.length, delivery.notificationId).toBeGreaterThanOrEqual(1)
      expect(accepted[0]).toMatchObject({ callbackUrl: receiver.url, responseExcerpt: `ok ${delivery.notificationId}`, error: null })
      expect(accepted[0].requestHeaders).toMatchObject({ 'webhook-id': delivery.notificationId })
      // The real time, not the partner's clock two days ahead.
      expect(Math.abs(Number(accepted[0].requestHeaders['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300)
    }

    // The other broker's user (no administrator) got its own broker's notification only.
    await eventually(() => (secondReceiver.received.length > 0 ? true : undefined))
    expect(secondReceiver.received.every((r) => r.verified)).toBe(true)
    expect([...secondReceiver.ids()].filter((id) => ids.includes(id))).toEqual([])
    const theirs = (await call('GET', '/sandbox/deliveries', second.token)).json.deliveryList
    expect(theirs.map((d: any) => d.simulationUniqueId)).toEqual([own])
    expect(secondReceiver.ids()).toEqual(new Set(theirs.map((d: any) => d.notificationId)))

    expect(listen.lines).toContainEqual(expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d  SIMULATION_STATUS_CHANGED\s+msg_\w+  → 200  \d+ ms$/))
    expect(await other.stop()).toBe(0)
    expect(await listen.stop()).toBe(0)
    await eventually(() => (sandbox.sandbox.callbacks.listen.connected(PARTNER_A) === 0 ? true : undefined))
  })

  it('holds the listeners quota, charges a stream once and frees its turn, and takes reports only from its own user', async () => {
    const open = () => fetch(`${url}/sandbox/listen?types=6`, { headers: { Authorization: `Bearer ${admin}` } })
    const streams = await Promise.all([open(), open(), open()])
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200])
    expect(streams[0]!.headers.get('ratelimit-limit')).toBe('1000')
    const refused = await call('GET', '/sandbox/listen', admin)
    expect(refused.status).toBe(409)
    expect(refused.json.errors[0]).toMatchObject({ errorCode: '010605', errorField: 'listeners' })
    // Three streams open, two turns at once: a stream that held its turn would make this wait, then 429.
    expect(sandbox.sandbox.fairShare!.turns!.of(PARTNER_A).running).toBe(0)
    expect((await call('GET', '/sandbox/deliveries', admin)).status).toBe(200)

    const reader = streams[0]!.body!.getReader()
    const ready = JSON.parse(/data: (.*)/.exec(new TextDecoder().decode((await reader.read()).value))![1]!)
    expect(ready).toMatchObject({ listenerId: expect.stringMatching(/^lsn_/), signingSecret: expect.stringMatching(/^whsec_/), types: [6], scope: 'partner' })
    const report = { attemptId: 'none', httpStatus: 200, latencyMs: 1, responseExcerpt: 'ok', error: null }
    expect((await call('POST', `/sandbox/listen/${ready.listenerId}/attempts`, second.token, report)).json.errors[0].errorField).toBe('listenerId')
    expect((await call('POST', `/sandbox/listen/${ready.listenerId}/attempts`, admin, report)).json.errors[0].errorField).toBe('attemptId')
    const tooLong = await call('POST', `/sandbox/listen/${ready.listenerId}/attempts`, admin, { ...report, responseExcerpt: 'x'.repeat(9000) })
    expect(tooLong.status).toBe(413)
    expect((await call('GET', '/sandbox/listen?types=6,99', admin)).json.errors[0]).toMatchObject({ errorField: 'types' })

    await Promise.all(streams.map((s) => s.body?.cancel().catch(() => undefined)))
    await reader.cancel().catch(() => undefined)
    await eventually(() => (sandbox.sandbox.callbacks.listen.connected(PARTNER_A) === 0 ? true : undefined))
  })

  it('logs in again when its token is refused, and refuses a sandbox over plain http that is not this machine', async () => {
    const relogged = startListen(['--url', url, '--token', 'expired.or.forged', '--username', 'broker-a2', '--password', 'sandbox', '--forward-to', receiver.url, '--types', '7'])
    expect(await relogged.secret()).toMatch(/^whsec_/)
    expect(relogged.lines[0]).toContain("your broker's notifications")
    expect(await relogged.stop()).toBe(0)
    // The user's own secret is stable: its local server keeps verifying across runs.
    const again = startListen(['--url', url, '--username', 'broker-a2', '--password', 'sandbox', '--forward-to', receiver.url, '--types', '7'])
    expect(await again.secret()).toBe(await relogged.secret())
    expect(await again.stop()).toBe(0)

    const lines: string[] = []
    expect(await runListenCommand(['--url', 'http://sandbox.bank.example', '--token', 't', '--forward-to', receiver.url], {}, (l) => lines.push(l))).toBe(2)
    expect(lines.join('\n')).toContain('HTTPS')
    expect(await runListenCommand(['--url', url, '--token', 'expired.or.forged', '--forward-to', receiver.url], {}, (l) => lines.push(l))).toBe(2)
    expect(lines.at(-1)).toContain('--username and --password')
  })
})
