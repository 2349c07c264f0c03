import { request as httpRequest } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { RunningSandbox } from '../../../src/app/server.ts'
import { startServerAsBrokerA } from '../../support/listening-app.ts'
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../../src/http/body/json-structure.ts'

// A body nested past the limit is refused at its bracket past it: the server neither waits for nor
// decodes the rest (a flood of 800 KB deep bodies cost every other partner the megabytes' reading).
let sandbox: RunningSandbox
let token: string
beforeAll(async () => {
  ;({ sandbox, token } = await startServerAsBrokerA())
})
afterAll(() => sandbox.close())

/** Sends the headers of an 800 KB body and `head` of it, then `rest` (if given) once the head is written: the answer. */
function send(head: string, rest?: string) {
  return new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    const req = httpRequest(`${sandbox.url}/v1/simulations/validate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': String(800 * 1024) },
    })
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
      res.on('end', () => {
        resolve({ status: res.statusCode!, body, connection: res.headers.connection })
        req.destroy()
      })
    })
    req.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)))
    req.write(head, () => (rest === undefined ? undefined : req.end(rest)))
  })
}

describe('a long JSON body nested past the limit', () => {
  it('is refused (400 naming the body) as soon as its bracket past the limit arrives, the rest never read, its connection closed', async () => {
    const answer = await send('['.repeat(MAX_JSON_DEPTH + 1))
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body).errors[0]).toMatchObject({ errorField: 'body' })
    expect(answer.connection).toBe('close')
  })

  it('counts no bracket inside a string: such a body is read whole and answered by its route', async () => {
    const head = `{"text":"${'['.repeat(MAX_JSON_DEPTH + 1)}`
    const answer = await send(head, `${'x'.repeat(800 * 1024 - head.length - 2)}"}`)
    // Simulation Validate answers a body it could read with its verdict.
    expect(answer.status, answer.body).toBe(200)
  })
})

describe('a long JSON body with too many values', () => {
  afterEach(() => vi.restoreAllMocks())
  const post = (body: string) =>
    fetch(`${sandbox.url}/v1/simulations/validate`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body })

  it('is refused (400 naming the body) from its bytes as they arrived: never joined into one buffer nor decoded', async () => {
    // 60,000 unknown keys, 720 KB: the fair-share bench's validation flood.
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i.toString(36).padStart(6, '0')}`, 1])))
    const concat = vi.spyOn(Buffer, 'concat')
    const res = await post(body)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors: unknown[] }).errors).toEqual([
      { errorCode: expect.any(String), errorField: 'body', errorMessage: expect.stringContaining(MAX_JSON_VALUES.toLocaleString('en').replace(',', '')) },
    ])
    expect(concat.mock.calls.filter(([, total]) => (total ?? 0) > 100_000)).toEqual([])
  })

  it('that is not JSON is read whole and answered by its route, as before (400 naming the body as malformed)', async () => {
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 6_000 }, (_, i) => [`k${i}`, 'x'.repeat(5)]))) + ','
    const res = await post(body)
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain('010109')
  })
})
