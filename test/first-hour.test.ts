import { serve, type ServerType } from '@hono/node-server'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemClock } from '../src/platform/clock.ts'
import { loadConfig } from '../src/platform/config.ts'
import { runListenCommand } from '../src/cli/commands/listen.ts'
import { keyBorrowerCompletion, coBorrowerCompletion, mandatoryDocuments, PROPERTY_COMPLETION, SAMPLE_PDF } from '../src/modules/sandbox-control/sample-data.ts'
import { SIMULATION_INPUT_EXAMPLE } from '../src/modules/simulations/simulation-input.schemas.ts'
import { openSandbox } from '../src/app/server.ts'
import { eventually } from './modules/callbacks/support/callback-sandbox.ts'
import { startVerifyingReceiver, type VerifyingReceiver } from './support/verifying-receiver.ts'

/**
 * A new partner's first hour on a hosted sandbox, as it plays it: no ALLOW setting, no demo
 * identity, no public address. Sign-up with the operator's invitation, login with what sign-up
 * answered, a journey to Approved past a clock advance of more than a day with every notification
 * received through `mortgage-sandbox listen` by a local server that verifies it with the
 * standardwebhooks library (which refuses a timestamp more than 5 minutes off), the clock returned
 * to the real time, then a full certification run: nothing failed, the receiver checks passed
 * through listen, the public HTTPS address left as the go-live item with its advice, and the
 * journal intact throughout.
 */
const OPERATOR = 'operator-token-of-the-first-hour-0123456789'
const EN = { 'Accept-Language': 'en' }

let server: ServerType
let url: string
let sandbox: ReturnType<typeof openSandbox>
let local: VerifyingReceiver
let localUrl: string

beforeAll(async () => {
  const config = loadConfig({
    SANDBOX_MODE: 'hosted',
    SANDBOX_DB: ':memory:',
    SANDBOX_OPERATOR_TOKEN: OPERATOR,
    SANDBOX_SECRETS_KEY: 'first-hour-secrets-key-0123456789abcdef',
    LOG_LEVEL: 'silent',
    PORT: '0',
    // A request's cost is its server time; on a test machine shared with other files that time is
    // many times a quiet server's, which the fair share would charge (test/postman-collection.test.ts does the same).
    SANDBOX_RATE_LIMIT_COST_MS: '100',
  })
  expect([config.demoIdentities, config.callbackAllowHttp, config.callbackAllowPrivate]).toEqual([false, false, false])
  sandbox = openSandbox({ config: { ...config, passwordCost: { N: 2 ** 12, r: 8, p: 1 } }, clock: systemClock })
  sandbox.sandbox.callbacks.worker.start()
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  local = await startVerifyingReceiver()
  localUrl = local.url
})

afterAll(async () => {
  await sandbox.sandbox.callbacks.worker.stop(100)
  ;(server as http.Server).closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await local.close()
  sandbox.db.close()
})

describe("a new partner's first hour on a hosted sandbox", () => {
  it('signs up, plays a journey to Approved past a day of its clock with every notification through listen, returns its clock, and certifies', async () => {
    // Sign-up with an invitation, then the credentials it answered.
    const invitation = (await (
      await fetch(`${url}/sandbox/operator/invitations`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${OPERATOR}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ note: 'first hour' }),
      })
    ).json()) as { invitationCode: string }
    const signedUp = await fetch(`${url}/sandbox/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...EN },
      body: JSON.stringify({ partnerName: 'Primeira Hora, Lda.', contactEmail: 'dev@primeira-hora.example', invitationCode: invitation.invitationCode }),
    })
    expect(signedUp.status).toBe(201)
    const credentials = (await signedUp.json()) as { username: string; password: string; partnerUniqueID: string }
    const demo = await fetch(`${url}/v1/authentication`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...EN },
      body: JSON.stringify({ username: 'broker-a', password: 'sandbox' }),
    })
    expect(demo.status).toBe(401)
    const login = await fetch(`${url}/v1/authentication`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...EN }, body: JSON.stringify(credentials) })
    expect(login.status).toBe(200)
    const token = ((await login.json()) as { accessToken: string }).accessToken
    const auth = { Authorization: `Bearer ${token}`, ...EN }
    // A client that behaves: a 429 is retried once its Retry-After has passed.
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      let res: Response
      for (let attempt = 0; ; attempt += 1) {
        res = await fetch(`${url}${path}`, {
          method,
          headers: { ...auth, ...headers, ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }) },
          ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
        })
        if (res.status !== 429 || attempt === 8) break
        await res.arrayBuffer()
        await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000))
      }
      const text = await res.text()
      return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : text }
    }

    // listen, with the token from sign-up's login; the local server verifies with the secret it prints.
    const lines: string[] = []
    const stop = new AbortController()
    const listening = runListenCommand(['--url', url, '--forward-to', localUrl], { SANDBOX_TOKEN: token }, (line) => lines.push(line), {
      signal: stop.signal,
      backoff: { firstMs: 20, maxMs: 200 },
    })
    local.setSecret(await eventually(() => lines.join('\n').match(/whsec_[A-Za-z0-9+/=]+/)?.[0]))
    await eventually(() => (sandbox.sandbox.callbacks.listen.connected(credentials.partnerUniqueID) === 1 ? true : undefined))

    // The journey: a simulation, its process completed and submitted with the scenario that approves it.
    const firstRequest = await call('GET', '/v1/simulations')
    expect(firstRequest.status).toBe(200)
    const simulation = await call('POST', '/v1/simulations', SIMULATION_INPUT_EXAMPLE)
    expect(simulation.status).toBe(201)
    const process = await call('POST', '/v1/processes', { simulationUniqueId: simulation.json.additionalData.simulationUniqueID })
    expect(process.status).toBe(201)
    const base = `/v1/processes/${process.json.additionalData.processUniqueID}`
    const borrowers = ((await call('GET', `${base}/borrower`)).json.borrowerList as Array<{ borrowerUniqueID: string }>).map((b) => b.borrowerUniqueID)
    const now = new Date()
    for (const [index, id] of borrowers.entries())
      expect((await call('PUT', `${base}/borrower/${id}`, index === 0 ? keyBorrowerCompletion(now) : coBorrowerCompletion(now))).status).toBe(200)
    for (const { documentTypeId, borrowerUniqueId, fileName } of mandatoryDocuments(sandbox.sandbox.taxonomy, borrowers)) {
      const form = new FormData()
      form.append('documentTypeId', String(documentTypeId))
      if (borrowerUniqueId) form.append('borrowerUniqueId', borrowerUniqueId)
      form.append('file', new Blob([SAMPLE_PDF], { type: 'application/pdf' }), fileName)
      expect((await call('POST', `${base}/document`, form)).status).toBe(201)
    }
    const property = (await call('GET', `${base}/property`)).json.propertyList[0]
    expect((await call('PUT', `${base}/property/${property.propertyUniqueId}`, PROPERTY_COMPLETION)).status).toBe(200)
    const submitted = await call('POST', `${base}/submit`, undefined, { 'X-Sandbox-Scenario': 'process-approved' })
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(200)

    // More than a day of the partner's clock: the bank analyses, then approves.
    expect((await call('POST', '/sandbox/clock/advance', { seconds: 26 * 3600 })).status).toBe(200)
    const approved = await eventually(async () => {
      const detail = await call('GET', base)
      return detail.json.processDetail?.processStatusDescription === 'Approved' ? detail : undefined
    }, 10_000)
    expect(approved.json.statusHistory.map((h: { processStatusDescription: string }) => h.processStatusDescription)).toEqual(['Draft', 'Submitted', 'In analysis', 'Approved'])

    // Every notification received through listen, verified, and its attempt in the delivery log with the local answer.
    const deliveries = await eventually(async () => {
      const page = (await call('GET', '/sandbox/deliveries?limit=50')).json
      return page.deliveryList.length > 0 && page.deliveryList.every((d: any) => d.listen?.status === 'delivered') ? page.deliveryList : undefined
    }, 10_000)
    expect(deliveries.length).toBeGreaterThanOrEqual(2)
    const receivedIds = local.ids()
    for (const d of deliveries) {
      expect(receivedIds.has(d.notificationId), d.notificationId).toBe(true)
      expect(d.attemptList.some((a: any) => a.through === 'listen' && a.httpStatus === 200)).toBe(true)
    }
    expect(local.received.filter((r) => !r.verified)).toEqual([])

    // Back to the real time, keeping everything; the journal still holds the first request.
    const returned = await call('POST', '/sandbox/clock/return')
    expect(returned.status).toBe(200)
    expect(returned.json.offsetSeconds).toBe(0)
    expect((await call('GET', base)).status).toBe(200)

    // A full certification run: nothing failed, the local receiver certified through listen; a public address is left for going live.
    const started = await call('POST', '/sandbox/certification/runs', {})
    expect(started.status).toBe(202)
    const run = await eventually(async () => {
      const r = (await call('GET', `/sandbox/certification/runs/${started.json.runId}`)).json
      return r.status === 'running' ? undefined : r
    }, 15_000)
    const failed = run.checks.filter((c: any) => c.status === 'failed')
    expect(failed, JSON.stringify(failed)).toEqual([])
    expect(['passed', 'incomplete']).toContain(run.status)
    for (const check of run.checks.filter((c: any) => c.status === 'not-exercised')) expect(check.advice, check.id).toBeTruthy()
    expect(run.checks.filter((c: any) => c.id.startsWith('journey-') && c.status === 'passed').map((c: any) => c.id)).toContain('journey-process-submitted')
    const receiverChecks = run.checks.filter((c: any) => c.category === 'receiver')
    expect(receiverChecks.map((c: any) => [c.id, c.status])).toEqual(receiverChecks.map((c: any) => [c.id, 'passed']))
    expect(receiverChecks[0].evidence.every((e: any) => e.through === 'listen' && e.callbackUrl === localUrl)).toBe(true)
    expect(run.goLive).toEqual([expect.objectContaining({ id: 'public-https-address', status: 'to-do', advice: expect.stringContaining('public https:// address') })])

    const journal = (await call('GET', '/sandbox/requests?lineCount=100')).json
    const ids = new Set(journal.requestList.map((e: any) => e.path))
    expect(ids.has('/v1/simulations')).toBe(true)
    expect(journal.totalRecords).toBeGreaterThan(15)

    stop.abort()
    expect(await listening).toBe(0)
  })
})
