import { serve, type ServerType } from '@hono/node-server'
import { once } from 'node:events'
import type { Server } from 'node:http'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo, Socket } from 'node:net'
import { Agent, request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { simulationInput } from '../simulations/simulation-fixtures.ts'

// Faults break sockets: they are tested on a real port, with Node's fetch and undici's request.
// The timeouts' bound is long, so the faults held in a test stay held until the test lets them go;
// a partner's own scenario asks for a short one (`delayMs`).
const TIMEOUT_MS = 30_000
const SHORT_TIMEOUT_MS = 300
const SLOW_BODY_MS = 250

let s: TestSandbox
let server: ServerType
let base: string
let agent: Agent
/** The server's side of every connection a socket-level fault was asked on. */
const faultedSockets = new Set<Socket>()
const CLOSING_FAULTS = /^(connection-reset|empty-reply|truncated-body|timeout|short-timeout)/

let scenariosDir: string

beforeAll(async () => {
  scenariosDir = mkdtempSync(join(tmpdir(), 'fault-scenarios-'))
  const shortTimeout = {
    name: 'short-timeout',
    description: { 'pt-PT': 'Sem resposta durante 300 ms.', en: 'No answer for 300 ms.' },
    effects: [{ type: 'fault', kind: 'timeout', delayMs: SHORT_TIMEOUT_MS }],
  }
  writeFileSync(join(scenariosDir, 'short-timeout.json'), JSON.stringify(shortTimeout))
  s = await createTestSandbox({ scenariosDir, faults: { timeoutMs: TIMEOUT_MS, slowBodyMs: SLOW_BODY_MS, maxHeld: 150, maxHeldPerPartner: 110 } })
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: (req, env) => s.app.fetch(req, env), port: 0, hostname: '127.0.0.1' }, () => resolve(started))
  })
  server.on('request', (req) => {
    if (CLOSING_FAULTS.test(String(req.headers['x-sandbox-scenario'] ?? ''))) faultedSockets.add(req.socket)
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  agent = new Agent()
})
afterAll(async () => {
  await agent.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  rmSync(scenariosDir, { recursive: true, force: true })
})

const GENDERS = '/v1/taxonomy/genders'
const headers = (scenario?: string, more: Record<string, string> = {}) => ({
  Authorization: `Bearer ${s.tokens.a}`,
  'Accept-Language': 'en',
  ...(scenario ? { 'X-Sandbox-Scenario': scenario } : {}),
  ...more,
})
const fetchWith = (scenario: string, path = GENDERS, init: RequestInit = {}) =>
  fetch(`${base}${path}`, { ...init, headers: headers(scenario, init.headers as Record<string, string>) })
const requestWith = (scenario: string, path = GENDERS, options: { signal?: AbortSignal } = {}) =>
  request(`${base}${path}`, { dispatcher: agent, headers: headers(scenario), ...(options.signal ? { signal: options.signal } : {}) })

/** Why a client call failed: the error's code or message, and its cause's. */
async function failureOf(call: Promise<unknown>): Promise<string> {
  try {
    await call
  } catch (error) {
    const e = error as Error & { code?: string; cause?: Error & { code?: string } }
    return [e.name, e.code, e.message, e.cause?.code, e.cause?.message].filter(Boolean).join(' | ')
  }
  throw new Error('the call succeeded')
}

/** Resolves once the server has closed every connection a socket-level fault was asked on. */
async function faultedConnectionsClosed(): Promise<void> {
  await Promise.all([...faultedSockets].map((socket) => (socket.destroyed ? undefined : once(socket, 'close'))))
  faultedSockets.clear()
  // The fault's own ending (its hold released) runs right after the close, in the same turn.
  await new Promise((resolve) => setImmediate(resolve))
}

/** The server holds no connection past the faults' end, holds no fault, and answers. */
async function expectHealthy() {
  await faultedConnectionsClosed()
  expect(s.services.faults.holds.held()).toBe(0)
  const res = await fetch(`${base}${GENDERS}`, { headers: headers() })
  expect(res.status).toBe(200)
  await res.arrayBuffer()
}

describe('network faults, as a client meets them on a real connection', () => {
  it('connection-reset: the socket is reset before any answer (ECONNRESET)', async () => {
    expect(await failureOf(fetchWith('connection-reset'))).toMatch(/ECONNRESET/)
    expect(await failureOf(requestWith('connection-reset'))).toMatch(/ECONNRESET|other side closed/)
    await expectHealthy()
  })

  it('empty-reply: the socket closes without a byte', async () => {
    expect(await failureOf(fetchWith('empty-reply'))).toMatch(/other side closed|ECONNRESET/)
    expect(await failureOf(requestWith('empty-reply'))).toMatch(/other side closed/)
    await expectHealthy()
  })

  it('truncated-body: status and headers arrive, the body is cut short', async () => {
    const res = await fetchWith('truncated-body')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(await failureOf(res.text())).toMatch(/terminated|other side closed/)
    const viaUndici = await requestWith('truncated-body')
    expect(viaUndici.statusCode).toBe(200)
    expect(await failureOf(viaUndici.body.text())).toMatch(/other side closed|aborted/)
    await expectHealthy()
  })

  it('malformed-json: a 200 labelled application/json whose body does not parse', async () => {
    const res = await fetchWith('malformed-json')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await failureOf(res.json())).toMatch(/SyntaxError/)
    await expectHealthy()
  })

  it.each([
    ['gateway-502', 502, '502 Bad Gateway'],
    ['gateway-504', 504, '504 Gateway Time-out'],
  ])("%s: a gateway's HTML error page", async (scenario, status, title) => {
    const res = await fetchWith(scenario)
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await res.text()).toContain(`<title>${title}</title>`)
    const viaUndici = await requestWith(scenario)
    expect(viaUndici.statusCode).toBe(status)
    await viaUndici.body.dump()
    await expectHealthy()
  })

  it("timeout: the client's own timeout fires; the server lets the connection go when the client does", async () => {
    expect(await failureOf(fetchWith('timeout', GENDERS, { signal: AbortSignal.timeout(100) }))).toMatch(/TimeoutError/)
    // undici's own headersTimeout ticks by the second: an abort signal is the small timeout here.
    expect(await failureOf(requestWith('timeout', GENDERS, { signal: AbortSignal.timeout(100) }))).toMatch(/TimeoutError|aborted/)
    const started = performance.now()
    await expectHealthy()
    // Let go when the client left, not at the end of the fault's own bound.
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it("timeout: a patient client sees the connection closed once the delay is over, with no answer (a scenario of the partner's own)", async () => {
    const started = performance.now()
    expect(await failureOf(requestWith('short-timeout'))).toMatch(/other side closed/)
    expect(performance.now() - started).toBeGreaterThanOrEqual(SHORT_TIMEOUT_MS - 20)
    await expectHealthy()
  })

  it('slow-body: the whole answer, trickled over the bounded time', async () => {
    const started = performance.now()
    const res = await fetchWith('slow-body')
    expect(res.status).toBe(200)
    const plain = await fetch(`${base}${GENDERS}`, { headers: headers() })
    expect(await res.json()).toEqual(await plain.json())
    // Trickled: the last piece leaves a step before the bound, so the whole takes most of it (a plain answer, a few ms).
    expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_BODY_MS / 2)
    await expectHealthy()
  })

  it('a fault applies to its own request only: the next one on the same client is answered', async () => {
    await failureOf(fetchWith('connection-reset'))
    const res = await fetch(`${base}${GENDERS}`, { headers: headers() })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-sandbox-scenario')).toBeNull()
  })

  it('journals the request with the fault named', async () => {
    const res = await fetchWith('gateway-502')
    await res.text()
    const journal = s.services.journal.window(PARTNER_A, new Date(0).toISOString(), new Date(Date.now() + 86_400_000).toISOString())
    const entry = journal.filter((e) => e.fault?.kind === 'gateway-502').at(-1)
    expect(entry).toMatchObject({ status: 502, scenario: 'gateway-502', fault: { kind: 'gateway-502', afterWrite: false } })
    expect(journal.some((e) => e.fault?.kind === 'connection-reset' && e.status === 503)).toBe(true)
  })
})

describe('network faults without a connection, and in the scenario list', () => {
  it('answers a socket fault under app.request() (no socket) with a 400 naming the header, and the others as on the wire', async () => {
    const viaApp = (scenario: string) => s.app.request(GENDERS, { headers: headers(scenario) })
    const refused = await viaApp('connection-reset')
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as any).errors).toEqual([
      { errorCode: '010105', errorMessage: expect.stringContaining('needs a real connection'), errorField: 'X-Sandbox-Scenario' },
    ])
    expect((await viaApp('gateway-504')).status).toBe(504)
    expect((await viaApp('malformed-json')).headers.get('content-type')).toBe('application/json')
  })

  it('GET /sandbox/scenarios lists the shipped faults with their effect', async () => {
    const res = await fetch(`${base}/sandbox/scenarios`, { headers: headers() })
    const list = ((await res.json()) as { scenarioList: Array<{ name: string; effects: unknown[] }> }).scenarioList
    const faults = Object.fromEntries(list.filter((x) => (x.effects[0] as { type: string }).type === 'fault').map((x) => [x.name, x.effects[0]]))
    expect(Object.keys(faults)).toEqual(
      expect.arrayContaining([
        'connection-reset',
        'empty-reply',
        'truncated-body',
        'malformed-json',
        'gateway-502',
        'gateway-504',
        'timeout',
        'slow-body',
        'timeout-after-write',
        'connection-reset-after-write',
      ]),
    )
    expect(faults['timeout-after-write']).toEqual({ type: 'fault', kind: 'timeout', afterWrite: true })
  })
})

describe('a fault after the write', () => {
  const listed = async () => {
    const res = await fetch(`${base}/v1/simulations`, { headers: headers() })
    return ((await res.json()) as { totalRecords: number }).totalRecords
  }

  it.each(['timeout-after-write', 'connection-reset-after-write'])(
    '%s on Simulation Create: the client fails, and List finds the simulation it thinks failed',
    async (scenario) => {
      const before = await listed()
      const failure = failureOf(
        fetchWith(scenario, '/v1/simulations', {
          method: 'POST',
          body: JSON.stringify(simulationInput()),
          headers: { 'Content-Type': 'application/json' },
          signal: AbortSignal.timeout(200),
        }),
      )
      expect(await failure).toMatch(/TimeoutError|ECONNRESET/)
      expect(await listed()).toBe(before + 1)
      await expectHealthy()
    },
  )

  it('certification passes a client that looked the record up, then fails one that creates a duplicate, with evidence', async () => {
    const certify = async () => {
      const started = await fetch(`${base}/sandbox/certification/runs`, {
        method: 'POST',
        headers: headers(undefined, { 'Content-Type': 'application/json' }),
        body: JSON.stringify({ checks: ['client-finds-before-recreating'] }),
      })
      expect(started.status).toBe(202)
      const { runId } = (await started.json()) as { runId: string }
      await s.services.certification.idle()
      return (await (await fetch(`${base}/sandbox/certification/runs/${runId}`, { headers: headers() })).json()) as any
    }
    // The Creates above were each followed by a List.
    expect((await certify()).checks[0].status).toBe('passed')
    const body = JSON.stringify(simulationInput())
    await failureOf(
      fetchWith('timeout-after-write', '/v1/simulations', { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, signal: AbortSignal.timeout(200) }),
    )
    // The journal orders the checks' records by arrival: the duplicate arrives a second later.
    s.clock.advance(1000)
    const duplicate = await fetch(`${base}/v1/simulations`, { method: 'POST', body, headers: headers(undefined, { 'Content-Type': 'application/json' }) })
    expect(duplicate.status).toBe(201)
    const check = (await certify()).checks[0]
    expect(check.status).toBe('failed')
    expect(check.evidence.map((e: any) => [e.text, e.request])).toEqual([
      ['Create stored, but with no readable answer: network fault timeout.', 'POST /v1/simulations'],
      ['Created again without looking the record up first: a duplicate.', 'POST /v1/simulations'],
    ])
    expect(check.advice).toContain('timeout-after-write')
    await expectHealthy()
  })

  it('without afterWrite, a Create answered with a fault stores nothing', async () => {
    const before = await listed()
    await failureOf(fetchWith('connection-reset', '/v1/simulations', { method: 'POST', body: JSON.stringify(simulationInput()), headers: { 'Content-Type': 'application/json' } }))
    expect(await listed()).toBe(before)
  })
})

describe('bounds on faults that hold a connection', () => {
  it("answers another partner while 100 timeouts are in flight, and refuses past the partner's bound", async () => {
    const controller = new AbortController()
    const held = Array.from({ length: 100 }, () => failureOf(fetchWith('timeout', GENDERS, { signal: controller.signal })))
    while (s.services.faults.holds.held() < 100) await new Promise((resolve) => setTimeout(resolve, 5))
    const other = await s.login('broker-b')
    const started = performance.now()
    for (let i = 0; i < 10; i += 1) {
      const res = await fetch(`${base}${GENDERS}`, { headers: { Authorization: `Bearer ${other}` } })
      expect(res.status).toBe(200)
      await res.arrayBuffer()
    }
    // Answered while the faults are held, not after: their hold is far longer than the test's timeout.
    expect(s.services.faults.holds.held()).toBe(100)
    // The partner's bound (110 here): ten more, then a 503.
    const more = Array.from({ length: 10 }, () => failureOf(fetchWith('timeout', GENDERS, { signal: controller.signal })))
    while (s.services.faults.holds.held() < 110) await new Promise((resolve) => setTimeout(resolve, 5))
    // On a connection of its own, closed after the answer: the refusal holds nothing.
    const refused = await request(`${base}${GENDERS}`, { dispatcher: agent, reset: true, headers: headers('timeout') })
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe('1')
    expect(((await refused.body.json()) as any).errors[0]).toMatchObject({ errorCode: '090102', errorField: 'X-Sandbox-Scenario' })
    controller.abort()
    await Promise.all([...held, ...more])
    await expectHealthy()
  })
})

describe('a held fault under a rate limit', () => {
  it("keeps its turn among the partner's requests at once: with one turn, the partner's next request is refused (429) while another partner is answered", async () => {
    const limited = await createTestSandbox({ rateLimit: { perSecond: 1000, burst: 1000 }, fairShare: { costMs: 1, concurrency: { inFlight: 1, queue: 0, waitMs: 100 } } })
    const limitedServer = await new Promise<ServerType>((resolve) => {
      const started = serve({ fetch: (req, env) => limited.app.fetch(req, env), port: 0, hostname: '127.0.0.1' }, () => resolve(started))
    })
    const url = `http://127.0.0.1:${(limitedServer.address() as AddressInfo).port}${GENDERS}`
    try {
      const controller = new AbortController()
      const held = failureOf(fetch(url, { headers: { Authorization: `Bearer ${limited.tokens.a}`, 'X-Sandbox-Scenario': 'timeout' }, signal: controller.signal }))
      while (limited.services.faults.holds.held() < 1) await new Promise((resolve) => setTimeout(resolve, 5))
      const refused = await fetch(url, { headers: { Authorization: `Bearer ${limited.tokens.a}` } })
      expect(refused.status).toBe(429)
      await refused.arrayBuffer()
      const other = await fetch(url, { headers: { Authorization: `Bearer ${limited.tokens.b}` } })
      expect(other.status).toBe(200)
      await other.arrayBuffer()
      controller.abort()
      await held
    } finally {
      const http = limitedServer as Server
      http.closeAllConnections()
      await new Promise<void>((resolve) => limitedServer.close(() => resolve()))
    }
  })
})
