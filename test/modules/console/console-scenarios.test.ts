import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'

let s: TestSandbox
const sessions: Record<string, { cookie: string; csrf: string }> = {}

const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' }

/** A request of the console as a browser sends it: no redirect followed, the session cookie if any. */
async function browser(method: string, path: string, options: { cookie?: string; body?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...SAME_ORIGIN, 'Accept-Language': 'en' }
  if (options.cookie) headers.Cookie = `sandbox_console=${options.cookie}`
  if (options.body) headers['Content-Type'] = 'application/x-www-form-urlencoded'
  const res = await s.request(path, { method, headers, redirect: 'manual', ...(options.body ? { body: new URLSearchParams(options.body).toString() } : {}) })
  return { status: res.status, location: res.headers.get('location'), setCookie: res.headers.get('set-cookie') ?? '', text: await res.text() }
}

async function sessionOf(username: string) {
  const login = await browser('POST', '/console/login', { body: { username, password: 'sandbox' } })
  const cookie = /sandbox_console=([^;]*)/.exec(login.setCookie)![1]!
  const page = await browser('GET', '/console/scenarios', { cookie })
  return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(page.text)![1]! }
}

beforeAll(async () => {
  s = await createTestSandbox()
  sessions.admin = await sessionOf('broker-a')
  sessions.user = await sessionOf('broker-a2')
})

/** A form of the console sent by `who`, with its CSRF token. */
const send = (who: 'admin' | 'user', path: string, fields: Record<string, string> = {}) =>
  browser('POST', path, { cookie: sessions[who]!.cookie, body: { csrf: sessions[who]!.csrf, ...fields } })
const pageOf = (who: 'admin' | 'user', path = '/console/scenarios') => browser('GET', path, { cookie: sessions[who]!.cookie })

const document = (name: string, effects: unknown[]) => JSON.stringify({ name, description: { 'pt-PT': 'Da consola', en: 'From the console' }, effects })

describe("the console's scenarios page: the partner's own", () => {
  it("lets an administrator add one by pasting its JSON, edit it and delete it, listed as the partner's with try it", async () => {
    const added = await send('admin', '/console/scenarios', { document: document('console-slow', [{ type: 'latency', ms: 1 }]) })
    expect([added.status, added.location]).toEqual([303, '/console/scenarios?done=Scenario%20saved%3A%20console-slow'])
    const listed = await pageOf('admin')
    expect(listed.text).toMatch(
      /<tr data-scenario="console-slow" data-owner="partner">[\s\S]*?Yours[\s\S]*?\/console\/scenarios\/console-slow\/try[\s\S]*?href="\/console\/scenarios\/console-slow\/edit"/,
    )
    expect(listed.text).toContain('<tr data-scenario="server-error" data-owner="sandbox">')

    const editor = await pageOf('admin', '/console/scenarios/console-slow/edit')
    expect(editor.text).toContain('action="/console/scenarios/console-slow"')
    expect(editor.text).toContain('&quot;name&quot;: &quot;console-slow&quot;')
    const edited = await send('admin', '/console/scenarios/console-slow', { document: document('console-slow', [{ type: 'latency', ms: 7 }]) })
    expect(edited.status).toBe(303)
    expect(s.services.scenarios.get(PARTNER_A, 'console-slow')?.effects).toEqual([{ type: 'latency', ms: 7 }])

    const deleted = await send('admin', '/console/scenarios/console-slow/delete')
    expect(deleted.status).toBe(303)
    expect(s.services.scenarios.get(PARTNER_A, 'console-slow')).toBeUndefined()
    expect((await pageOf('admin', '/console/scenarios/console-slow/edit')).status).toBe(404)
  })

  it.each([
    ['an unknown reason code', document('console-refused', [{ type: 'simulationEligibility', eligible: false, reasonCode: 'NOPE' }]), 400, 'effects.0.reasonCode', '010106'],
    ['text that is not JSON', '{ "name": ', 400, 'document', '010109'],
    ["a sandbox scenario's name", document('server-error', [{ type: 'latency', ms: 1 }]), 409, 'name', '010611'],
  ])('shows the refusal of %s field by field, with the text as sent', async (_what, text, status, field, code) => {
    const refused = await send('admin', '/console/scenarios', { document: text })
    expect(refused.status).toBe(status)
    expect(refused.text).toMatch(new RegExp(`<li><code>${field.replace(/\./g, '\\.')}</code> <span class="error">${code} `))
    expect(refused.text).toContain(`>${text.replace(/"/g, '&quot;')}</textarea>`)
  })

  it('shows a user who does not administer the partner no editor, and refuses its forms (403)', async () => {
    const page = await pageOf('user')
    expect(page.status).toBe(200)
    expect(page.text).not.toContain('name="document"')
    expect((await send('user', '/console/scenarios', { document: document('by-a-user', [{ type: 'latency', ms: 1 }]) })).status).toBe(403)
    expect(s.services.scenarios.get(PARTNER_A, 'by-a-user')).toBeUndefined()
  })
})
