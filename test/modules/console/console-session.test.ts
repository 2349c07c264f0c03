import { beforeEach, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { simulationInput } from '../simulations/simulation-fixtures.ts'

let s: TestSandbox
beforeEach(async () => {
  s = await createTestSandbox()
})

const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' }
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

/** A request of the console as a browser sends it: no redirect followed, the session cookie if any. */
async function browser(method: string, path: string, options: { cookie?: string; body?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers }
  if (options.cookie) headers.Cookie = `sandbox_console=${options.cookie}`
  if (options.body) headers['Content-Type'] = 'application/x-www-form-urlencoded'
  const res = await s.request(path, { method, headers, redirect: 'manual', ...(options.body ? { body: form(options.body) } : {}) })
  return { status: res.status, location: res.headers.get('location'), setCookie: res.headers.get('set-cookie') ?? '', text: await res.text() }
}

async function login(headers: Record<string, string> = SAME_ORIGIN) {
  const res = await browser('POST', '/console/login', { body: { username: 'broker-a', password: 'sandbox' }, headers })
  const cookie = /sandbox_console=([^;]*)/.exec(res.setCookie)?.[1]
  return { ...res, cookie }
}

/** The CSRF token of the console's forms, read from a page as a browser would. */
async function csrfOf(cookie: string) {
  const page = await browser('GET', '/console/requests', { cookie })
  expect(page.status).toBe(200)
  return /name="csrf" value="([^"]+)"/.exec(page.text)![1]!
}

describe("the console's session", () => {
  it('is a random id in an HttpOnly, SameSite cookie scoped to /console, not the API token', async () => {
    const res = await login()
    expect(res.status).toBe(303)
    expect(res.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(res.setCookie).toMatch(/HttpOnly/i)
    expect(res.setCookie).toMatch(/SameSite=Lax/i)
    expect(res.setCookie).toMatch(/Path=\/console/)
    expect(res.setCookie).toMatch(/Max-Age=3600/)
    expect((await browser('GET', '/console/requests', { cookie: res.cookie! })).status).toBe(200)
  })

  it('opens nothing on /v1: the session id is no bearer token', async () => {
    const { cookie } = await login()
    const res = await s.call('GET', '/v1/simulations', { token: cookie! })
    expect(res.status).toBe(401)
    expect(res.json.errors[0]).toMatchObject({ errorCode: '010501', errorField: 'Authorization' })
  })

  it('ends at logout: the old cookie opens no page and sends no form', async () => {
    const { cookie } = await login()
    const csrf = await csrfOf(cookie!)
    const out = await browser('POST', '/console/logout', { cookie: cookie!, body: { csrf }, headers: SAME_ORIGIN })
    expect([out.status, out.location]).toEqual([303, '/console/login'])
    expect(out.setCookie).toMatch(/sandbox_console=;/)

    expect((await s.call('POST', '/v1/simulations', { body: simulationInput() })).status).toBe(201)
    const page = await browser('GET', '/console/requests', { cookie: cookie! })
    expect([page.status, page.location]).toEqual([303, '/console/login'])
    const reset = await browser('POST', '/console/drive/reset', { cookie: cookie!, body: { csrf, confirm: 'yes' }, headers: SAME_ORIGIN })
    expect(reset.status).toBe(401)
    expect((await s.call('GET', '/v1/simulations')).json.totalRecords).toBe(1)
  })

  it("ends when the user's tokens are revoked, like a bearer token", async () => {
    const { cookie } = await login()
    expect((await s.call('POST', '/sandbox/account/users/5001/revoke-tokens')).status).toBeLessThan(300)
    expect((await browser('GET', '/console/requests', { cookie: cookie! })).location).toBe('/console/login')
  })
})

describe('login CSRF: a POST of the console from another site', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a page of a sibling host)', { 'Sec-Fetch-Site': 'same-site' }],
    ['Origin of another site', { Origin: 'https://attacker.example' }],
    ['Origin null (a sandboxed frame)', { Origin: 'null' }],
  ])('refuses a login with %s: 403, and no session', async (_name, headers) => {
    const res = await login(headers)
    expect(res.status).toBe(403)
    expect(res.setCookie).not.toMatch(/sandbox_console=/)
    expect(res.text).toContain('consola')
  })

  it('takes a login from the console itself: Sec-Fetch-Site same-origin, or an Origin of its own host, or a client that names neither', async () => {
    expect((await login(SAME_ORIGIN)).status).toBe(303)
    const own = new URL((await s.request('/v1/health')).url || 'http://localhost').host
    expect((await login({ Origin: `http://${own}` })).status).toBe(303)
    expect((await login({})).status).toBe(303)
  })

  it('refuses a cross-site POST of a logged-in console form even with its CSRF token, and does nothing', async () => {
    const { cookie } = await login()
    const csrf = await csrfOf(cookie!)
    expect((await s.call('POST', '/v1/simulations', { body: simulationInput() })).status).toBe(201)
    const reset = await browser('POST', '/console/drive/reset', { cookie: cookie!, body: { csrf, confirm: 'yes' }, headers: { 'Sec-Fetch-Site': 'cross-site' } })
    expect(reset.status).toBe(403)
    expect((await s.call('GET', '/v1/simulations')).json.totalRecords).toBe(1)
  })
})
