import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { processPath, submittedProcess } from '../sandbox-scenarios/support/scenario-journeys.ts'
import { simulationInput } from '../simulations/simulation-fixtures.ts'

let s: TestSandbox
let admin: string
let processUniqueId: string
let simulationUniqueId: string

const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' }

/** A request of the console as a browser sends it: no redirect followed, the session cookie. */
async function browser(method: string, path: string, cookie: string | undefined, body?: Record<string, string>) {
  const headers: Record<string, string> = { ...SAME_ORIGIN }
  if (cookie) headers.Cookie = `sandbox_console=${cookie}`
  if (body) headers['Content-Type'] = 'application/x-www-form-urlencoded'
  const res = await s.request(path, { method, headers, redirect: 'manual', ...(body ? { body: new URLSearchParams(body).toString() } : {}) })
  return { status: res.status, location: res.headers.get('location'), text: await res.text() }
}

async function login(username: string, password = 'sandbox') {
  const res = await s.request('/console/login', {
    method: 'POST',
    redirect: 'manual',
    headers: { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  })
  return /sandbox_console=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')?.[1]
}

const csrfOf = (text: string) => /name="csrf" value="([^"]+)"/.exec(text)![1]!

beforeAll(async () => {
  s = await createTestSandbox()
  const put = await s.call('PUT', `/${PARTNER_A}/callbacks/5`, { body: { callbackUrl: 'https://partner.example/hooks' } })
  expect(put.status, put.text).toBe(201)
  const submitted = await submittedProcess(s)
  processUniqueId = submitted.processUniqueId
  simulationUniqueId = submitted.simulationUniqueId
  expect((await s.call('POST', processPath(processUniqueId, '/message'), { body: { messageText: 'Pergunta do parceiro.' } })).status).toBe(201)
  admin = (await login('broker-a'))!
})

describe('the console header and search', () => {
  it('shows the partner, the user, the Sandbox mode, a search box and a link to /docs', async () => {
    const page = await browser('GET', '/console/requests', admin)
    expect(page.text).toMatch(/<span class="badge"[^>]*>Sandbox · local<\/span>/)
    expect(page.text).toContain('broker-a')
    expect(page.text).toMatch(/<form class="search" role="search" method="get" action="\/console\/search">/)
    expect(page.text).toMatch(/<input id="console-search" type="search" name="q"/)
    expect(page.text).toContain('href="/docs"')
    expect(page.text).toContain('class="skip" href="#content"')
  })

  it('opens a process, a simulation, a borrower, a request and a notification by id; answers a clear 404 page for anything else', async () => {
    expect((await browser('GET', `/console/search?q=${processUniqueId}`, admin)).location).toBe(`/console/processes/${processUniqueId}`)
    expect((await browser('GET', `/console/search?q=${simulationUniqueId.toUpperCase()}`, admin)).location).toBe(`/console/simulations/${simulationUniqueId}`)
    const borrower = (await s.call('GET', processPath(processUniqueId, '/borrower'))).json.borrowerList[0].borrowerUniqueID as string
    expect((await browser('GET', `/console/search?q=${borrower}`, admin)).location).toBe(`/console/processes/${processUniqueId}#borrower-${borrower}`)
    await s.call('GET', '/v1/simulations', { headers: { 'X-Request-Id': 'find-me-1' } })
    expect((await browser('GET', '/console/search?q=find-me-1', admin)).location).toBe('/console/requests/find-me-1')
    const notificationId = (await s.call('GET', '/sandbox/deliveries')).json.deliveryList[0].notificationId as string
    expect((await browser('GET', `/console/search?q=${notificationId}`, admin)).location).toBe(`/console/deliveries/${notificationId}`)
    const miss = await browser('GET', '/console/search?q=nothing-here', admin)
    expect(miss.status).toBe(404)
    expect(miss.text).toContain('id="not-found"')
  })

  it("finds none of another partner's records", async () => {
    const other = (await login('broker-b'))!
    for (const q of [processUniqueId, simulationUniqueId, 'find-me-1']) expect((await browser('GET', `/console/search?q=${q}`, other)).status).toBe(404)
  })
})

describe("a process's page", () => {
  it("names the record, formats its figures, holds its borrowers, documents, property, messages and simulation, and offers only the workflow's next statuses", async () => {
    const page = await browser('GET', `/console/processes/${processUniqueId}`, admin)
    expect(page.status).toBe(200)
    expect(page.text).toMatch(/<title>Processo \d+ · [^<]*€/)
    expect(page.text).toMatch(/data-figure="loanAmount">[\d\s]+,\d\d\s€</)
    expect(page.text).toMatch(/data-figure="tan">\d+,\d+\s%</)
    expect(page.text).toMatch(/data-figure="loanDurationMonths">\d+ meses \(\d+ anos/)
    expect(page.text.match(/<details class="borrower"/g)?.length).toBe(2)
    expect(page.text).toMatch(/href="\/console\/processes\/[^"]+\/documents\/[^"]+">Descarregar</)
    expect(page.text).toContain('Pergunta do parceiro.')
    expect(page.text).toContain(`href="/console/simulations/${simulationUniqueId}"`)
    // Submitted may move to In analysis, Rejected or Cancelled only.
    const options = [...page.text.matchAll(/<select name="statusId">(.*?)<\/select>/gs)][0]![1]!
    expect([...options.matchAll(/value="(\d+)"/g)].map((m) => m[1])).toEqual(['3', '5', '7'])
    // The timeline links the notification the submission sent to its delivery page.
    expect(page.text).toMatch(/<li data-status="2">[\s\S]*?href="\/console\/deliveries\/msg_/)
  })

  it("downloads a document through the page's link", async () => {
    const page = await browser('GET', `/console/processes/${processUniqueId}`, admin)
    const href = /href="(\/console\/processes\/[^"]+\/documents\/[^"]+)"/.exec(page.text)![1]!
    const res = await s.request(href, { headers: { Cookie: `sandbox_console=${admin}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="/)
  })
})

describe('deliveries', () => {
  it('lists one compact row a notification, with a type select, and opens a page per notification', async () => {
    const list = await browser('GET', '/console/deliveries', admin)
    expect(list.text).toMatch(/<select name="type">/)
    const row = /<tr data-notification-id="(msg_[^"]+)">/.exec(list.text)!
    const detail = await browser('GET', `/console/deliveries/${row[1]}`, admin)
    expect(detail.status).toBe(200)
    expect(detail.text).toContain('class="notification-body"')
    expect(detail.text).toContain(`action="/console/deliveries/${row[1]}/retry"`)
    expect(detail.text).toContain(`href="/console/processes/${processUniqueId}"`)
  })
})

describe('requests', () => {
  it('pages through the whole journal, older and newer, keeping the filters', async () => {
    for (let i = 0; i < 60; i += 1) await s.call('GET', '/v1/simulations', { headers: { 'X-Request-Id': `page-${i}` } })
    const first = await browser('GET', '/console/requests?method=GET', admin)
    const older = /<a href="([^"]+)" rel="next" id="older">/.exec(first.text)![1]!.replace(/&amp;/g, '&')
    expect(older).toMatch(/method=GET&before=\d+/)
    const second = await browser('GET', older, admin)
    expect(second.text).toContain('rel="prev"')
    const firstIds = [...first.text.matchAll(/data-request-id="([^"]+)"/g)].map((m) => m[1])
    const secondIds = [...second.text.matchAll(/data-request-id="([^"]+)"/g)].map((m) => m[1])
    expect(firstIds).toHaveLength(50)
    expect(secondIds.some((id) => firstIds.includes(id))).toBe(false)
  })

  it("filters by operation and shows each answer's headers, times in UTC", async () => {
    const page = await browser('GET', `/console/requests?operation=${encodeURIComponent('POST /v1/processes/{processUniqueId}/submit')}`, admin)
    const ids = [...page.text.matchAll(/data-request-id="([^"]+)"/g)]
    expect(ids.length).toBe(1)
    expect(page.text).toMatch(/\d\d:\d\d:\d\d UTC/)
    const detail = await browser('GET', `/console/requests/${encodeURIComponent(ids[0]![1]!)}`, admin)
    expect(detail.text).toMatch(/<tr data-header="content-type">/)
  })

  it('lists the errors of a refusal that names no body field as they came, with no invented "missing" row', async () => {
    await s.call('GET', '/v1/simulations/not-a-uuid', { headers: { 'X-Request-Id': 'refused-path-1' } })
    const detail = await browser('GET', '/console/requests/refused-path-1', admin)
    expect(detail.text).toContain('<ul class="errors">')
    expect(detail.text).not.toContain('(em falta)')
  })

  it('names the network fault a request was answered with, from its scenario', async () => {
    const res = await s.call('GET', '/v1/taxonomy/genders', { headers: { 'X-Sandbox-Scenario': 'gateway-502', 'X-Request-Id': 'faulted-1' } })
    expect(res.status).toBe(502)
    const detail = await browser('GET', '/console/requests/faulted-1', admin)
    expect(detail.text).toContain('<span id="fault">falha de rede <code>gateway-502</code></span>')
    expect((await browser('GET', '/console/requests/refused-path-1', admin)).text).not.toContain('id="fault"')
  })
})

describe('the account page', () => {
  it('lets an administrator add a user, shown its password once, reset it, and the user logs in with the new one', async () => {
    const page = await browser('GET', '/console/account', admin)
    expect(page.text).toContain('action="/console/account/users"')
    const added = await browser('POST', '/console/account/users', admin, {
      csrf: csrfOf(page.text),
      brokerId: '1001',
      name: 'Nova Consola',
      email: 'nova.consola@casacerta.example',
    })
    expect(added.status).toBe(201)
    const username = /Palavra-passe de ([^ ]+) \(mostrada só agora\)/.exec(added.text)![1]!
    const userId = new RegExp(`<tr data-user="${username}">[\\s\\S]*?/console/account/users/(\\d+)/password`).exec(added.text)![1]!
    const reset = await browser('POST', `/console/account/users/${userId}/password`, admin, { csrf: csrfOf(page.text) })
    const password = /<code id="new-password">([^<]+)<\/code>/.exec(reset.text)![1]!
    expect(await login(username, password)).toMatch(/^[\w-]{43}$/)
  })

  it('shows a user who does not administer the partner no form, and refuses its posts 403', async () => {
    const page = await browser('GET', '/console/account', admin)
    const created = await browser('POST', '/console/account/users', admin, {
      csrf: csrfOf(page.text),
      brokerId: '1001',
      name: 'Sem Poderes',
      email: 'sem.poderes@casacerta.example',
    })
    const username = /Palavra-passe de ([^ ]+) /.exec(created.text)![1]!
    const password = /<code id="new-password">([^<]+)<\/code>/.exec(created.text)![1]!
    const user = (await login(username, password))!
    const own = await browser('GET', '/console/account', user)
    expect(own.status).toBe(200)
    expect(own.text).not.toContain('action="/console/account/users"')
    expect((await browser('POST', '/console/account/users', user, { csrf: csrfOf(own.text), brokerId: '1001', name: 'X Y', email: 'x@y.example' })).status).toBe(403)
  })
})
