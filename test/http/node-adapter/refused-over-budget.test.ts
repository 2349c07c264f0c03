import { Agent, request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConfig } from '../../../src/platform/config.ts'
import { startServer, type RunningSandbox } from '../../../src/app/server.ts'

// A partner past its budget that keeps sending large bodies: the server must not read them (reading
// a megabyte per refusal is CPU and garbage that every other partner waits behind).
let sandbox: RunningSandbox
let token: string
beforeAll(async () => {
  // A bucket of one request that does not refill within the test: every request after the first is a 429.
  sandbox = await startServer(testConfig({ port: 0, host: '127.0.0.1', rateLimit: { perSecond: 0.01, burst: 1 }, fairShare: { costMs: 60_000, concurrency: null } }))
  const login = await fetch(`${sandbox.url}/v1/authentication`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'broker-a', password: 'sandbox' }),
  })
  token = ((await login.json()) as { accessToken: string }).accessToken
  const spent = await fetch(`${sandbox.url}/v1/simulations`, { headers: { Authorization: `Bearer ${token}` } })
  await spent.arrayBuffer()
})
afterAll(() => sandbox.close())

/** A validation with `bytes` of body, then a health check on the same keep-alive agent: was its connection reused? */
async function refusedThenNext(bytes: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const exchange = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; reused: boolean; retryAfter?: string }>((resolve, reject) => {
      const req = httpRequest(`${sandbox.url}${path}`, { method, headers, agent }, (res) => {
        res.resume().on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket, retryAfter: res.headers['retry-after'] as string | undefined }))
      })
      req.on('error', reject)
      req.end(body)
    })
  try {
    const body = JSON.stringify({ pad: 'x'.repeat(bytes) })
    const refused = await exchange('POST', '/v1/simulations/validate', { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body)
    const next = await exchange('GET', '/v1/health', {})
    return { refused, next }
  } finally {
    agent.destroy()
  }
}

describe('a body sent past the partner budget', () => {
  it('answers 429 without reading a 1 MB body, and closes the connection after the answer', async () => {
    const { refused, next } = await refusedThenNext(1024 * 1024)
    expect(refused.status).toBe(429)
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    expect(next).toEqual({ status: 200, reused: false })
  })

  it('reads a small refused body to its end, keeping the connection for the next request', async () => {
    const { refused, next } = await refusedThenNext(10 * 1024)
    expect(refused.status).toBe(429)
    expect(next).toEqual({ status: 200, reused: true })
  })
})
