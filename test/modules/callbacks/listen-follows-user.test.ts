import { serve, type ServerType } from '@hono/node-server'
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runListenCommand } from '../../../src/cli/commands/listen.ts'
import { openSandbox } from '../../../src/app/server.ts'
import { systemClock } from '../../../src/platform/clock.ts'
import { testConfig } from '../../../src/platform/config.ts'
import { SIMULATION_INPUT_EXAMPLE } from '../../../src/modules/simulations/simulation-input.schemas.ts'
import { startVerifyingReceiver, type VerifyingReceiver } from '../../support/verifying-receiver.ts'
import { eventually, PARTNER_A } from './support/callback-sandbox.ts'
import { createListenerHub } from '../../../src/modules/callbacks/listen/listener-hub.ts'

/**
 * An open `listen` stream is held to the rights of the user who opened it: every change the API
 * applies at once (demotion, revocation, password reset, deactivation, suspension, deletion) ends an
 * administrator's stream of every broker's notifications within a second, its last event saying
 * why, and the command line prints it and exits 3; an expired token only makes it log in again. A
 * control listener of another administrator shows the notifications kept flowing meanwhile: the
 * ended stream missed them, it was not idle.
 */
const OPERATOR = 'operator-token-of-the-listen-rights-0123456789'

let server: ServerType
let url: string
let sandbox: ReturnType<typeof openSandbox>
const sockets = new Set<Socket>()
let admin: string
let otherBroker: string
let control: VerifyingReceiver

const call = async (method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : undefined }
}
const login = async (username: string, password: string) =>
  (
    (await (await fetch(`${url}/v1/authentication`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) })).json()) as {
      accessToken: string
    }
  ).accessToken
/** A simulation of the other broker: the id of its notification, which only a partner-wide (administrator's) listener takes. */
async function otherBrokersNotification(): Promise<string> {
  const simulation = (await call('POST', '/v1/simulations', otherBroker, SIMULATION_INPUT_EXAMPLE)).json.additionalData.simulationUniqueID as string
  return eventually(async () => {
    const deliveries = (await call('GET', '/sandbox/deliveries?limit=50', otherBroker)).json.deliveryList as Array<{ simulationUniqueId: string; notificationId: string }>
    return deliveries.find((d) => d.simulationUniqueId === simulation)?.notificationId
  })
}

function startListen(username: string, password: string, forwardTo: string) {
  const lines: string[] = []
  const stop = new AbortController()
  const exit = runListenCommand(['--url', url, '--username', username, '--password', password, '--forward-to', forwardTo], {}, (line) => lines.push(line), {
    signal: stop.signal,
    backoff: { firstMs: 20, maxMs: 200 },
  })
  const secret = () => eventually(() => lines.join('\n').match(/whsec_[A-Za-z0-9+/=]+/)?.[0])
  return { lines, exit, secret, stop: () => (stop.abort(), exit) }
}

/** A new administrator of partner A, listening through the command line to a receiver of its own. */
async function listeningAdministrator(name: string) {
  const created = await call('POST', '/sandbox/account/users', admin, { brokerId: 1001, name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@casacerta.example`, admin: true })
  expect(created.status).toBe(201)
  const receiver = await startVerifyingReceiver()
  const listen = startListen(created.json.username, created.json.password, receiver.url)
  receiver.setSecret(await listen.secret())
  // It takes every broker's notifications while it administers the partner.
  const before = await otherBrokersNotification()
  await eventually(() => (receiver.ids().has(before) ? true : undefined))
  return { userId: created.json.userId as number, receiver, listen }
}

/** After the change: the stream said why and ended, and the next notification of another broker reached the control, not it. */
async function expectEnded(subject: Awaited<ReturnType<typeof listeningAdministrator>>, reason: RegExp) {
  const started = Date.now()
  expect(await subject.listen.exit).toBe(3)
  expect(Date.now() - started).toBeLessThan(1500)
  expect(subject.listen.lines.at(-1)).toMatch(reason)
  const after = await otherBrokersNotification()
  await eventually(() => (control.ids().has(after) ? true : undefined))
  expect(subject.receiver.ids().has(after)).toBe(false)
  expect(subject.receiver.received.every((r) => r.verified)).toBe(true)
  await subject.receiver.close()
}

beforeAll(async () => {
  const config = testConfig({ timeScale: 0.001, listenersPerPartner: 10, operatorToken: OPERATOR })
  sandbox = openSandbox({ config, clock: systemClock })
  sandbox.sandbox.callbacks.worker.start()
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  server.on('connection', (socket: Socket) => (sockets.add(socket), socket.once('close', () => sockets.delete(socket))))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  admin = await login('broker-a', 'sandbox')
  const broker = await call('POST', '/sandbox/account/brokers', admin, { name: 'Casa Certa Braga' })
  const user = await call('POST', '/sandbox/account/users', admin, { brokerId: broker.json.brokerId, name: 'Rui Braga', email: 'rui@casacerta.example' })
  otherBroker = await login(user.json.username, user.json.password)
  control = await startVerifyingReceiver()
})

afterAll(async () => {
  await sandbox.sandbox.callbacks.worker.stop(100)
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => server.close(resolve))
  sandbox.db.close()
  await control.close()
})

describe("an open listen stream follows its user's rights", () => {
  let controlListen: ReturnType<typeof startListen>

  beforeAll(async () => {
    controlListen = startListen('broker-a', 'sandbox', control.url)
    control.setSecret(await controlListen.secret())
  })
  afterAll(async () => {
    await controlListen.stop()
  })

  it("ends an administrator's stream of every broker's notifications when the user is demoted, and says to listen again for its broker's", async () => {
    const subject = await listeningAdministrator('Ana Demovida')
    expect((await call('PUT', `/sandbox/account/users/${subject.userId}/admin`, admin, { admin: false })).status).toBe(200)
    await expectEnded(subject, /ended the stream \(demoted\): you no longer administer your partner.*listen again to receive your broker's/)
  })

  it('ends the stream when the user’s tokens are revoked', async () => {
    const subject = await listeningAdministrator('Bruno Revogado')
    expect((await call('POST', `/sandbox/account/users/${subject.userId}/revoke-tokens`, admin)).status).toBe(200)
    await expectEnded(subject, /ended the stream \(tokens-revoked\): an administrator of your partner revoked your tokens/)
  })

  it('ends the stream when the user’s password is reset', async () => {
    const subject = await listeningAdministrator('Carla Reposta')
    expect((await call('POST', `/sandbox/account/users/${subject.userId}/password`, admin)).status).toBe(200)
    await expectEnded(subject, /ended the stream \(password-reset\): an administrator of your partner reset your password/)
  })

  it('ends the stream when the user is deactivated', async () => {
    const subject = await listeningAdministrator('Duarte Desativado')
    expect((await call('DELETE', `/sandbox/account/users/${subject.userId}`, admin)).status).toBe(200)
    await expectEnded(subject, /ended the stream \(deactivated\): an administrator of your partner deactivated your user/)
  })

  it('ends every stream of a partner the operator suspends, and lets them listen again once it is resumed', { timeout: 45_000 }, async () => {
    const subject = await listeningAdministrator('Eva Suspensa')
    await controlListen.stop()
    const operator = { Authorization: `Bearer ${OPERATOR}`, 'Content-Type': 'application/json' }
    const suspended = await fetch(`${url}/sandbox/operator/partners/${PARTNER_A}/suspend`, {
      method: 'POST',
      headers: operator,
      body: JSON.stringify({ reason: 'a test of rights' }),
    })
    expect(suspended.status).toBe(200)
    const started = Date.now()
    expect(await subject.listen.exit).toBe(3)
    expect(Date.now() - started).toBeLessThan(1500)
    expect(subject.listen.lines.at(-1)).toMatch(/ended the stream \(partner-suspended\): the sandbox's operator suspended your partner \(a test of rights\)/)
    await eventually(() => (sandbox.sandbox.callbacks.listen.connected(PARTNER_A) === 0 ? true : undefined), 15_000)
    expect((await fetch(`${url}/sandbox/operator/partners/${PARTNER_A}/resume`, { method: 'POST', headers: operator })).status).toBe(200)
    admin = await login('broker-a', 'sandbox')
    controlListen = startListen('broker-a', 'sandbox', control.url)
    control.setSecret(await controlListen.secret())
    // Resumed, the partner's notifications flow again: to the listener opened since, not to the ended one.
    // Under a loaded machine (the whole suite on two cores) a resumed partner's delivery can take seconds.
    const after = await otherBrokersNotification()
    await eventually(() => (control.ids().has(after) ? true : undefined), 15_000)
    expect(subject.receiver.ids().has(after)).toBe(false)
    await subject.receiver.close()
  })

  it("says why in the stream's last event, `closed` with { reason, message }, and ends the stream", async () => {
    const created = await call('POST', '/sandbox/account/users', admin, { brokerId: 1001, name: 'Filipa Fluxo', email: 'filipa@casacerta.example', admin: true })
    const token = await login(created.json.username, created.json.password)
    const res = await fetch(`${url}/sandbox/listen`, { headers: { Authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    const events: Array<{ event: string; data: string }> = []
    const reading = (async () => {
      const decoder = new TextDecoder()
      let buffer = ''
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk, { stream: true })
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event = /^event: (.*)$/m.exec(block)?.[1]
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (event && data) events.push({ event, data })
        }
      }
    })()
    await eventually(() => (events.some((e) => e.event === 'ready') ? true : undefined))
    expect(JSON.parse(events[0]!.data)).toMatchObject({ scope: 'partner' })

    expect((await call('PUT', `/sandbox/account/users/${created.json.userId}/admin`, admin, { admin: false })).status).toBe(200)
    // The server ends the stream: the body is read to its end.
    await reading
    expect(events.at(-1)!.event).toBe('closed')
    expect(JSON.parse(events.at(-1)!.data)).toEqual({ reason: 'demoted', message: expect.stringContaining('you no longer administer your partner') })
    // Still a user of its broker: it may listen again, to its broker's notifications.
    const again = await fetch(`${url}/sandbox/listen`, { headers: { Authorization: `Bearer ${token}` } })
    const reader = again.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('"scope":"broker"')
    await reader.cancel()
  })

  it('ends the streams of a partner the operator deletes', async () => {
    const operator = { Authorization: `Bearer ${OPERATOR}`, 'Content-Type': 'application/json' }
    const created = (await (
      await fetch(`${url}/sandbox/operator/partners`, {
        method: 'POST',
        headers: operator,
        body: JSON.stringify({ partnerName: 'Apagada Lda', contactEmail: 'geral@apagada.example' }),
      })
    ).json()) as {
      partnerUniqueID: string
      username: string
      password: string
    }
    const receiver = await startVerifyingReceiver()
    const listen = startListen(created.username, created.password, receiver.url)
    await listen.secret()
    expect((await fetch(`${url}/sandbox/operator/partners/${created.partnerUniqueID}`, { method: 'DELETE', headers: operator })).status).toBe(200)
    expect(await listen.exit).toBe(3)
    expect(listen.lines.at(-1)).toMatch(/ended the stream \(partner-deleted\): the sandbox's operator deleted your partner/)
    await receiver.close()
  })

  it('logs in again and goes on listening when the token it was opened with expires', async () => {
    const short = sandbox.sandbox.auth.issueToken({ partnerUniqueID: PARTNER_A, brokerId: 1001, userId: 5001 }, 1)
    const receiver = await startVerifyingReceiver()
    const lines: string[] = []
    const stop = new AbortController()
    const exit = runListenCommand(
      ['--url', url, '--token', short.accessToken, '--username', 'broker-a', '--password', 'sandbox', '--forward-to', receiver.url],
      {},
      (line) => lines.push(line),
      {
        signal: stop.signal,
        backoff: { firstMs: 20, maxMs: 200 },
      },
    )
    // The token expires in a second; the login again is a password hash, which waits its turn behind
    // the other test files' hashes on a loaded machine.
    await eventually(() => (lines.includes('Reconnected.') ? true : undefined), 20_000).catch((error: Error) => {
      throw new Error(`${error.message}; listen printed:\n${lines.join('\n')}`)
    })
    expect(lines).toContain('The stream ended; reconnecting…')
    stop.abort()
    expect(await exit).toBe(0)
    await receiver.close()
  }, 40_000)
})

describe('the command line', () => {
  it('says so when a reconnect brings another secret: the rights changed while the stream was cut', async () => {
    // A sandbox whose first stream is cut before its last event, and whose second has the broker's scope.
    const secrets = ['whsec_cGFydG5lcg==', 'whsec_YnJva2Vy']
    let connects = 0
    const fake = http.createServer((req, res) => {
      const secret = secrets[Math.min(connects, 1)]!
      connects += 1
      res.writeHead(200, { 'Content-Type': 'text/event-stream' })
      res.write(
        `event: ready\ndata: ${JSON.stringify({ listenerId: `lsn_${connects}`, signingSecret: secret, scope: connects === 1 ? 'partner' : 'broker', types: null, heartbeatSeconds: 15 })}\n\n`,
      )
      if (connects === 1) res.end()
    })
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
    const lines: string[] = []
    const stop = new AbortController()
    const exit = runListenCommand(
      ['--url', `http://127.0.0.1:${(fake.address() as AddressInfo).port}`, '--token', 't', '--forward-to', 'http://127.0.0.1:9/hooks'],
      {},
      (line) => lines.push(line),
      {
        signal: stop.signal,
        backoff: { firstMs: 10, maxMs: 20 },
      },
    )
    await eventually(() => (lines.some((l) => l.startsWith('Reconnected')) ? true : undefined))
    expect(lines.find((l) => l.startsWith('Reconnected'))).toBe(`Reconnected, with other rights: your webhook signing secret is now ${secrets[1]} (your broker's notifications).`)
    stop.abort()
    expect(await exit).toBe(0)
    fake.closeAllConnections()
    await new Promise((resolve) => fake.close(resolve))
  })
})

describe('a listener ended before its stream attached', () => {
  it('closes the stream as it attaches, after the last event', () => {
    const hub = createListenerHub({ limit: null })
    const handle = hub.register({ partnerUniqueID: PARTNER_A, userId: 5001, brokerId: null, types: null, forwardTo: null })
    expect(hub.endWhere(PARTNER_A, (l) => l.userId === 5001, { reason: 'tokens-revoked', message: 'why' })).toBe(1)
    const closed: unknown[] = []
    handle.attach({ send: () => true, close: (last) => closed.push(last) })
    expect(closed).toEqual([{ event: 'closed', data: JSON.stringify({ reason: 'tokens-revoked', message: 'why' }) }])
    expect(hub.count(PARTNER_A)).toBe(0)
  })
})
