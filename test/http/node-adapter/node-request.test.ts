import { Agent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import { once } from 'node:events'
import type { Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIMULATION_INPUT_EXAMPLE } from '../../../src/modules/simulations/simulation-input.schemas.ts'
import type { RunningSandbox } from '../../../src/app/server.ts'
import { startServerAsBrokerA } from '../../support/listening-app.ts'
import { socketBufferBytes } from '../../support/socket-buffers.ts'

// The Node server reads headers and bodies from Node's own request, not the web Request that
// app.request() gives the other tests: these run through a real listening server.
let sandbox: RunningSandbox
let token: string
beforeAll(async () => {
  ;({ sandbox, token } = await startServerAsBrokerA())
})
afterAll(() => sandbox.close())

/** A request as Node's client sends it: raw bytes, any headers (an array value sends the header twice). */
function raw(method: string, path: string, headers: Record<string, string | string[]>, body?: Buffer | string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: any }>((resolve, reject) => {
    const req = httpRequest(`${sandbox.url}${path}`, { method, headers }, (res) => {
      let text = ''
      const json = /json/.test(res.headers['content-type'] ?? '')
      res
        .setEncoding('utf8')
        .on('data', (d) => (text += d))
        .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: json ? JSON.parse(text) : text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** A request with a chunked body (no Content-Length), written in pieces as a streaming client would. */
function chunked(path: string, pieces: string[], headers: Record<string, string>) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = httpRequest(`${sandbox.url}${path}`, { method: 'POST', headers: { ...headers, 'Transfer-Encoding': 'chunked' } }, (res) => {
      let text = ''
      res
        .setEncoding('utf8')
        .on('data', (d) => (text += d))
        .on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }))
    })
    req.on('error', reject)
    for (const piece of pieces) req.write(piece)
    req.end()
  })
}

describe('the Node server', () => {
  it('answers with the request id and language headers', async () => {
    const res = await fetch(`${sandbox.url}/v1/health`, { headers: { 'X-Request-Id': 'trace-42', 'Accept-Language': 'en-GB,en;q=0.9' } })
    expect(res.headers.get('x-request-id')).toBe('trace-42')
    expect(res.headers.get('content-language')).toBe('en')
  })

  it('keeps those headers on an error answer', async () => {
    const res = await fetch(`${sandbox.url}/v1/simulations`, { headers: { 'Accept-Language': 'en' } })
    expect(res.status).toBe(401)
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.headers.get('content-language')).toBe('en')
  })

  it('creates a simulation from a JSON body and reads it back', async () => {
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
    const created = await fetch(`${sandbox.url}/v1/simulations`, { method: 'POST', headers, body: JSON.stringify(SIMULATION_INPUT_EXAMPLE) })
    expect(created.status).toBe(201)
    const { simulationUniqueID } = ((await created.json()) as { additionalData: { simulationUniqueID: string } }).additionalData
    const detail = await fetch(`${sandbox.url}/v1/simulations/${simulationUniqueID}`, { headers })
    expect(detail.status).toBe(200)
    expect(((await detail.json()) as any).loanSimulationDetail.loanAmount).toBe(SIMULATION_INPUT_EXAMPLE.loanSimulator.loanAmount)
  })

  it('reads a chunked JSON body', async () => {
    const body = JSON.stringify(SIMULATION_INPUT_EXAMPLE)
    const res = await chunked('/v1/simulations/validate', [body.slice(0, 100), body.slice(100)], { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' })
    expect(res).toEqual({ status: 200, body: { errors: [] } })
  })

  it('refuses a chunked body past 1 MB with 413 naming the body', async () => {
    const piece = 'x'.repeat(256 * 1024)
    const res = await chunked('/v1/simulations/validate', ['{"a":"', piece, piece, piece, piece, piece, '"}'], {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    })
    expect(res.status).toBe(413)
    expect(res.body.errors[0]).toMatchObject({ errorField: 'body' })
  })

  it('refuses a declared length past 1 MB before reading it', async () => {
    const res = await fetch(`${sandbox.url}/v1/simulations/validate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: 'x'.repeat(1024 * 1024 + 1),
    })
    expect(res.status).toBe(413)
  })

  it('answers malformed JSON with 400 naming the body', async () => {
    const res = await fetch(`${sandbox.url}/v1/simulations/validate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{"loanSimulator": ',
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as any).errors[0]).toMatchObject({ errorField: 'body' })
  })

  it('reads a JSON body that starts with a byte order mark', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(SIMULATION_INPUT_EXAMPLE))])
    const res = await raw('POST', '/v1/simulations/validate', { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body)
    expect(res).toMatchObject({ status: 200, body: { errors: [] } })
  })

  it('refuses a body sent without a Content-Type with 415', async () => {
    const res = await raw('POST', '/v1/authentication', {}, JSON.stringify({ username: 'broker-a', password: 'sandbox' }))
    expect(res.status).toBe(415)
    expect(res.body.errors[0]).toMatchObject({ errorCode: '010602', errorField: 'Content-Type' })
  })

  it('refuses a request carrying two Authorization headers with 401', async () => {
    const res = await raw('GET', '/v1/simulations', { Authorization: [`Bearer ${token}`, 'Bearer other'] })
    expect(res.status).toBe(401)
  })

  it('reads a header sent twice as both values', async () => {
    const res = await raw('GET', '/v1/health/version', { 'Accept-Language': ['fr', 'en'] })
    expect(res.status).toBe(200)
    expect(res.headers['content-language']).toBe('en')
  })

  it('takes an empty chunked POST without a Content-Type as no body (the Pact verifier sends Submit so)', async () => {
    const res = await chunked('/v1/processes/00000000-0000-4000-8000-000000000000/submit', [], { Authorization: `Bearer ${token}` })
    expect(res.status).toBe(404)
  })

  it('refuses a chunked body without a Content-Type at its first byte (415)', async () => {
    const res = await chunked('/v1/processes/00000000-0000-4000-8000-000000000000/submit', ['{}'], { Authorization: `Bearer ${token}` })
    expect(res.status).toBe(415)
  })

  it('reads the rest of a refused body that was sent whole, keeping the connection for the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const exchange = (method: string, path: string, headers: Record<string, string>, body?: string) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = httpRequest(`${sandbox.url}${path}`, { method, headers, agent }, (res) => {
          res.resume().on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }))
        })
        req.on('error', reject)
        req.end(body)
      })
    try {
      // Without a token: refused before anything reads the 200 KB.
      const refused = await exchange('POST', '/v1/simulations', { 'Content-Type': 'application/json' }, JSON.stringify({ pad: 'x'.repeat(200 * 1024) }))
      expect(refused.status).toBe(401)
      expect(await exchange('GET', '/v1/health', {})).toEqual({ status: 200, reused: true })
    } finally {
      agent.destroy()
    }
  })

  it('answers a large body it will not read, then closes the connection under a client that writes on', async () => {
    const req = httpRequest(`${sandbox.url}/v1/authentication`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(100 * 1024 * 1024), Connection: 'keep-alive' },
      agent: false,
    })
    req.on('error', () => undefined)
    const socket = (await once(req, 'socket'))[0] as Socket
    let closed = false
    socket.once('close', () => (closed = true))
    let answer: IncomingMessage | undefined
    req.once('response', (res: IncomingMessage) => (answer = res.resume()))
    // The client writes on, as one that does not look at its answer early would, until the server closes.
    const piece = Buffer.alloc(64 * 1024, 'a')
    while (!closed) {
      if (!req.write(piece)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            req.off('drain', done)
            socket.off('close', done)
            resolve()
          }
          req.once('drain', done)
          socket.once('close', done)
        })
      }
    }
    expect(answer?.statusCode).toBe(413)
    // What the kernel's buffers took: the server read none of it.
    expect(socket.bytesWritten).toBeLessThan(socketBufferBytes() + 1024 * 1024)
  })
})
