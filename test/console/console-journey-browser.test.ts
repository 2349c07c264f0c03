import { serve, type ServerType } from '@hono/node-server'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../support/test-app.ts'
import { chromiumAvailable as available, CHROMIUM, startFailingReceiver } from './support/browser-setup.ts'
import { processPath, registerCallbacks, submittedProcess } from '../modules/sandbox-scenarios/support/scenario-journeys.ts'

/**
 * A partner's journey through the console in a real Chromium, one browser and one sandbox for the
 * file: a process's whole page, a notification and back, a 429 and its Retry-After, the journal's
 * 250th entry, a new user's reset password, the search box; axe-core at 1400 and 390 px on each page
 * (the login page's too), and no page breaking its Content-Security-Policy.
 * Runs where console-browser.test.ts runs (CHROMIUM_PATH or /usr/bin/chromium).
 */

/** The seeded journal entries' one path (a simulation nobody has: 404s, the cheapest call journaled). */
const SEEDED_PATH = '/v1/simulations/00000000-0000-4000-8000-000000000250'
const SEEDED = 260

let s: TestSandbox
let server: ServerType
let receiver: Awaited<ReturnType<typeof startFailingReceiver>>
let browser: Browser
let page: Page
let base: string
let processUniqueId: string
/** What the pages' Content-Security-Policy refused, reported on the browser's console: none expected. */
const policyViolations: string[] = []
const axe = available ? readFileSync('node_modules/axe-core/axe.min.js', 'utf8') : ''

/** axe-core's serious and critical violations of the page as it stands, at 1400 px and at 390 px (the same page, resized: no reload). */
async function accessibilityProblems(target: Page = page): Promise<string[]> {
  const found: string[] = []
  for (const width of [1400, 390]) {
    await target.setViewportSize({ width, height: 1000 })
    // Through the browser's protocol, not a script tag: the page's Content-Security-Policy stays as it is.
    if (!(await target.evaluate('typeof axe !== "undefined"'))) await target.evaluate(axe)
    const violations = (await target.evaluate(
      "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')))",
    )) as string[]
    found.push(...violations.map((v) => `${width} ${new URL(target.url()).pathname} ${v}`))
  }
  await target.setViewportSize({ width: 1400, height: 1000 })
  return found
}

/** A new browser context logged in as the user; the login page's accessibility problems, when asked, added to `problems`. */
async function loggedIn(username: string, password: string, problems?: string[]): Promise<Page> {
  const opened = await (await browser.newContext({ locale: 'pt-PT', viewport: { width: 1400, height: 1000 } })).newPage()
  opened.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) policyViolations.push(`${opened.url()}: ${message.text()}`)
  })
  await opened.goto(`${base}/console`)
  if (problems) problems.push(...(await accessibilityProblems(opened)))
  await opened.fill('input[name=username]', username)
  await opened.fill('input[name=password]', password)
  await Promise.all([opened.waitForURL(/\/console\/requests$/), opened.click('form.login button')])
  return opened
}

/** Waits until the partner's fair share lets a request in again, as a client honouring Retry-After does. */
async function letIn() {
  const buckets = s.services.fairShare!.buckets
  for (let waited = 0; buckets.state(PARTNER_A).remaining === 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20))
}

beforeAll(async () => {
  if (!available) return
  receiver = await startFailingReceiver('receiver down for maintenance, back at 14:00 (see status page)')
  s = await createTestSandbox({
    callbackAllowHttp: true,
    callbackAllowPrivate: true,
    // A rate limit every partner meets only in a flood; the journal keeps every one of the seeded calls.
    rateLimit: { perSecond: 1000, burst: 1000 },
    fairShare: { costMs: 60_000, concurrency: null },
    journal: { maxEntries: 10_000, maxBytes: 64 * 1024 * 1024, maxPerSecond: 100_000 },
  })
  const hooks = receiver.hooksUrl
  for (const type of [5, 7]) expect((await s.call('PUT', `/${PARTNER_A}/callbacks/${type}`, { body: { callbackUrl: hooks } })).status).toBe(201)
  // A submitted process: two borrowers, their documents and the property's; a message each way.
  processUniqueId = (await submittedProcess(s)).processUniqueId
  expect((await s.call('POST', processPath(processUniqueId, '/message'), { body: { messageText: 'Enviamos a caderneta predial atualizada.' } })).status).toBe(201)
  expect((await s.call('POST', `/sandbox/processes/${processUniqueId}/message`, { body: { messageText: 'Precisamos do último recibo de vencimento.' } })).status).toBe(201)
  // Ten test notifications more: the delivery log holds more than a screen's ten rows.
  for (let n = 0; n < 10; n += 1) expect((await s.call('POST', `/v1/callbacks/echo/${PARTNER_A}/5`, { body: { processUniqueId } })).status).toBe(200)
  for (let n = 1; n <= SEEDED; n += 1) await s.call('GET', SEEDED_PATH, { headers: { 'X-Request-Id': `seed-${String(n).padStart(3, '0')}` } })
  s.services.callbacks.worker.start()
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started))
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
  page = await loggedIn('broker-a', 'sandbox')
  // A submitted process, 272 calls and a browser's start: seconds on a loaded machine, more than a hook's default 10.
}, 60_000)

afterAll(async () => {
  if (!available) return
  await browser?.close()
  await s.services.callbacks.worker.stop(100)
  await new Promise((resolve) => server.close(resolve))
  await receiver.close()
})

describe.skipIf(!available)("a partner's journey through the console in Chromium", () => {
  it('shows a process with its two borrowers, their documents, a message each way and its figures formatted', async () => {
    await page.goto(`${base}/console/processes/${processUniqueId}`)
    expect(await page.locator('details.borrower').count()).toBe(2)
    expect(await page.locator('details.borrower[open] dl.fields dd').count()).toBeGreaterThan(10)
    expect(await page.locator('table.documents tbody tr[id^="document-"]').count()).toBe(8)
    expect(await page.textContent('.messages li.bank')).toContain('Precisamos do último recibo de vencimento.')
    expect(await page.textContent('.messages li.broker')).toContain('Enviamos a caderneta predial atualizada.')
    // pt-PT: thousands by a space, decimals by a comma, the euro after; a rate with its per cent sign.
    expect(await page.textContent('dd[data-figure="loanAmount"]')).toMatch(/^\d{1,3}(\s\d{3})+,\d{2}\s€$/)
    expect(await page.textContent('dd[data-figure="tan"]')).toMatch(/^\d+,\d+\s%$/)
    expect(await page.textContent('dd[data-figure="loanDurationMonths"]')).toMatch(/\d/)
    expect(await accessibilityProblems()).toEqual([])
  })

  it('follows a notification from the process timeline to its delivery page, and back to the process', async () => {
    await page.goto(`${base}/console/processes/${processUniqueId}`)
    const link = page.locator('.timeline a[data-notification-id]').first()
    const notificationId = await link.getAttribute('data-notification-id')
    await Promise.all([page.waitForURL(new RegExp(`/console/deliveries/${notificationId}$`)), link.click()])
    expect(await page.textContent('pre.notification-body')).toContain(processUniqueId)
    expect(await accessibilityProblems()).toEqual([])
    await Promise.all([page.waitForURL(new RegExp(`/console/processes/${processUniqueId}$`)), page.click(`main p a[href="/console/processes/${processUniqueId}"]`)])
    expect(await page.locator(`.timeline a[data-notification-id="${notificationId}"]`).count()).toBe(1)
  })

  it('fits ten deliveries in one screen at 1400 × 1000, the tenth row visible without scrolling', async () => {
    // Wait for the first attempt: the rows then carry the partner server's answer, their widest.
    await expect.poll(() => receiver.hits(), { timeout: 5000 }).toBeGreaterThan(0)
    await page.goto(`${base}/console/deliveries`)
    const rows = page.locator('tr[data-notification-id]')
    expect(await rows.count()).toBeGreaterThanOrEqual(10)
    expect(await page.evaluate('window.scrollY')).toBe(0)
    const tenth = await rows.nth(9).boundingBox()
    expect(tenth!.y + tenth!.height).toBeLessThanOrEqual(1000)
    expect(await page.locator('tr[data-notification-id] td.excerpt code', { hasText: 'receiver down' }).count()).toBeGreaterThan(0)
    expect(await accessibilityProblems()).toEqual([])
  })

  it('opens a 429 from the search box and shows its Retry-After; the box opens a process and a notification by id too', async () => {
    // The bucket emptied at once and a second in debt, as a flood would leave it: the refusal that follows is the rate limit's own.
    s.services.fairShare!.buckets.charge(PARTNER_A, 2000)
    const refused = await s.call('GET', '/v1/simulations', { headers: { 'X-Request-Id': 'browser-429' } })
    expect(refused.status).toBe(429)
    const retryAfter = refused.headers.get('retry-after')!
    await letIn()
    const search = async (q: string, lands: RegExp) => {
      await page.fill('#console-search', q)
      await Promise.all([page.waitForURL(lands), page.press('#console-search', 'Enter')])
    }
    await search('browser-429', /\/console\/requests\/browser-429$/)
    expect(await page.textContent('tr[data-header="retry-after"] td')).toBe(retryAfter)
    expect(await page.textContent('tr[data-header="ratelimit-limit"] td')).toBe('1000')
    expect(await page.textContent('ul.errors')).toContain('010604')
    expect(await accessibilityProblems()).toEqual([])
    await search(processUniqueId, new RegExp(`/console/processes/${processUniqueId}$`))
    const notificationId = (await page.getAttribute('.timeline a[data-notification-id]', 'data-notification-id'))!
    await search(notificationId, new RegExp(`/console/deliveries/${notificationId}$`))
    expect(await page.textContent('#delivery-status')).toBeTruthy()
  })

  // Five page loads and axe twice, or three logins' worth of pages: more than the default 20 s beside another browser file on a loaded machine.
  it("pages back to the journal's 250th entry by its older links, the filter kept on every page", { timeout: 45_000 }, async () => {
    await page.goto(`${base}/console/requests?path=${encodeURIComponent(SEEDED_PATH)}`)
    expect(await page.textContent('nav.pager .muted')).toBe(String(SEEDED))
    for (let n = 0; n < 4; n += 1) await Promise.all([page.waitForURL(new RegExp(`before=\\d+`)), page.click('#older')])
    expect(new URL(page.url()).searchParams.get('path')).toBe(SEEDED_PATH)
    const ids = await page.locator('tr[data-request-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-request-id')))
    // Entries 201 to 250, newest first: the 250th newest of 260 is the 11th made.
    expect(ids).toHaveLength(50)
    expect(ids[0]).toBe('seed-060')
    expect(ids.at(-1)).toBe('seed-011')
    expect(await page.locator('a[rel=prev]').count()).toBe(1)
    expect(await accessibilityProblems()).toEqual([])
  })

  it('adds a user on the account page, resets its password, and the user logs in with the new one', { timeout: 45_000 }, async () => {
    await page.goto(`${base}/console/account`)
    await page.fill('form[action="/console/account/users"] input[name=name]', 'Marta Lopes')
    await page.fill('form[action="/console/account/users"] input[name=email]', 'marta.lopes@casacerta.example')
    await page.click('form[action="/console/account/users"] button')
    await page.waitForSelector('#new-password')
    const username = /\b(\S+) \(/.exec((await page.textContent('.flash'))!.replace(/^Palavra-passe de /, ''))![1]!
    const first = (await page.textContent('#new-password'))!
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/password')), page.click(`tr[data-user="${username}"] form[action$="/password"] button`)])
    await page.waitForSelector('#new-password')
    const reset = (await page.textContent('#new-password'))!
    expect(reset).not.toBe(first)
    expect(await accessibilityProblems()).toEqual([])
    expect((await s.call('POST', '/v1/authentication', { token: null, body: { username, password: first } })).status).toBe(401)
    const loginProblems: string[] = []
    const theirs = await loggedIn(username, reset, loginProblems)
    expect(loginProblems).toEqual([])
    expect(await theirs.textContent('header .who')).toContain(username)
    await theirs.context().close()
  })

  it("broke none of the pages' Content-Security-Policy", () => {
    expect(policyViolations).toEqual([])
  })
})
