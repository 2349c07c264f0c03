import type { ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/common/api-error.ts'
import { testConfig } from '../../../src/platform/config.ts'
import {
  adapterFallbacks,
  answerJsonText,
  bufferBody,
  readHeadersFromNode,
  readsHeadersFromNode,
  responseHeadersOf,
  serveApp,
  setResponseHeader,
} from '../../../src/http/node-adapter/index.ts'
import { SIMULATION_INPUT_EXAMPLE } from '../../../src/modules/simulations/simulation-input.schemas.ts'
import { startServer, type RunningSandbox } from '../../../src/app/server.ts'

// Each fast path of the adapter reaches into a library's private parts (Hono's request, its body
// cache, @hono/node-server's response cache). An upgrade that moves one of them would not break a
// single answer: the adapter falls back to the slow path, silently. These tests run through a real
// Node server and fail on a fall back.

/** What the probe app saw of its one request. */
interface Seen {
  headersFromNode: boolean
  header: string | undefined
  bodyFromCache: string
  rawBodyUntouched: boolean
  answerText: string | undefined
  /** The answer's header fields that Node's own header table held when the handler had answered. */
  nodeTable: string[]
  journaled: Record<string, string> | undefined
}

let seen: Seen | undefined
let server: ServerType
let base: string

beforeAll(async () => {
  const app = new Hono()
  app.use('*', async (c, next) => {
    readHeadersFromNode(c)
    setResponseHeader(c, 'X-Probe-Field', 'kept')
    setResponseHeader(c, 'Cache-Control', 'no-store')
    await next()
    const text = answerJsonText(c, c.res)
    seen!.answerText = typeof text === 'string' ? text : undefined
    seen!.nodeTable = (c.env as { outgoing: { getHeaderNames(): string[] } }).outgoing.getHeaderNames()
    seen!.journaled = responseHeadersOf(c, c.res)
  })
  app.post('/probe', async (c) => {
    await bufferBody(c, 1024, () => new ApiError('PAYLOAD_TOO_LARGE', { field: 'body', params: { limit: '1 KB' } }))
    seen = {
      headersFromNode: readsHeadersFromNode(c),
      header: c.req.header('x-probe'),
      bodyFromCache: await c.req.text(),
      // Hono read what the adapter buffered: it never opened the web Request's own body.
      rawBodyUntouched: !c.req.raw.bodyUsed,
      answerText: undefined,
      nodeTable: [],
      journaled: undefined,
    }
    // The handler's own value wins over a field kept for the head.
    return c.json({ answered: true }, 200, { 'Cache-Control': 'private' })
  })
  server = await new Promise<ServerType>((resolve) => {
    const s = serveApp(app.fetch, { port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

let answered: Response | undefined

async function probe(): Promise<Seen> {
  seen = undefined
  const before = adapterFallbacks()
  answered = await fetch(`${base}/probe`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Probe': 'yes' }, body: '{"a":1}' })
  expect(await answered.json()).toEqual({ answered: true })
  expect(adapterFallbacks()).toEqual(before)
  return seen!
}

describe('the fast paths of the Node adapter, through a real @hono/node-server', () => {
  it("reads headers from Node's parsed request, not Hono's web Headers", async () => {
    const s = await probe()
    expect(s.headersFromNode).toBe(true)
    expect(s.header).toBe('yes')
  })

  it("buffers the body into the place Hono's readers look first", async () => {
    const s = await probe()
    expect(s.bodyFromCache).toBe('{"a":1}')
    expect(s.rawBodyUntouched).toBe(true)
  })

  it("reads a JSON answer's text from node-server's response cache, without a clone", async () => {
    const s = await probe()
    expect(s.answerText).toBe('{"answered":true}')
  })

  it("writes the answer's own header fields with the head in one step, not into Node's header table", async () => {
    const s = await probe()
    expect(s.nodeTable).toEqual([])
    expect(answered!.headers.get('x-probe-field')).toBe('kept')
    expect(answered!.headers.get('cache-control')).toBe('private')
    // The journal reads the fields the client gets.
    expect(s.journaled).toMatchObject({ 'x-probe-field': 'kept', 'cache-control': 'private' })
  })
})

describe('the whole sandbox, journaling, through a real Node server', () => {
  let sandbox: RunningSandbox
  beforeAll(async () => {
    sandbox = await startServer(testConfig({ port: 0, host: '127.0.0.1' }))
  })
  afterAll(() => sandbox.close())

  it('answers a journaled Create and Detail without one fall back to a slow path', async () => {
    const before = adapterFallbacks()
    const login = await fetch(`${sandbox.url}/v1/authentication`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'broker-a', password: 'sandbox' }),
    })
    const { accessToken } = (await login.json()) as { accessToken: string }
    const headers = { Authorization: `Bearer ${accessToken}` }
    const created = await fetch(`${sandbox.url}/v1/simulations`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(SIMULATION_INPUT_EXAMPLE),
    })
    expect(created.status).toBe(201)
    const simulationUniqueId = ((await created.json()) as { additionalData: { simulationUniqueID: string } }).additionalData.simulationUniqueID
    for (let i = 0; i < 2; i++) expect((await fetch(`${sandbox.url}/v1/simulations/${simulationUniqueId}`, { headers })).status).toBe(200)
    const journal = await fetch(`${sandbox.url}/sandbox/requests`, { headers })
    expect(journal.status, await journal.clone().text()).toBe(200)
    // The journal kept the answers' text: read from the cache, or (counted above) from a clone.
    expect(JSON.stringify(await journal.json())).toContain(simulationUniqueId)
    expect(adapterFallbacks()).toEqual(before)
  })
})
