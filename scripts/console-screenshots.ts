// Screenshots of the partner console's main pages for docs/console.md (docs/console/*.png), 1400 px wide:
// a sandbox in memory plays a sample journey (a process tried from the scenario catalogue, moved to
// Approved by the test clock, a message each way, its notifications delivered to a receiver that
// fails once; a refused request), then Chromium saves each page.
// Usage: npx tsx scripts/console-screenshots.ts   (CHROMIUM_PATH, default /usr/bin/chromium)
import { serve, type ServerType } from '@hono/node-server'
import { mkdirSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium } from 'playwright-core'
import { testConfig } from '../src/platform/config.ts'
import { fromRoot } from '../src/platform/package-root.ts'
import { openSandbox } from '../src/app/server.ts'
import { SAMPLE_JOURNEY } from '../src/modules/sandbox-control/index.ts'

const ELIGIBLE_SIMULATION = SAMPLE_JOURNEY.eligibleSimulation

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const OUT = fromRoot('docs/console')
const WIDTH = 1400

// A partner's server that is down for its first call and up after: the deliveries show both.
let received = 0
const receiver = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    received += 1
    if (received === 1) res.writeHead(503, { 'Content-Type': 'text/plain' }).end('receiver down for maintenance')
    else res.writeHead(204).end()
  })
})
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))

const { app, sandbox } = openSandbox({ config: testConfig({ callbackAllowHttp: true, callbackAllowPrivate: true }) })
const server = await new Promise<ServerType>((resolve) => {
  const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started))
})
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

async function call(method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      'Accept-Language': 'pt-PT',
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : undefined }
}

const token = (await call('POST', '/v1/authentication', null, { username: 'broker-a', password: 'sandbox' })).json.accessToken as string
const partner = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).partnerUniqueID as string
for (const type of [5, 7]) await call('PUT', `/${partner}/callbacks/${type}`, token, { callbackUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks` })
sandbox.callbacks.worker.start()

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
try {
  const page = await (await browser.newContext({ locale: 'pt-PT', viewport: { width: WIDTH, height: 1000 } })).newPage()
  await page.goto(`${base}/console`)
  await page.fill('input[name=username]', 'broker-a')
  await page.fill('input[name=password]', 'sandbox')
  await Promise.all([page.waitForURL(/\/console\/requests$/), page.click('form.login button')])

  // The journey: a process to Submit, as "try it" plays it; a message each way; Approved by the test clock.
  await page.goto(`${base}/console/scenarios`)
  await Promise.all([page.waitForURL(/\/console\/processes\/[0-9a-f-]+\?done=/), page.click('tr[data-scenario="process-approved"] button.try')])
  const processUniqueId = /processes\/([0-9a-f-]+)/.exec(page.url())![1]!
  await call('POST', `/v1/processes/${processUniqueId}/message`, token, { messageText: 'Enviamos a caderneta predial atualizada.' })
  await call('POST', `/sandbox/processes/${processUniqueId}/message`, token, { messageText: 'Precisamos do último recibo de vencimento do primeiro titular.' })
  await call('POST', '/sandbox/clock/advance', token, { seconds: 60 })
  // A refused Create, its errors beside the fields they name.
  await call(
    'POST',
    '/v1/simulations',
    token,
    { ...ELIGIBLE_SIMULATION, loanSimulator: { ...ELIGIBLE_SIMULATION.loanSimulator, loanAmount: -5 } },
    { 'X-Request-Id': 'refused-create' },
  )
  // Every notification tried once at least (the first refused by the receiver).
  for (let waited = 0; waited < 10_000; waited += 100) {
    const deliveries = (await call('GET', '/sandbox/deliveries', token)).json.deliveryList as Array<{ attempts: number }>
    if (deliveries.length > 0 && deliveries.every((d) => d.attempts > 0)) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  mkdirSync(OUT, { recursive: true })
  const shots: Array<[string, string]> = [
    ['process', `/console/processes/${processUniqueId}`],
    ['deliveries', '/console/deliveries'],
    ['request', '/console/requests/refused-create'],
    ['account', '/console/account'],
  ]
  for (const [name, path] of shots) {
    await page.goto(`${base}${path}`)
    const file = `${OUT}/${name}.png`
    // One screen (1400 × 1000): what a partner sees on opening the page, within ~200 KB a picture.
    await page.screenshot({ path: file })
    process.stdout.write(`${file}: ${Math.round(statSync(file).size / 1024)} KB\n`)
  }
} finally {
  await browser.close()
  await sandbox.callbacks.worker.stop(100)
  server.close()
  receiver.close()
  await sandbox.esisRenders?.stop?.()
}
process.exit(0)
