// mortgage-sandbox listen: a notification's time from its commit to the local server, through a
// listener (stream → command line → local POST) against a direct delivery to a local address, in the
// same run (both get each notification); then the sandbox's RSS with 100 listeners connected.
//
//   node --import tsx bench/listen-latency.mjs                 1,000 notifications paced at 100/s
//   node --import tsx bench/listen-latency.mjs --total=200 --rate=50 --listeners=20   a brief run
//
// The sandbox runs in this process (its publisher is called directly, one transaction a notification,
// as a change would); the command line and the local receiver each in a process of their own, as on
// a developer's laptop. The RSS is read from a sandbox of its own (`mortgage-sandbox serve`).
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { serve } from '@hono/node-server'
import { readFileSync } from 'node:fs'
import { systemClock } from '../src/platform/clock.ts'
import { testConfig } from '../src/platform/config.ts'
import { simulationStatusChanged } from '../src/modules/callbacks/notification-events.ts'
import { openSandbox } from '../src/app/server.ts'

const arg = (name, fallback) => Number(new RegExp(`--${name}=(\\d+)`).exec(process.argv.join(' '))?.[1] ?? fallback)
const TOTAL = arg('total', 1000)
const RATE = arg('rate', 100)
const LISTENERS = arg('listeners', 100)
const WARM_UP = 20
const PARTNER = '7d1c3f2a-5b6e-4c8d-9a0f-1e2d3c4b5a60'
const CLI = new URL('../src/cli.ts', import.meta.url).pathname

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const round = (n) => Math.round(n * 10) / 10

// The local server: answers 200 and tells the time of each receipt, by path (/direct or /listen).
const received = { direct: new Map(), listen: new Map() }
const receiver = http.createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    received[req.url === '/direct' ? 'direct' : 'listen'].set(String(req.headers['webhook-id']), performance.timeOrigin + performance.now())
    res.writeHead(200).end('ok')
  })
})
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve))
const local = `http://127.0.0.1:${receiver.address().port}`

const config = testConfig({ callbackAllowHttp: true, callbackAllowPrivate: true, listenersPerPartner: null, logLevel: 'silent' })
const { app, db, sandbox } = openSandbox({ config, clock: systemClock })
sandbox.callbacks.worker.start()
const server = await new Promise((resolve) => {
  const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
})
const url = `http://127.0.0.1:${server.address().port}`
const token = (
  await (
    await fetch(`${url}/v1/authentication`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'broker-a', password: 'sandbox' }),
    })
  ).json()
).accessToken
const registered = await fetch(`${url}/${PARTNER}/callbacks/6`, {
  method: 'PUT',
  headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  body: JSON.stringify({ callbackUrl: `${local}/direct` }),
})
if (registered.status >= 300) throw new Error(`registration: ${registered.status} ${await registered.text()}`)

// The command line as a developer runs it.
const cli = spawn(process.execPath, ['--import', 'tsx', CLI, 'listen', '--url', url, '--token', token, '--forward-to', `${local}/listen`, '--types', '6'], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
await new Promise((resolve, reject) => {
  let output = ''
  cli.stdout.on('data', (chunk) => {
    output += chunk
    if (output.includes('Ready!')) resolve()
  })
  cli.once('exit', (code) => reject(new Error(`listen exited ${code}: ${output}`)))
})
cli.stdout.resume()

const resources = Array.from({ length: 100 }, () => randomUUID())
const committedAt = new Map()
const publish = db.transaction((i) =>
  sandbox.callbacks.publisher.publish(
    simulationStatusChanged({
      partnerUniqueID: PARTNER,
      brokerId: 1001,
      simulationUniqueId: resources[i % resources.length],
      simulationStatusId: 1 + (i % 5),
      simulationStatusDescription: 'bench',
    }),
  ),
)
const waitFor = async (ids, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs
  while (!ids.every((id) => received.direct.has(id) && received.listen.has(id)) && Date.now() < deadline) await sleep(10)
}

await waitFor(Array.from({ length: WARM_UP }, (_, i) => publish(i)))
const started = performance.now()
for (let i = 0; i < TOTAL;) {
  const due = Math.min(TOTAL, Math.floor(((performance.now() - started) * RATE) / 1000) + 1)
  while (i < due) {
    const id = publish(i++)
    committedAt.set(id, performance.timeOrigin + performance.now())
  }
  await sleep(1)
}
await waitFor([...committedAt.keys()])
const latencies = (path) =>
  [...committedAt]
    .filter(([id]) => received[path].has(id))
    .map(([id, at]) => received[path].get(id) - at)
    .sort((a, b) => a - b)
const through = { listen: latencies('listen'), direct: latencies('direct') }
const report = {
  notifications: TOTAL,
  pacedPerSecond: RATE,
  listenMs: { p50: round(pct(through.listen, 50)), p95: round(pct(through.listen, 95)), max: round(through.listen.at(-1)), lost: TOTAL - through.listen.length },
  directMs: { p50: round(pct(through.direct, 50)), p95: round(pct(through.direct, 95)), max: round(through.direct.at(-1)), lost: TOTAL - through.direct.length },
}
cli.kill('SIGINT')
await sandbox.callbacks.worker.stop(100)
server.close()
db.close()

// The RSS of a sandbox of its own with LISTENERS streams open (a process that does nothing else).
const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve'], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SANDBOX_DB: ':memory:', LOG_LEVEL: 'info', LOG_FORMAT: 'json', SANDBOX_LISTENERS_PER_PARTNER: '0' },
  stdio: ['ignore', 'pipe', 'inherit'],
})
const childUrl = await new Promise((resolve) => {
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
    const line = output.split('\n').find((l) => l.includes('sandbox listening'))
    if (line) resolve(JSON.parse(line).url)
  })
})
child.stdout.resume()
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024
const childToken = (
  await (
    await fetch(`${childUrl}/v1/authentication`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'broker-a', password: 'sandbox' }),
    })
  ).json()
).accessToken
await sleep(1000)
const before = rssMb()
const streams = []
for (let i = 0; i < LISTENERS; i++) {
  const res = await fetch(`${childUrl}/sandbox/listen`, { headers: { Authorization: `Bearer ${childToken}` } })
  if (res.status !== 200) throw new Error(`listener ${i}: ${res.status}`)
  const reader = res.body.getReader()
  await reader.read()
  streams.push(reader)
}
await sleep(1000)
report.rss = { listeners: LISTENERS, beforeMb: round(before), withListenersMb: round(rssMb()), perListenerKb: round(((rssMb() - before) * 1024) / LISTENERS) }
for (const reader of streams) await reader.cancel().catch(() => undefined)
child.kill('SIGTERM')
receiver.close()
console.log(JSON.stringify(report, null, 2))
process.exit(0)
