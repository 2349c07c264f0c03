import { describe, expect, it } from 'vitest'
import { SIMULATION_INPUT_EXAMPLE } from '../../src/modules/simulations/simulation-input.schemas.ts'
import { socketBufferBytes } from '../support/socket-buffers.ts'
import { createTestSandbox } from '../support/test-app.ts'
import { TRANSPORT } from '../support/transport.ts'

const s = await createTestSandbox()
const MiB = 1024 * 1024
/** What a client writes into a socket before a server that reads nothing holds it back (the kernel's buffers). */
const SOCKET_SLACK = socketBufferBytes()

/** An endless body, counting the bytes taken from it: through a socket, the kernel's buffers take some unread. */
function endlessBody(prefix: string) {
  const chunk = new TextEncoder().encode('a'.repeat(64 * 1024))
  const counted = { bytes: 0 }
  let first = true
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = first ? new TextEncoder().encode(prefix) : chunk
      first = false
      counted.bytes += piece.length
      controller.enqueue(piece)
    },
  })
  return { body, counted }
}

const post = (path: string, headers: Record<string, string>, body: RequestInit['body']) =>
  s.request(path, { method: 'POST', headers: { Authorization: `Bearer ${s.tokens.a}`, ...headers }, body, duplex: 'half' } as RequestInit)

const errorOf = async (res: Response) => ((await res.json()) as { errors: { errorCode: string; errorField: string; errorMessage: string }[] }).errors[0]

describe('the body limit of each route', () => {
  it.each([
    ['multipart/form-data; boundary=x', '/v1/simulations'],
    ['multipart/form-data; boundary=x', '/v1/authentication'],
    ['application/octet-stream', '/v1/simulations/validate'],
    ['application/json', '/console/login'],
  ])('refuses a %s body to %s with 415 without reading it', async (contentType, path) => {
    const { body, counted } = endlessBody('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n')
    const res = await post(path, { 'Content-Type': contentType }, body)
    expect(res.status).toBe(415)
    expect(await errorOf(res)).toMatchObject({ errorCode: '010602', errorField: 'Content-Type', errorMessage: expect.stringContaining(contentType) })
    // A web Request is pulled once when it is built; a socket takes what the kernel buffers.
    expect(counted.bytes).toBeLessThan(TRANSPORT === 'node' ? SOCKET_SLACK : 128 * 1024)
  })

  it.each([
    ['/v1/authentication', '8 KB', 8 * 1024],
    ['/v1/processes', '64 KB', 64 * 1024],
    ['/v1/simulations', '1 MB', MiB],
  ])('answers a declared length over the limit of %s with 413 naming its limit (%s), unread', async (path, limit, bytes) => {
    const { body, counted } = endlessBody('{"a":"')
    const res = await post(path, { 'Content-Type': 'application/json', 'Content-Length': String(bytes + 1) }, body)
    expect(res.status).toBe(413)
    expect(await errorOf(res)).toMatchObject({ errorCode: '010601', errorField: 'body', errorMessage: `O corpo do pedido excede o limite de ${limit}.` })
    expect(counted.bytes).toBeLessThan(TRANSPORT === 'node' ? SOCKET_SLACK : 128 * 1024)
  })

  it('counts a body sent without a length and stops it at the limit (413)', async () => {
    const { body, counted } = endlessBody('{"username":"')
    const res = await post('/v1/authentication', { 'Content-Type': 'application/json' }, body)
    expect(res.status).toBe(413)
    expect(await errorOf(res)).toMatchObject({ errorCode: '010601', errorField: 'body' })
    expect(counted.bytes).toBeLessThan(8 * 1024 + (TRANSPORT === 'node' ? SOCKET_SLACK : 128 * 1024))
  })

  it('takes a body of exactly the limit', async () => {
    const login = JSON.stringify({ username: 'broker-a', password: 'sandbox', padding: '' })
    const exact = login.replace('"padding":""', `"padding":"${'x'.repeat(8 * 1024 - login.length)}"`)
    expect(Buffer.byteLength(exact)).toBe(8 * 1024)
    const res = await post('/v1/authentication', { 'Content-Type': 'application/json' }, exact)
    expect(res.status).toBe(200)
    const over = await post('/v1/authentication', { 'Content-Type': 'application/json' }, `${exact} `)
    expect(over.status).toBe(413)
  })

  it('bounds a console form at 8 KB (413), and still takes a login form', async () => {
    const form = await s.request('/console/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `username=broker-a&password=${'x'.repeat(8 * 1024)}`,
    })
    expect(form.status).toBe(413)
    const login = await s.request('/console/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=broker-a&password=sandbox',
      redirect: 'manual',
    })
    expect(login.status).toBe(303)
  })

  it('takes an empty POST with a form Content-Type as no body, not a 415', async () => {
    const res = await s.request('/v1/processes/00000000-0000-4000-8000-000000000000/submit', {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.tokens.a}`, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '0' },
    })
    expect(res.status).toBe(404)
  })

  it('still creates a simulation from a body well within its limit', async () => {
    const res = await post('/v1/simulations', { 'Content-Type': 'application/json' }, JSON.stringify(SIMULATION_INPUT_EXAMPLE))
    expect(res.status).toBe(201)
  })
})
