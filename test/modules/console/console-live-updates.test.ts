import { beforeEach, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'

/**
 * The console's live parts are htmx polls (the journal's new rows every 2 s, a running certification's
 * section). Once the session's user loses its rights they must stop: the window goes to the login page
 * (HX-Redirect), or reloads to say why (HX-Refresh), instead of the login form swapped into the table.
 */
let s: TestSandbox
let user: { userId: number; username: string; password: string }

beforeEach(async () => {
  s = await createTestSandbox()
  const created = await s.call('POST', '/sandbox/account/users', { body: { brokerId: 1001, name: 'Inês Consola', email: 'ines@casacerta.example', admin: true } })
  user = created.json
})

async function consoleLogin(): Promise<string> {
  const res = await s.request('/console/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
    body: new URLSearchParams({ username: user.username, password: user.password }).toString(),
    redirect: 'manual',
  })
  expect(res.status).toBe(303)
  return /sandbox_console=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!
}

/** A GET of the console as htmx sends a poll, or as the browser loads a page (htmx: false). */
async function poll(cookie: string, path: string, htmx = true) {
  const res = await s.request(path, { headers: { Cookie: `sandbox_console=${cookie}`, ...(htmx ? { 'HX-Request': 'true' } : {}) }, redirect: 'manual' })
  return { status: res.status, hxRedirect: res.headers.get('hx-redirect'), hxRefresh: res.headers.get('hx-refresh'), location: res.headers.get('location'), text: await res.text() }
}

const ROWS = '/console/requests/rows'

describe("the console's live journal", () => {
  it.each([
    ['its tokens are revoked', () => s.call('POST', `/sandbox/account/users/${user.userId}/revoke-tokens`)],
    ['its password is reset', () => s.call('POST', `/sandbox/account/users/${user.userId}/password`)],
    ['it is deactivated', () => s.call('DELETE', `/sandbox/account/users/${user.userId}`)],
  ])('stops polling and takes the window to the login page once the user %s', async (_, change) => {
    const cookie = await consoleLogin()
    expect((await poll(cookie, ROWS)).status).toBe(200)
    expect((await change()).status).toBe(200)

    const after = await poll(cookie, ROWS)
    expect([after.status, after.hxRedirect, after.location]).toEqual([401, '/console/login', null])
    expect(after.text).not.toContain('<form')
    // A page the browser loads itself still goes to the login page the usual way.
    expect((await poll(cookie, '/console/requests', false)).location).toBe('/console/login')
  })
})

describe("a running certification's live section", () => {
  it('reloads the page, which says why, once its administrator is demoted, instead of polling refusals', async () => {
    const cookie = await consoleLogin()
    const section = '/console/certification/run_0000/section'
    const before = await poll(cookie, section)
    expect([before.status, before.hxRefresh]).toEqual([404, null])

    expect((await s.call('PUT', `/sandbox/account/users/${user.userId}/admin`, { body: { admin: false } })).status).toBe(200)
    const after = await poll(cookie, section)
    expect([after.status, after.hxRefresh]).toEqual([403, 'true'])
    // The reload: the page itself answers the administrators-only refusal.
    expect((await poll(cookie, '/console/certification/run_0000', false)).status).toBe(403)
  })
})
