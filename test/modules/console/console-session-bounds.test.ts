import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createConsoleSession, type ConsoleEnv, type SessionBounds } from '../../../src/modules/console/console-session-middleware.ts'
import { loginPages } from '../../../src/modules/console/login.page.ts'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'

const form = (username: string) => new URLSearchParams({ username, password: 'sandbox' }).toString()
const cookieOf = (res: Response) => /sandbox_console=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')?.[1]

/** A login through the console's login page, as a browser sends it: the session cookie, if any. */
async function consoleLogin(request: (path: string, init: RequestInit) => Response | Promise<Response>, username: string) {
  const res = await request('/console/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
    body: form(username),
    redirect: 'manual',
  })
  return { res, cookie: cookieOf(res), text: await res.text() }
}

/** Whether the session cookie still opens a page behind the login. */
async function opens(request: (path: string, init: RequestInit) => Response | Promise<Response>, cookie: string, path: string) {
  const res = await request(path, { headers: { Cookie: `sandbox_console=${cookie}` }, redirect: 'manual' })
  await res.text()
  return res.status === 200
}

describe("the console's sessions", () => {
  it("let a user logging in again and again end only its own oldest sessions, never another user's", async () => {
    const s = await createTestSandbox()
    const other = await consoleLogin(s.request, 'broker-a2')
    const mine: string[] = []
    for (let i = 0; i < 6; i++) mine.push((await consoleLogin(s.request, 'broker-a')).cookie!)
    // Five sessions a user: the sixth login ended the first.
    expect(await opens(s.request, mine[0]!, '/console/requests')).toBe(false)
    for (const cookie of mine.slice(1)) expect(await opens(s.request, cookie, '/console/requests')).toBe(true)
    expect(await opens(s.request, other.cookie!, '/console/requests')).toBe(true)
  })

  describe('when every session is taken', () => {
    /** The console's login page and a page behind its session, with small bounds, on a sandbox's real logins. */
    function console(s: TestSandbox, bounds: SessionBounds) {
      const session = createConsoleSession({ authenticate: s.services.auth.authenticate, trustProxy: s.config.trustProxy, bounds })
      const pages = new Hono<ConsoleEnv>().use('*', session.required).get('/page', (c) => c.text(`user ${c.get('auth').userId}`))
      const app = new Hono().route('/', loginPages({ auth: s.services.auth, session, trustProxy: s.config.trustProxy })).route('/console', pages)
      return (path: string, init: RequestInit) => app.request(path, init)
    }

    it("refuses a new user's login with 503, Retry-After and a sentence saying so, and logs nobody out", async () => {
      const s = await createTestSandbox()
      const request = console(s, { total: 3, perUser: 2 })
      const a = [(await consoleLogin(request, 'broker-a')).cookie!, (await consoleLogin(request, 'broker-a')).cookie!]
      const a2 = (await consoleLogin(request, 'broker-a2')).cookie!

      const refused = await consoleLogin(request, 'broker-b')
      expect(refused.res.status).toBe(503)
      expect(refused.cookie).toBeUndefined()
      expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(3000)
      expect(refused.text).toMatch(/sessões ocupadas por outros utilizadores/)
      for (const cookie of [...a, a2]) expect(await opens(request, cookie, '/console/page')).toBe(true)
    })

    it('lets a user who has sessions log in again in place of its own oldest', async () => {
      const s = await createTestSandbox()
      const request = console(s, { total: 3, perUser: 2 })
      // The oldest session is another user's: it stays.
      const a2 = [(await consoleLogin(request, 'broker-a2')).cookie!, (await consoleLogin(request, 'broker-a2')).cookie!]
      const a = (await consoleLogin(request, 'broker-a')).cookie!
      const again = await consoleLogin(request, 'broker-a')
      expect(again.res.status).toBe(303)
      expect(await opens(request, again.cookie!, '/console/page')).toBe(true)
      expect(await opens(request, a, '/console/page')).toBe(false)
      for (const cookie of a2) expect(await opens(request, cookie, '/console/page')).toBe(true)
    })

    it('takes a new user once a session ends', async () => {
      const s = await createTestSandbox()
      const request = console(s, { total: 2, perUser: 2 })
      const a = (await consoleLogin(request, 'broker-a')).cookie!
      await consoleLogin(request, 'broker-a2')
      expect((await consoleLogin(request, 'broker-b')).res.status).toBe(503)
      // Its token revoked, the session ends at its next page, and its place is free.
      expect((await s.call('POST', '/sandbox/account/users/5001/revoke-tokens')).status).toBeLessThan(300)
      expect(await opens(request, a, '/console/page')).toBe(false)
      expect((await consoleLogin(request, 'broker-b')).res.status).toBe(303)
    })
  })
})
