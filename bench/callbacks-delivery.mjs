// Callback delivery bench: 1,000 notifications, each committed in its own transaction (as a real
// change would), delivered by the worker to a local HTTPS receiver that verifies signatures.
// Measures commit → receipt latency, and checks that none is lost and none is duplicated on 2xx.
//
//   node --import tsx bench/callbacks-delivery.mjs              paced at 200 notifications/s
//   node --import tsx bench/callbacks-delivery.mjs --rate=500   another pace
//   node --import tsx bench/callbacks-delivery.mjs --burst      all at once (queueing shows)
//
// Exits 1 when a paced run misses p95 < 50 ms or loses or duplicates a notification.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { createAppDeps } from '../src/app/composition-root.ts'
import { simulationStatusChanged } from '../src/modules/callbacks/notification-events.ts'
import { systemClock } from '../src/platform/clock.ts'
import { testConfig } from '../src/platform/config.ts'
import { prepareDatabase } from '../src/db/prepare-database.ts'
import { createThrowawayCa } from '../test/modules/callbacks/support/throwaway-ca.ts'

const TOTAL = 1000
// Not measured: the first deliveries open the TLS connections and warm the JIT.
const WARM_UP = 50
const RESOURCES = 100
const PARTNER = '7d1c3f2a-5b6e-4c8d-9a0f-1e2d3c4b5a60'
const burst = process.argv.includes('--burst')
const rate = Number(/--rate=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 200)

const ca = createThrowawayCa()
const dir = mkdtempSync(join(tmpdir(), 'callbacks-bench-'))
const { db } = prepareDatabase(join(dir, 'bench.db'))
const config = testConfig({ callbackAllowPrivate: true, callbackCaFile: ca.caFile })
const deps = createAppDeps({ config, db, clock: systemClock })

// The receiver runs on its own thread, as a partner's server would run elsewhere: it verifies each
// signature with the standardwebhooks library and reports (webhook-id, absolute receipt time).
const RECEIVER = `
const https = require('node:https')
const { Webhook } = require('standardwebhooks')
const { parentPort, workerData } = require('node:worker_threads')
const verifier = new Webhook(workerData.secret)
const server = https.createServer({ cert: workerData.cert, key: workerData.key }, (req, res) => {
  const chunks = []
  req.on('data', (c) => chunks.push(c))
  req.on('end', () => {
    const at = performance.timeOrigin + performance.now()
    let verified = true
    try { verifier.verify(Buffer.concat(chunks).toString('utf8'), req.headers) } catch { verified = false }
    res.writeHead(204).end()
    parentPort.postMessage({ id: req.headers['webhook-id'], at, verified })
  })
})
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }))
`
const secret = 'whsec_' + Buffer.alloc(32, 1).toString('base64')
const received = new Map() // webhook-id → absolute receipt times
let failedSignatures = 0
const receiver = new Worker(RECEIVER, { eval: true, workerData: { cert: ca.cert, key: ca.key, secret } })
const port = await new Promise((resolve) => {
  receiver.on('message', (m) => {
    if (m.port) return resolve(m.port)
    if (!m.verified) failedSignatures++
    received.set(m.id, [...(received.get(m.id) ?? []), m.at])
  })
})
const url = `https://127.0.0.1:${port}/hooks`

const now = new Date().toISOString()
deps.callbacks.configurations.insert({ partnerUniqueID: PARTNER, notificationTypeId: 6, callbackUrl: url, signingSecret: secret, now })
deps.callbacks.worker.start()

const simulations = Array.from({ length: RESOURCES }, () => randomUUID())
const committedAt = new Map()
const publishOne = (i, measured = true) => {
  const id = db.transaction(() =>
    deps.notifications.publish(
      simulationStatusChanged({
        partnerUniqueID: PARTNER,
        simulationUniqueId: simulations[i % RESOURCES],
        simulationStatusId: 1 + (i % 5),
        simulationStatusDescription: 'bench',
      }),
    ),
  )()
  if (measured) committedAt.set(id, performance.timeOrigin + performance.now())
  return id
}

const warmUp = Array.from({ length: WARM_UP }, (_, i) => publishOne(i, false))
while (!warmUp.every((id) => received.has(id))) await new Promise((resolve) => setTimeout(resolve, 10))

// Stalls of the sandbox's event loop (its own work, or a busy machine) explain latency outliers.
const loopDelay = monitorEventLoopDelay({ resolution: 5 })
loopDelay.enable()
const cpuBefore = process.cpuUsage()
const started = performance.now()
const startedAt = performance.timeOrigin + started
if (burst) for (let i = 0; i < TOTAL; i++) publishOne(i)
else {
  // Timers fire late under load: publish whatever is due by now, then yield to the worker.
  for (let i = 0; i < TOTAL; ) {
    const due = Math.min(TOTAL, Math.floor(((performance.now() - started) * rate) / 1000) + 1)
    while (i < due) publishOne(i++)
    await new Promise((resolve) => setTimeout(resolve, 1))
  }
}
const publishedIn = performance.now() - started

const deadline = Date.now() + 30_000
while (received.size < TOTAL + WARM_UP && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
const cpu = process.cpuUsage(cpuBefore)
loopDelay.disable()
// Late duplicates would show up here.
await new Promise((resolve) => setTimeout(resolve, 500))
const finishedIn = Math.max(...[...committedAt.keys()].map((id) => received.get(id)?.[0] ?? 0)) - startedAt

const latencies = [...committedAt].filter(([id]) => received.has(id)).map(([id, at]) => received.get(id)[0] - at).sort((a, b) => a - b)
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]
const lost = [...committedAt.keys()].filter((id) => !received.has(id)).length
const duplicated = [...received.values()].filter((t) => t.length > 1).length
const statuses = Object.fromEntries(db.prepare('SELECT status, COUNT(*) AS n FROM notification GROUP BY status').all().map((r) => [r.status, r.n]))

const report = {
  mode: burst ? 'burst' : `paced ${rate}/s`,
  warmUp: WARM_UP,
  notifications: TOTAL,
  resources: RESOURCES,
  publishedInMs: Math.round(publishedIn),
  lastReceiptAfterMs: Math.round(finishedIn),
  throughputPerS: Math.round((TOTAL / finishedIn) * 1000),
  // Whole process: the receiver thread's share included.
  cpuMsPerNotification: +((cpu.user + cpu.system) / 1000 / TOTAL).toFixed(3),
  eventLoopDelayMs: { p99: +(loopDelay.percentile(99) / 1e6).toFixed(1), max: +(loopDelay.max / 1e6).toFixed(1) },
  loadAverage1m: +loadavg()[0].toFixed(2),
  commitToReceiptMs: { p50: +pct(50).toFixed(2), p95: +pct(95).toFixed(2), p99: +pct(99).toFixed(2), max: +latencies.at(-1).toFixed(2) },
  received: [...committedAt.keys()].filter((id) => received.has(id)).length,
  lost,
  duplicated,
  failedSignatures,
  outbox: statuses,
}
console.log(JSON.stringify(report, null, 2))

await deps.callbacks.worker.stop()
await receiver.terminate()
db.close()
rmSync(dir, { recursive: true, force: true })
ca.remove()
const ok = lost === 0 && duplicated === 0 && failedSignatures === 0 && (burst || report.commitToReceiptMs.p95 < 50)
process.exit(ok ? 0 : 1)
