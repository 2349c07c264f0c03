import { serve, type ServerType } from '@hono/node-server'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runListenCommand } from '../../src/cli/commands/listen.ts'
import { systemClock } from '../../src/platform/clock.ts'
import { testConfig } from '../../src/platform/config.ts'
import { openSandbox } from '../../src/app/server.ts'
import { isSandboxTraffic } from '../../src/http/fair-share/sandbox-traffic.ts'
import { SIMULATION_INPUT_EXAMPLE } from '../../src/modules/simulations/simulation-input.schemas.ts'
import { startVerifyingReceiver, type VerifyingReceiver } from '../support/verifying-receiver.ts'
import { eventually, PARTNER_A, PARTNER_B } from '../modules/callbacks/support/callback-sandbox.ts'

// The sandbox's own traffic on a partner's behalf (http/fair-share/sandbox-traffic.ts): the reports a
// listen command posts, the console's live updates. Through a real server and the real command line.

let server: ServerType
let url: string
let sandbox: ReturnType<typeof openSandbox>
let receiver: VerifyingReceiver
let token: string

const call = async (method: string, path: string, body?: unknown, as = token) => {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${as}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined }
}

const login = async (username: string) => {
  const res = await fetch(`${url}/v1/authentication`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password: 'sandbox' }) })
  return ((await res.json()) as { accessToken: string }).accessToken
}

beforeAll(async () => {
  // A bucket that does not refill within the test, a token a request whatever its time: what it counts is what was asked.
  const config = testConfig({
    timeScale: 0.001,
    rateLimit: { perSecond: 0.001, burst: 10_000 },
    fairShare: { costMs: 60_000, concurrency: { inFlight: 4, queue: 16, waitMs: 2000 } },
  })
  sandbox = openSandbox({ config, clock: systemClock })
  sandbox.sandbox.callbacks.worker.start()
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  token = await login('broker-a')
  receiver = await startVerifyingReceiver()
})

afterAll(async () => {
  await sandbox.sandbox.callbacks.worker.stop(100)
  // The listen command's stream is closed by its own stop; any keep-alive socket left goes with the server.
  ;(server as Server).closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  sandbox.db.close()
  await receiver.close()
})

describe("the sandbox's own traffic", () => {
  it("tells a listen report and the console's live updates by method and path, and nothing else", () => {
    expect(isSandboxTraffic('POST', '/sandbox/listen/lst_01/attempts')).toBe(true)
    expect(isSandboxTraffic('GET', '/console/requests/rows')).toBe(true)
    expect(isSandboxTraffic('GET', '/console/certification/run_1/section')).toBe(true)
    for (const [method, path] of [
      ['GET', '/sandbox/listen'],
      ['GET', '/sandbox/listen/lst_01/attempts'],
      ['POST', '/sandbox/listen/lst_01/attempts/x'],
      ['GET', '/console/requests'],
      ['POST', '/console/requests/rows'],
      ['GET', '/v1/simulations'],
    ] as const) {
      expect(isSandboxTraffic(method, path), `${method} ${path}`).toBe(false)
    }
  })

  it("neither journals a listen command's reports as the partner's requests nor counts them against its rate limit", async () => {
    const lines: string[] = []
    const stop = new AbortController()
    const exit = runListenCommand(['--url', url, '--username', 'broker-a', '--password', 'sandbox', '--forward-to', receiver.url], {}, (line) => lines.push(line), {
      signal: stop.signal,
      backoff: { firstMs: 20, maxMs: 200 },
    })
    try {
      receiver.setSecret(await eventually(() => lines.join('\n').match(/whsec_[A-Za-z0-9+/=]+/)?.[0]))
      await eventually(() => (sandbox.sandbox.callbacks.listen.connected(PARTNER_A) === 1 ? true : undefined))
      const { buckets, sandboxTraffic } = sandbox.sandbox.fairShare!
      const created = await call('POST', '/v1/simulations', SIMULATION_INPUT_EXAMPLE)
      expect(created.status).toBe(201)
      const counted = buckets.spending(PARTNER_A).takes
      // The notification reaches the local server, and the command reports its answer.
      await eventually(() => (receiver.received.length > 0 ? true : undefined))
      await eventually(() => (sandboxTraffic.spending(PARTNER_A).takes >= 1 ? true : undefined))
      const delivered = await eventually(async () => {
        const log = (await call('GET', '/sandbox/deliveries')).json
        return log.deliveryList.some((d: any) => d.listen?.status === 'delivered') ? log : undefined
      })
      expect(delivered.deliveryList.length).toBeGreaterThanOrEqual(1)
      // The report took nothing of the partner's budget: only the partner's own reads of the delivery log did.
      const reads = buckets.spending(PARTNER_A).takes - counted
      const journal = (await call('GET', '/sandbox/requests?lineCount=100')).json
      const paths = journal.requestList.map((e: any) => `${e.method} ${e.path}`)
      expect(paths).toContain('POST /v1/simulations')
      expect(paths.filter((p: string) => p.includes('/attempts'))).toEqual([])
      expect(paths.filter((p: string) => p === 'GET /sandbox/deliveries')).toHaveLength(reads)
    } finally {
      stop.abort()
      await exit
    }
  })

  it('counts a listen report past its own allowance against the partner, as any request', async () => {
    // Another partner's, whose allowance nothing has touched: a quarter of the rate, a second's worth (one) at once.
    const other = await login('broker-b')
    const { buckets, sandboxTraffic } = sandbox.sandbox.fairShare!
    const report = () => call('POST', '/sandbox/listen/lst_unknown/attempts', { attemptId: 'att_1', httpStatus: 200, latencyMs: 1, responseExcerpt: 'ok', error: null }, other)
    let before = buckets.spending(PARTNER_B).takes
    const first = await report()
    expect(first.status).toBe(404)
    expect(first.headers.get('ratelimit-remaining')).toBeNull()
    expect(buckets.spending(PARTNER_B).takes).toBe(before)
    expect(sandboxTraffic.spending(PARTNER_B).takes).toBe(1)
    // Its allowance spent, the next report is the partner's like any request: counted, with the partner's RateLimit headers.
    before = buckets.spending(PARTNER_B).takes
    const past = await report()
    expect(past.status).toBe(404)
    expect(past.headers.get('ratelimit-remaining')).not.toBeNull()
    expect(buckets.spending(PARTNER_B).takes).toBe(before + 1)
    // Journaled neither way: it is the sandbox's, whatever budget it came out of.
    const journal = (await call('GET', '/sandbox/requests?lineCount=100', undefined, other)).json
    expect(journal.requestList.filter((e: any) => e.path.includes('/attempts'))).toEqual([])
  })
})
