import http from 'node:http'
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { testConfig } from '../src/platform/config.ts'
import { DRAIN_BOUND_MS, DRAIN_GRACE_MS } from '../src/http/pipeline/draining.ts'
import { SIMULATION_INPUT_EXAMPLE } from '../src/modules/simulations/simulation-input.schemas.ts'
import { startServer } from '../src/app/server.ts'

/** One raw exchange: what the server wrote back before it closed the connection. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    socket.on('error', reject)
    socket.write(request)
  })
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))

describe("Node's own refusals", () => {
  it('answer a request line and headers over 16 KB with 431, the error body and a request id', async () => {
    const server = await startServer(testConfig({ port: 0, host: '127.0.0.1' }))
    try {
      const answer = await raw(server.port, `GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`)
      expect(answer).toMatch(/^HTTP\/1\.1 431 /)
      expect(answer).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/)
      expect(answer).toMatch(/\r\nConnection: close\r\n/)
      expect(bodyOf(answer)).toEqual({
        operationStatus: { operationStatusCode: '010606', operationStatusMessage: 'A linha do pedido e os cabeçalhos excedem o limite de 16 KB.' },
        errors: [{ errorCode: '010606', errorMessage: 'A linha do pedido e os cabeçalhos excedem o limite de 16 KB.', errorField: 'headers' }],
      })
    } finally {
      await server.close()
    }
  })

  it('answer a request Node cannot parse with 400 and the error body', async () => {
    const server = await startServer(testConfig({ port: 0, host: '127.0.0.1' }))
    try {
      const answer = await raw(server.port, 'GET /v1/health HTTP/1.1\r\nHost x\r\n\r\n')
      expect(answer).toMatch(/^HTTP\/1\.1 400 /)
      expect(bodyOf(answer).errors[0]).toMatchObject({ errorCode: '010111', errorField: '' })
    } finally {
      await server.close()
    }
  })
})

describe('a stop (SIGTERM) under keep-alive load', () => {
  it('answers every request under way, with Connection: close, and stops within the bound', async () => {
    const server = await startServer(testConfig({ port: 0, host: '127.0.0.1', logLevel: 'silent' }))
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 })
    const login = await fetch(`${server.url}/v1/authentication`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'broker-a', password: 'sandbox' }),
    })
    const { accessToken } = (await login.json()) as { accessToken: string }
    const body = JSON.stringify(SIMULATION_INPUT_EXAMPLE)
    const create = (slow = false) =>
      new Promise<{ status: number; connection: string | undefined } | { error: string }>((resolve) => {
        const req = http.request(`${server.url}/v1/simulations`, {
          agent,
          method: 'POST',
          headers: {
            Authorization: `Bearer ${accessToken}`,
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            // At least a second to answer: the requests are surely under way when the stop comes.
            ...(slow ? { 'X-Sandbox-Scenario': 'slow-response' } : {}),
          },
        })
        req.on('response', (res) => {
          res.resume()
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }))
        })
        req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
        req.end(body)
      })

    // Ten keep-alive connections opened, then the stop while ten slow requests are under way.
    await Promise.all(Array.from({ length: 10 }, () => create()))
    const inFlight = Array.from({ length: 10 }, () => create(true))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const started = performance.now()
    const stopped = server.close()
    const answers = await Promise.all(inFlight)
    await stopped
    const took = performance.now() - started
    agent.destroy()

    expect(took).toBeLessThan(DRAIN_BOUND_MS + 1000)
    for (const answer of answers) {
      // Every request sent before the stop was answered, told to close its connection; none reset.
      expect(answer).toMatchObject({ status: 201, connection: 'close' })
    }
  })

  it('refuses with 503, Retry-After and the error body a request that arrives on an open connection after the grace', async () => {
    const server = await startServer(testConfig({ port: 0, host: '127.0.0.1', logLevel: 'silent' }))
    // A client that keeps its connection open without sending: the stop must not wait for it.
    const socket = connect(server.port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
    const ended = new Promise((resolve) => socket.once('close', resolve))
    // It begins a request (so the connection is not idle), and finishes it only after the grace.
    socket.write('GET /v1/health/version HTTP/1.1\r\nHost: x\r\n')
    const stopped = server.close()
    await new Promise((resolve) => setTimeout(resolve, DRAIN_GRACE_MS + 200))
    socket.write('\r\n')
    await ended
    await stopped
    expect(answer).toMatch(/^HTTP\/1\.1 503 /)
    expect(answer).toMatch(/\r\nretry-after: 5\r\n/i)
    expect(answer).toMatch(/\r\nconnection: close\r\n/i)
    expect(bodyOf(answer).errors[0]).toMatchObject({ errorCode: '090102' })
  })
})
