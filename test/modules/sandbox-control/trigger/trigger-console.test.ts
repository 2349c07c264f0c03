import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../../support/test-app.ts'

let s: TestSandbox
let cookie: string

const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' }

/** A request of the console as a browser sends it: the session cookie, no redirect followed. */
async function browser(method: string, path: string, body?: Record<string, string>) {
  const headers: Record<string, string> = { ...SAME_ORIGIN, Cookie: `sandbox_console=${cookie}` }
  if (body) headers['Content-Type'] = 'application/x-www-form-urlencoded'
  const res = await s.request(path, { method, headers, redirect: 'manual', ...(body ? { body: new URLSearchParams(body).toString() } : {}) })
  return { status: res.status, location: res.headers.get('location'), text: await res.text() }
}

beforeAll(async () => {
  s = await createTestSandbox()
  const res = await s.request('/console/login', {
    method: 'POST',
    redirect: 'manual',
    headers: { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'broker-a2', password: 'sandbox' }).toString(),
  })
  cookie = /sandbox_console=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!
})

describe("the console's deliveries page", () => {
  it('sends one notification of the type chosen and opens it, for a user who does not administer the partner', async () => {
    const page = await browser('GET', '/console/deliveries')
    expect(page.text).toMatch(/<form class="filters" method="post" action="\/console\/deliveries\/trigger" id="trigger-form">/)
    expect(page.text).toContain('<option value="PROCESS_DECISION">9 ')
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!
    const sent = await browser('POST', '/console/deliveries/trigger', { csrf, notificationType: 'PROCESS_DECISION' })
    expect(sent.status).toBe(303)
    const [, id] = /^\/console\/deliveries\/(msg_\w+)\?done=/.exec(sent.location ?? '') ?? []
    expect(id, sent.location ?? '').toBeDefined()
    const opened = await browser('GET', sent.location!)
    expect(opened.text).toContain(id)
    expect(opened.text).toContain('&quot;notificationType&quot;: &quot;PROCESS_DECISION&quot;')
  })

  it('refuses the form without its CSRF token', async () => {
    expect((await browser('POST', '/console/deliveries/trigger', { notificationType: 'NEW_MESSAGE' })).status).toBe(403)
  })
})
