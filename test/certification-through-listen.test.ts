import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock } from '../src/platform/clock.ts'
import { loadConfig } from '../src/platform/config.ts'
import { runCertifyCommand } from '../src/cli/commands/certify.ts'
import { runListenCommand } from '../src/cli/commands/listen.ts'
import { verifyReport } from '../src/modules/certification/index.ts'
import { SIMULATION_INPUT_EXAMPLE } from '../src/modules/simulations/simulation-input.schemas.ts'
import { openSandbox } from '../src/app/server.ts'
import { eventually } from './modules/callbacks/support/callback-sandbox.ts'
import { playScriptedClient } from './modules/certification/support/scripted-client.ts'
import { listenOnLoopback } from './support/listening-app.ts'
import { startVerifyingReceiver, type VerifyingReceiver } from './support/verifying-receiver.ts'

/**
 * A partner on a laptop certifies on a hosted sandbox with nothing but `mortgage-sandbox listen` for
 * its callbacks: no public address, no ALLOW setting. Its client plays every journey before any
 * listener runs; the notifications that reached no receiver are kept, and the listener that connects
 * afterwards receives them, replayed, each verifying with the standardwebhooks library. Then
 * `certify --listen` runs every check against its local receiver through a listener: all pass, the
 * public HTTPS address is the one go-live item left, and the signed report checks.
 */
const OPERATOR = 'operator-token-of-the-laptop-partner-0123456789'
const EN = { 'Accept-Language': 'en' }

// The machine's clock is the test's: the client waits out Retry-After by moving it, never by sleeping.
const clock = manualClock(new Date())
let sandbox: ReturnType<typeof openSandbox>
let server: Awaited<ReturnType<typeof listenOnLoopback>>
let local: VerifyingReceiver
let folder: string

beforeAll(async () => {
  const config = loadConfig({
    SANDBOX_MODE: 'hosted',
    SANDBOX_DB: ':memory:',
    SANDBOX_OPERATOR_TOKEN: OPERATOR,
    SANDBOX_SECRETS_KEY: 'laptop-partner-secrets-key-0123456789abcdef',
    LOG_LEVEL: 'silent',
    PORT: '0',
    // The client's journey comes in bursts a test machine makes slower than a partner's: the fair
    // share is not what this test is about (test/first-hour.test.ts keeps the hosted one).
    SANDBOX_RATE_LIMIT: '1000',
    SANDBOX_RATE_LIMIT_COST_MS: '100',
    // A Create's connection held after its write closes soon: the client's own timeout is not the point.
    SANDBOX_FAULT_TIMEOUT_MS: '150',
  })
  expect([config.mode, config.demoIdentities, config.callbackAllowHttp, config.callbackAllowPrivate]).toEqual(['hosted', false, false, false])
  sandbox = openSandbox({ config: { ...config, passwordCost: { N: 2 ** 12, r: 8, p: 1 } }, clock })
  sandbox.sandbox.callbacks.worker.start()
  server = await listenOnLoopback(sandbox.app)
  local = await startVerifyingReceiver()
  folder = mkdtempSync(join(tmpdir(), 'certification-'))
})

afterAll(async () => {
  await sandbox.sandbox.callbacks.worker.stop(100)
  sandbox.sandbox.callbacks.listen.closeAll()
  await server.close()
  await local.close()
  sandbox.db.close()
  rmSync(folder, { recursive: true, force: true })
})

/** `mortgage-sandbox listen`, in-process, until stopped; its lines kept. */
function startListen(args: string[], credentials: { username: string; password: string }) {
  const lines: string[] = []
  const stop = new AbortController()
  const exit = runListenCommand(
    ['--url', server.url, '--username', credentials.username, '--password', credentials.password, '--forward-to', local.url, ...args],
    {},
    (line) => lines.push(line),
    {
      signal: stop.signal,
      backoff: { firstMs: 20, maxMs: 200 },
    },
  )
  return { lines, secret: () => eventually(() => lines.join('\n').match(/whsec_[A-Za-z0-9+/=]+/)?.[0]), stop: () => (stop.abort(), exit) }
}

describe('a partner with only listen for its callbacks, on a hosted sandbox', () => {
  it('receives what happened before it listened, replayed, then certifies through listen with every check passed and the signed report', async () => {
    const invitation = await (
      await fetch(`${server.url}/sandbox/operator/invitations`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${OPERATOR}`, 'Content-Type': 'application/json' },
        body: '{}',
      })
    ).json()
    const signedUp = await fetch(`${server.url}/sandbox/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...EN },
      body: JSON.stringify({ partnerName: 'Portátil, Lda.', contactEmail: 'dev@portatil.example', invitationCode: (invitation as { invitationCode: string }).invitationCode }),
    })
    expect(signedUp.status).toBe(201)
    const credentials = (await signedUp.json()) as { username: string; password: string; partnerUniqueID: string }
    const partner = credentials.partnerUniqueID
    const token = (
      (await (
        await fetch(`${server.url}/v1/authentication`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...EN }, body: JSON.stringify(credentials) })
      ).json()) as { accessToken: string }
    ).accessToken
    const call = async (method: string, path: string, init: { body?: unknown; scenario?: string } = {}) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...EN,
          ...(init.scenario ? { 'X-Sandbox-Scenario': init.scenario } : {}),
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      })
      const text = await res.text()
      return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : text }
    }
    // Callback Update refuses the laptop's address, and says what to run instead.
    const refused = await call('PUT', `/${partner}/callbacks/9`, { body: { callbackUrl: local.url } })
    expect(refused.status).toBe(400)
    expect(refused.json.errors[0].errorMessage).toContain(`npx mortgage-sandbox listen --forward-to ${local.url}`)

    // The whole journey, no listener running: every notification reaches no receiver, and is kept.
    let notified: string[] = []
    await playScriptedClient(
      { app: sandbox.app, clock, services: { taxonomy: sandbox.sandbox.taxonomy } },
      {
        login: credentials,
        decisionArrived: async () => {
          const log = (await call('GET', '/sandbox/deliveries?lineCount=100')).json
          notified = log.deliveryList.map((d: any) => d.notificationId)
          expect(log.deliveryList.map((d: any) => [d.status, d.listen])).toEqual(notified.map(() => ['skipped', null]))
          expect(log.deliveryList.map((d: any) => d.notificationTypeId)).toContain(9)

          // A listener without replay: the developer's first look, only what happens from now on.
          const first = startListen(['--no-replay'], credentials)
          local.setSecret(await first.secret())
          await eventually(() => (sandbox.sandbox.callbacks.listen.connected(partner) === 1 ? true : undefined))
          expect((await call('GET', '/sandbox/deliveries?lineCount=100')).json.deliveryList.every((d: any) => d.listen === null)).toBe(true)
          expect(await first.stop()).toBe(0)
          await eventually(() => (sandbox.sandbox.callbacks.listen.connected(partner) === 0 ? true : undefined))

          // Listening again: the secret is the same, and the last hour comes first, replayed.
          const again = startListen(['--since', '1h'], credentials)
          expect(await again.secret()).toBe(await first.secret())
          await eventually(() => (notified.every((id) => local.ids().has(id)) ? true : undefined), 10_000)
          expect(again.lines.find((l) => l.startsWith('Replaying'))).toMatch(
            new RegExp(`^Replaying ${notified.length} notifications that reached no receiver since .+, oldest first\\.$`),
          )
          // A line each, once its local server answered.
          await eventually(() => (again.lines.filter((l) => l.endsWith('(replayed)')).length === notified.length ? true : undefined))
          expect(local.received.filter((r) => !r.verified)).toEqual([])
          // Oldest first: each simulation's and process's notifications in the order they happened.
          const byResource = new Map<string, string[]>()
          for (const d of [...log.deliveryList].reverse())
            byResource.set(d.processUniqueId ?? d.simulationUniqueId, [...(byResource.get(d.processUniqueId ?? d.simulationUniqueId) ?? []), d.notificationId])
          const arrived = local.received.map((r) => r.id)
          for (const ids of byResource.values()) expect(arrived.filter((id) => ids.includes(id))).toEqual(ids)
          const delivered = await eventually(async () => {
            const list = (await call('GET', '/sandbox/deliveries?lineCount=100')).json.deliveryList
            return list.every((d: any) => d.status === 'delivered') ? list : undefined
          })
          for (const d of delivered) {
            expect(d.listen).toEqual({ status: 'delivered', nextAttemptAt: null, replayed: true })
            expect(d.statusReason).toMatch(new RegExp(`^delivered through mortgage-sandbox listen: listener lsn_\\w+, forwarding to ${local.url}$`))
          }
          expect(await again.stop()).toBe(0)
        },
      },
    )

    // The same webhook-id a delivery would have carried, verified by the library with the secret listen printed.
    const decision = local.received.find((r) => r.type === 9)!
    expect(decision.verified).toBe(true)

    // A client meeting network faults: a read retried after a backoff, a Create looked up, not repeated.
    await expect(call('GET', '/v1/simulations', { scenario: 'connection-reset' })).rejects.toThrow()
    clock.advance(1000)
    expect((await call('GET', '/v1/simulations')).status).toBe(200)
    await expect(call('POST', '/v1/simulations', { body: SIMULATION_INPUT_EXAMPLE, scenario: 'timeout-after-write' })).rejects.toThrow()
    clock.advance(1000)
    expect((await call('GET', '/v1/simulations?lineCount=1')).status).toBe(200)

    // certify --listen: a listener for the run, forwarding the probes to the local receiver.
    const lines: string[] = []
    const report = join(folder, 'certification.json')
    const certified = await runCertifyCommand(
      ['--url', server.url, '--username', credentials.username, '--password', credentials.password, '--listen', '--forward-to', local.url, '--report', report],
      {},
      (line) => lines.push(line),
    )
    const failedOrSkipped = lines.filter((l) => /^ {2}(FAIL|SKIP) /.test(l))
    expect(failedOrSkipped, lines.join('\n')).toEqual([])
    expect(certified, lines.join('\n')).toBe(0)
    expect(lines[lines.findIndex((l) => l.startsWith('Certification run ')) + 1]).toBe('  19 of 19 checks run: 19 passed.')
    expect(lines.filter((l) => l.startsWith('  PASS '))).toHaveLength(19)
    expect(lines).toContain('  GO-LIVE TO DO  public-https-address  A public HTTPS address answers')
    expect(lines.some((l) => l.includes('Your receiver was tested through mortgage-sandbox listen; no public address is registered yet.'))).toBe(true)
    expect(lines.some((l) => l.startsWith('listen: ') && l.endsWith('(certification probe)'))).toBe(true)
    // Every type, and the probes a receiver must refuse: refused by the library's verification.
    const probes = local.received.filter((r) => r.probe)
    expect(new Set(probes.filter((p) => p.verified).map((p) => p.type))).toEqual(new Set([...Array.from({ length: 12 }, (_, i) => i + 1), 900]))
    expect(probes.filter((p) => !p.verified)).toHaveLength(3)

    // The signed report: every check, the go-live item, checked with the sandbox's published key.
    const signed = JSON.parse(readFileSync(report, 'utf8'))
    expect(signed.report).toMatchObject({ status: 'passed', partnerUniqueID: partner, checksLeftOut: [], goLive: [{ id: 'public-https-address', status: 'to-do' }] })
    expect(signed.report.checks).toHaveLength(19)
    const key = (await (await fetch(`${server.url}/sandbox/certification/signing-key`)).json()) as { publicKeyPem: string }
    expect(verifyReport(signed, key.publicKeyPem)).toBe(true)
    const checked: string[] = []
    expect(await runCertifyCommand(['--check-report', report, '--url', server.url], {}, (line) => checked.push(line))).toBe(0)
    expect(checked[0]).toMatch(/^VALID: run .+, 19 checks passed, signed by key .+\. Before going live: public-https-address\.$/)
    await eventually(() => (sandbox.sandbox.callbacks.listen.connected(partner) === 0 ? true : undefined))
  })

  it('refuses a listen replay window that is not a duration, or with --no-replay, and certify --listen without --forward-to (exit 2)', async () => {
    const usage = async (run: (out: (line: string) => void) => Promise<number>) => {
      const lines: string[] = []
      return { code: await run((line) => lines.push(line)), text: lines.join('\n') }
    }
    const listen = (...args: string[]) => usage((out) => runListenCommand(['--url', server.url, '--token', 't', '--forward-to', local.url, ...args], {}, out))
    expect(await listen('--since', '1d')).toMatchObject({ code: 2, text: expect.stringContaining('--since takes a duration such as 90s, 15m, 1h or 24h, not 1d') })
    expect(await listen('--since', '1h', '--no-replay')).toMatchObject({ code: 2, text: expect.stringContaining('--since and --no-replay exclude each other') })
    const certify = await usage((out) => runCertifyCommand(['--url', server.url, '--username', 'u', '--password', 'p', '--listen'], {}, out))
    expect(certify).toMatchObject({ code: 2, text: expect.stringContaining('--listen needs --forward-to') })
  })
})
