import type { ServerType } from '@hono/node-server'
import { serveApp } from '../../src/http/node-adapter/index.ts'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerClientError } from '../../src/http/router/client-errors.ts'
import { createLogger } from '../../src/platform/logger.ts'
import { createTestSandbox, type TestSandbox } from '../support/test-app.ts'

let s: TestSandbox
let server: ServerType
let base: string
let consoleCookie: string

beforeAll(async () => {
  s = await createTestSandbox()
  server = await new Promise<ServerType>((resolve) => {
    const started = serveApp(
      (request, env) => s.app.fetch(request, env),
      { port: 0, hostname: '127.0.0.1' },
      () => resolve(started),
    )
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const login = await s.app.request('/console/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
    body: 'username=broker-a&password=sandbox',
  })
  consoleCookie = /sandbox_console=[^;]*/.exec(login.headers.get('set-cookie') ?? '')![0]
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

/** Both ways the app answers: `app.request()` (web Response headers) and a real Node server (headers set on Node's response). */
const transports = {
  web: (path: string, init: RequestInit) => s.app.request(path, init),
  node: (path: string, init: RequestInit) => fetch(`${base}${path}`, { ...init, redirect: 'manual' }),
}

type Kind = 'api' | 'console' | 'docs'
const POLICIES: Record<Kind, string> = {
  api: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  console: "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  docs: "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
}

const bearer = () => ({ Authorization: `Bearer ${s.tokens.a}` })
const cases: Array<[string, string, () => RequestInit, number | number[], Kind, 'no-store' | 'public']> = [
  ['API JSON', '/v1/simulations', () => ({ headers: bearer() }), 200, 'api', 'no-store'],
  [
    'API JSON with a secret (Callback Update)',
    '/7d1c3f2a-5b6e-4c8d-9a0f-1e2d3c4b5a60/callbacks/6',
    () => ({ method: 'PUT', headers: { ...bearer(), 'Content-Type': 'application/json' }, body: JSON.stringify({ callbackUrl: 'https://partner.example.com/hooks' }) }),
    [201, 200],
    'api',
    'no-store',
  ],
  [
    'a login',
    '/v1/authentication',
    () => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'broker-a2', password: 'sandbox' }) }),
    200,
    'api',
    'no-store',
  ],
  ['health, as text', '/v1/health', () => ({}), 200, 'api', 'no-store'],
  ['the OpenAPI document', '/openapi.json', () => ({}), 200, 'api', 'no-store'],
  ['a validation error', '/v1/simulations?lineCount=abc', () => ({ headers: bearer() }), 400, 'api', 'no-store'],
  ['an error without a token', '/v1/simulations', () => ({}), 401, 'api', 'no-store'],
  ['a 404', '/v1/no-such-thing', () => ({ headers: bearer() }), 404, 'api', 'no-store'],
  ['the console login page', '/console/login', () => ({}), 200, 'console', 'no-store'],
  ['a console page behind the login', '/console/requests', () => ({ headers: { Cookie: consoleCookie } }), 200, 'console', 'no-store'],
  ['the deliveries page (it reveals signing secrets)', '/console/deliveries?reveal=6', () => ({ headers: { Cookie: consoleCookie } }), 200, 'console', 'no-store'],
  ['a console redirect', '/console/requests', () => ({}), 303, 'console', 'no-store'],
  ["the console's script", '/console/assets/console.js', () => ({}), 200, 'console', 'public'],
  ['the API reference', '/docs', () => ({}), 200, 'docs', 'no-store'],
  ["the reference's script", '/docs/assets/sandbox-docs.js', () => ({}), 200, 'docs', 'public'],
]

describe('security headers on every answer', () => {
  describe.each(Object.entries(transports))('through %s', (_transport, request) => {
    it.each(cases)('%s: %s', async (_name, path, init, status, kind, caching) => {
      const res = await request(path, init())
      expect([status].flat()).toContain(res.status)
      expect(res.headers.get('content-security-policy')).toBe(POLICIES[kind])
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('same-origin')
      if (caching === 'no-store') expect(res.headers.get('cache-control')).toBe('no-store')
      else expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/)
      await res.arrayBuffer()
    })
  })

  it("carries them on Node's own refusals too (a head over 16 KB: 431)", async () => {
    const refusing = createServer()
    refusing.on('clientError', answerClientError(createLogger('silent')))
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve))
    try {
      const res = await fetch(`http://127.0.0.1:${(refusing.address() as AddressInfo).port}/v1/health`, { headers: { 'X-Padding': 'x'.repeat(20_000) } })
      expect(res.status).toBe(431)
      expect(res.headers.get('content-security-policy')).toBe(POLICIES.api)
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('cache-control')).toBe('no-store')
    } finally {
      await new Promise((resolve) => refusing.close(resolve))
    }
  })
})
