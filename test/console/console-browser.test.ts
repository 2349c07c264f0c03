import { serve, type ServerType } from '@hono/node-server'
import { mkdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../support/test-app.ts'
import { chromiumAvailable as available, CHROMIUM, startFailingReceiver } from './support/browser-setup.ts'
import { processPath, submittedProcess, withKeyBorrower } from '../modules/sandbox-scenarios/support/scenario-journeys.ts'
import { simulationInput } from '../modules/simulations/simulation-fixtures.ts'

/** The console in a real Chromium (support/browser-setup.ts says where it comes from). */
if (!available) console.warn(`console browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`)

/** Where the tests leave screenshots of the main pages (docs/console.md). */
const SHOTS = 'screenshots'

let s: TestSandbox
let server: ServerType
let receiver: Awaited<ReturnType<typeof startFailingReceiver>>
let browser: Browser
let base: string

beforeAll(async () => {
  if (!available) return
  // A partner server that always fails: its deliveries show attempts to redeliver.
  receiver = await startFailingReceiver('receiver down for maintenance')
  s = await createTestSandbox({ callbackAllowHttp: true, callbackAllowPrivate: true })
  s.services.callbacks.worker.start()
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started))
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
  mkdirSync(SHOTS, { recursive: true })
})

afterAll(async () => {
  if (!available) return
  await browser?.close()
  await s.services.callbacks.worker.stop(100)
  await new Promise((resolve) => server.close(resolve))
  await receiver.close()
})

async function loggedIn(username = 'broker-a'): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true, locale: 'pt-PT' })).newPage()
  await page.goto(`${base}/console`)
  await page.fill('input[name=username]', username)
  await page.fill('input[name=password]', 'sandbox')
  await Promise.all([page.waitForURL(/\/console\/requests$/), page.click('form.login button')])
  return page
}

describe.skipIf(!available)('the partner console in Chromium', () => {
  it('logs in and shows a new request without a reload; the first page is usable in under a second', async () => {
    const page = await loggedIn()
    const started = performance.now()
    await page.goto(`${base}/console/requests`, { waitUntil: 'domcontentloaded' })
    const usableMs = performance.now() - started
    console.info(`console: the requests page usable (DOM ready) ${Math.round(usableMs)} ms after it was asked for`)
    expect(usableMs).toBeLessThan(1000)
    expect(await page.getAttribute('header nav a[aria-current=page]', 'href')).toBe('/console/requests')
    expect(await page.textContent('h1')).toBe('Pedidos')
    await s.call('POST', '/v1/simulations', { body: simulationInput(), headers: { 'X-Request-Id': 'browser-create-1' } })
    await page.waitForSelector('tr[data-request-id="browser-create-1"]', { timeout: 6000 })
    expect(await page.textContent('tr[data-request-id="browser-create-1"]')).toContain('201')
    await page.screenshot({ path: `${SHOTS}/console-requests.png`, fullPage: true })
    await page.click('header a.lang')
    expect(await page.textContent('h1')).toBe('Requests')
  })

  it('opens a refused request and shows each error against the field it names', async () => {
    await s.call('POST', '/v1/simulations', { body: simulationInput({ loanSimulator: { loanAmount: -5 } }), headers: { 'X-Request-Id': 'browser-refused-1' } })
    const page = await loggedIn()
    await page.click('tr[data-request-id="browser-refused-1"] a')
    const row = page.locator('tr.has-error[data-field="loanSimulator.loanAmount"]')
    expect(await row.textContent()).toContain('010104')
    expect(await row.textContent()).toContain('-5')
    expect(await page.textContent('#curl')).toContain("curl -X POST '")
    expect(await page.textContent('pre')).not.toContain('sandbox') // the password of nobody, the token of nobody
    await page.screenshot({ path: `${SHOTS}/console-request-refused.png` })
  })

  it('follows a "Teste Aprovado" journey to Approved by advancing the test clock, and downloads its ESIS', async () => {
    const put = await s.call('PUT', `/${PARTNER_A}/callbacks/5`, { body: { callbackUrl: receiver.hooksUrl } })
    expect(put.status, put.text).toBe(201)
    const { processUniqueId, simulationUniqueId } = await submittedProcess(s, { input: withKeyBorrower('Teste Aprovado') })
    const page = await loggedIn()
    await page.goto(`${base}/console/drive`)
    await page.fill('input[name=seconds]', '35')
    await Promise.all([page.waitForURL(/drive\?done=/), page.click('form[action="/console/drive/advance"] button')])
    expect(await page.textContent('.flash')).toContain('2')
    await page.goto(`${base}/console/processes/${processUniqueId}`)
    expect(await page.getAttribute('#process-status', 'data-status')).toBe('4')
    const steps = await page.locator('.timeline > li').allTextContents()
    expect(steps.at(-1)).toContain('Aprovado')
    expect(steps.at(-1)).toContain('cenário')
    // The repayment chart: one bar pair a year of the 360-month loan, the capital owed falling to 0.
    expect(await page.getAttribute('figure.chart svg', 'data-years')).toBe('30')
    expect(await page.locator('figure.chart rect.capital').count()).toBe(30)
    await page.screenshot({ path: `${SHOTS}/console-process-timeline.png`, fullPage: true })
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[href$="esis.pdf"]')])
    expect(download.suggestedFilename()).toMatch(/\.pdf$/)
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    const ofSimulation = await page.request.get(`${base}/console/simulations/${simulationUniqueId}/esis.pdf`)
    expect(ofSimulation.headers()['content-type']).toBe('application/pdf')
    expect((await ofSimulation.body()).subarray(0, 5).toString()).toBe('%PDF-')
    expect((await s.call('GET', processPath(processUniqueId))).json.processDetail.processStatusId).toBe(4)
  })

  it('drives a process by hand: a status through the workflow, a bank message refused when empty', async () => {
    const processes = (await s.call('GET', '/v1/processes')).json.listProcessDetail as Array<{ processUniqueID: string }>
    const id = processes[0]!.processUniqueID
    const page = await loggedIn()
    // A filter the API refuses is refused here alike, naming the field.
    const refused = await page.goto(`${base}/console/processes?filterProcessStatus=abc`)
    expect(refused?.status()).toBe(400)
    expect(await page.textContent('ul.errors')).toContain('filterProcessStatus')
    await page.goto(`${base}/console/processes/${id}`)
    await page.selectOption('form[action$="/status"] select', '6')
    await Promise.all([page.waitForURL(new RegExp(`/console/processes/${id}$`)), page.click('form[action$="/status"] button')])
    expect(await page.getAttribute('#process-status', 'data-status')).toBe('6')
    expect((await page.locator('.timeline > li').allTextContents()).at(-1)).toContain('controlo do sandbox')
    await page.fill('input[name=messageText]', '   ')
    await page.evaluate("document.querySelector('input[name=messageText]').removeAttribute('required')")
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/message')), page.click('form[action$="/message"] button')])
    expect(response.status()).toBe(400)
    expect(await page.textContent('ul.errors')).toContain('messageText')
    // Callback Echo from the page: a test notification of type 5, in the delivery log like any other
    // (queued behind the process's earlier notification, which is still being retried).
    await page.goto(`${base}/console/processes/${id}`)
    await Promise.all([page.waitForURL(/deliveries\?done=/), page.click('form[action$="/echo"] button')])
    const echoed = /msg_\w+/.exec((await page.textContent('.flash')) ?? '')![0]
    await page.goto(`${base}/console/deliveries/${echoed}`)
    expect(await page.textContent('pre.notification-body')).toContain('"test": true')
  })

  it("shows a failing delivery's attempts with the partner server's answer, and redelivers it", async () => {
    const page = await loggedIn()
    await page.goto(`${base}/console/deliveries?type=5`)
    // In analysis failed twice within the advance; Approved waits behind it (one resource, in order).
    const row = page.locator('tr[data-notification-id]', { hasText: 'receiver down for maintenance' }).first()
    await page.screenshot({ path: `${SHOTS}/console-deliveries.png`, fullPage: true })
    await Promise.all([page.waitForURL(/\/console\/deliveries\/msg_/), row.locator('td a').first().click()])
    expect(await page.locator('table.attempts tbody tr:not(.sent)').count()).toBe(2)
    expect(await page.locator('pre.attempt-headers').first().textContent()).toMatch(/webhook-signature: v1,/)
    expect(await page.textContent('table.attempts')).toContain('receiver down for maintenance')
    // Back to the process the notification is about, whose timeline links the notification.
    const detailUrl = new URL(page.url()).pathname
    await page.click('main p a[href^="/console/processes/"]')
    expect(await page.locator(`.timeline a[href="${detailUrl}"]`).count()).toBe(1)
    await page.goto(`${base}${detailUrl}`)
    const before = receiver.hits()
    await Promise.all([page.waitForURL(/deliveries\/msg_\w+\?done=/), page.click('form[action$="/retry"] button')])
    await expect.poll(() => receiver.hits(), { timeout: 5000 }).toBeGreaterThan(before)
  })

  it("shows another partner none of it, and answers 404 for the first partner's process", async () => {
    const processes = (await s.call('GET', '/v1/processes')).json.listProcessDetail as Array<{ processUniqueID: string }>
    const page = await loggedIn('broker-b')
    expect(await page.locator('tr[data-request-id]').count()).toBe(0)
    await page.goto(`${base}/console/processes`)
    expect(await page.locator('tbody tr').count()).toBe(0)
    const response = await page.goto(`${base}/console/processes/${processes[0]!.processUniqueID}`)
    expect(response?.status()).toBe(404)
    await page.goto(`${base}/console/deliveries`)
    expect(await page.locator('tr[data-notification-id]').count()).toBe(0)
    await page.goto(`${base}/console/search?q=${processes[0]!.processUniqueID}`)
    expect(await page.textContent('#not-found')).toContain(processes[0]!.processUniqueID)
  })

  it('resets the partner data after a confirmation', async () => {
    const page = await loggedIn()
    await page.goto(`${base}/console/drive`)
    await Promise.all([page.waitForURL(/drive\?done=/), page.click('form[action="/console/drive/reset"] button')])
    expect((await s.call('GET', '/v1/processes')).json.totalRecords).toBeGreaterThan(0)
    await page.check('input[name=confirm]')
    await Promise.all([page.waitForURL(/drive\?done=/), page.click('form[action="/console/drive/reset"] button')])
    expect((await s.call('GET', '/v1/processes')).json.totalRecords).toBe(0)
    await page.screenshot({ path: `${SHOTS}/console-drive.png`, fullPage: true })
  })

  it("picks a scenario for the next call to the bank's API, applied once", async () => {
    const page = await loggedIn()
    await page.goto(`${base}/console/scenarios`)
    await Promise.all([page.waitForURL(/scenarios\?done=/), page.click('tr[data-scenario="simulation-not-eligible"] button')])
    expect(await page.textContent('#next-scenario')).toContain('simulation-not-eligible')
    const first = await s.call('POST', '/v1/simulations', { body: simulationInput() })
    expect(first.headers.get('x-sandbox-scenario')).toBe('simulation-not-eligible')
    expect(first.json.additionalData.elegibility).toBe(false)
    const second = await s.call('POST', '/v1/simulations', { body: simulationInput() })
    expect(second.headers.get('x-sandbox-scenario')).toBe(null)
    expect(second.json.additionalData.elegibility).toBe(true)
  })

  it("adds the partner's own scenario from the page, refusing a wrong one by field, and its client triggers it", async () => {
    const page = await loggedIn()
    await page.goto(`${base}/console/scenarios`)
    const document = (reasonCode: string) =>
      JSON.stringify({
        name: 'own-dsti-refusal',
        description: { 'pt-PT': 'Recusa por taxa de esforço', en: 'Refused on DSTI' },
        effects: [{ type: 'simulationEligibility', eligible: false, reasonCode }],
      })
    await page.fill('#scenario-document', document('NO_SUCH_REASON'))
    await page.click('form.scenario-editor button')
    expect(await page.textContent('ul.errors')).toContain('effects.0.reasonCode')
    await page.fill('#scenario-document', document('DSTI_ABOVE_LIMIT'))
    await Promise.all([page.waitForURL(/scenarios\?done=/), page.click('form.scenario-editor button')])
    expect(await page.locator('tr[data-scenario="own-dsti-refusal"]').count()).toBe(1)
    const refused = await s.call('POST', '/v1/simulations', { body: simulationInput(), headers: { 'X-Sandbox-Scenario': 'own-dsti-refusal' } })
    expect(refused.json.additionalData.elegibility).toBe(false)
  })

  it('tries a scenario from the catalogue: "process-approved" plays a process to Submit and opens it, its calls in Requests', async () => {
    const page = await loggedIn()
    await page.goto(`${base}/console/scenarios`)
    await Promise.all([page.waitForURL(/\/console\/processes\/[0-9a-f-]+\?done=/), page.click('tr[data-scenario="process-approved"] button.try')])
    expect(await page.textContent('.flash')).toContain('process-approved')
    expect(await page.getAttribute('#process-status', 'data-status')).toBe('2')
    await page.goto(`${base}/console/requests`)
    await page.waitForSelector('tr:has-text("/submit")')
    expect(await page.locator('tr:has-text("process-approved")').count()).toBeGreaterThan(0)
  })

  it('runs a certification and shows each check with its evidence and advice, live until it ends', async () => {
    expect((await s.call('POST', '/v1/simulations', { body: simulationInput() })).status).toBe(201)
    const page = await loggedIn()
    await page.goto(`${base}/console/certification`)
    await Promise.all([page.waitForURL(/\/console\/certification\/[0-9a-f-]+$/), page.click('form[action="/console/certification/runs"] button')])
    await page.waitForSelector('#run:not([data-status="running"])')
    expect(await page.locator('tr[data-check]').count()).toBe(19)
    expect(await page.getAttribute('tr[data-check="journey-simulation-eligible"]', 'data-status')).toBe('passed')
    // The test's calls send no Accept-Language: the check fails, citing them, with the advice.
    expect(await page.getAttribute('tr[data-check="client-sends-accept-language"]', 'data-status')).toBe('failed')
    expect(await page.locator('tr[data-check="client-sends-accept-language"] a[href^="/console/requests/"]').count()).toBeGreaterThan(0)
    expect(await page.textContent('tr[data-check="client-pages-lists"] .advice')).toContain('nextRecord')
    await page.screenshot({ path: `${SHOTS}/console-certification.png`, fullPage: true })
  })

  // Eleven pages at two widths under axe, a live row and Swagger UI's bundle: more than the default 20 s on a loaded machine.
  it('runs the console and the API reference under their Content-Security-Policy: no violation, live rows still live', { timeout: 60_000 }, async () => {
    const page = await loggedIn()
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`)
    })
    const processes = (await s.call('GET', '/v1/processes')).json.listProcessDetail as Array<{ processUniqueID: string }>
    const delivery = (await s.call('GET', '/sandbox/deliveries')).json.deliveryList[0].notificationId as string
    const pages = [
      '/console/requests',
      '/console/simulations',
      '/console/processes',
      `/console/processes/${processes[0]!.processUniqueID}`,
      '/console/deliveries',
      `/console/deliveries/${delivery}`,
      '/console/drive',
      '/console/scenarios',
      '/console/certification',
      '/console/account',
      '/console/search?q=nothing',
    ]
    // axe-core evaluated through the browser's protocol, not a script tag: the page's policy stays as it is.
    const axe = readFileSync('node_modules/axe-core/axe.min.js', 'utf8')
    const serious: string[] = []
    for (const width of [1400, 390]) {
      await page.setViewportSize({ width, height: 1000 })
      for (const path of pages) {
        await page.goto(`${base}${path}`)
        await page.evaluate(axe)
        const found = (await page.evaluate(
          "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')))",
        )) as string[]
        serious.push(...found.map((v) => `${width} ${path} ${v}`))
      }
    }
    expect(serious, serious.join('\n')).toEqual([])
    await page.setViewportSize({ width: 1400, height: 1000 })
    await page.goto(`${base}/console/requests`)
    await s.call('GET', '/v1/simulations', { headers: { 'X-Request-Id': 'browser-csp-1' } })
    await page.waitForSelector('tr[data-request-id="browser-csp-1"]', { timeout: 6000 })
    await page.goto(`${base}/docs`)
    await page.waitForSelector('.opblock', { timeout: 30000 })
    expect(await page.locator('.opblock').count()).toBeGreaterThan(50)
    expect(violations).toEqual([])
  })

  it('fits its tables in a 1,280 px window: the Requests table shows Status and Duration without scrolling', async () => {
    const { processUniqueId, simulationUniqueId: id } = await submittedProcess(s)
    // Long paths and queries, as a partner's client sends them: the path column wraps, the rest stay in view.
    await s.call('GET', `/v1/simulations/${id}/message?lineCount=50&nextRecord=01a22342-6930-7446-b82f-3a95245341ee&orderBy=createdAt`, {
      headers: { 'X-Request-Id': 'browser-wide-1' },
    })
    await s.call('GET', `/v1/processes/${id}/document/${id}/content?download=true&filename=${'comprovativo-de-rendimentos-'.repeat(3)}.pdf`, {
      headers: { 'X-Request-Id': 'browser-wide-2' },
    })
    const page = await loggedIn()
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${base}/console/requests`)
    await page.waitForSelector('tr[data-request-id="browser-wide-2"]')
    for (const column of [4, 5]) {
      const box = (await page.locator(`table.journal thead th:nth-child(${column})`).boundingBox())!
      expect(box.x + box.width, `column ${column}`).toBeLessThanOrEqual(1280)
    }
    const status = page.locator('tr[data-request-id="browser-wide-2"] td:nth-child(4)')
    expect(await status.isVisible()).toBe(true)
    expect((await status.boundingBox())!.x + (await status.boundingBox())!.width).toBeLessThanOrEqual(1280)
    const overflowing = async () =>
      (await page.evaluate(
        "[...document.querySelectorAll('.scroll')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.querySelector('table')?.className)",
      )) as string[]
    expect(await overflowing()).toEqual([])
    for (const path of [
      '/console/simulations',
      '/console/processes',
      `/console/processes/${processUniqueId}`,
      '/console/deliveries',
      '/console/account',
      '/console/certification',
      '/console/scenarios',
    ]) {
      await page.goto(`${base}${path}`)
      expect(await overflowing(), path).toEqual([])
    }
  })

  it('refuses a form without its CSRF token', async () => {
    const page = await loggedIn()
    const status = await page.evaluate(async () => (await fetch('/console/drive/reset', { method: 'POST', body: new URLSearchParams({ confirm: 'yes' }) })).status)
    expect(status).toBe(403)
  })
})
