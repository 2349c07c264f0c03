// What the event loop does for one 1 MB upload, and in how long a stretch: Document Create, one at a
// time over keep-alive, against a server run with a CPU profile (100 µs samples). From the profile,
// over the uploads' window only: the server's CPU a upload, the stretches of the main thread's
// work without a pause (another request waits behind each: the longest are what a partner sharing
// the process feels), and the functions that took the most, a upload; and the latency of a Simulation
// Detail asked every 5 ms meanwhile (what that partner does feel). With a second checkout
// (built), the same for it first, side by side.
// Usage: node bench/upload-slices.mjs [uploads=40] [other checkout]
//   (builds dist/ first; BENCH_SKIP_BUILD=1 to skip). Server on CPU 0, this script on CPU 1.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { uploadForm } from './partners-support.mjs'
import { EXAMPLE, ensureBuilt, pinBenchToCpu1, ROOT, startSandbox } from './simulations-support.mjs'

const UPLOADS = Number(process.argv[2] ?? 40)
const OTHER = process.argv[3] ? resolve(process.argv[3]) : undefined
if (!pinBenchToCpu1()) process.exit()

const nowMicros = () => Number(process.hrtime.bigint() / 1000n)

/** The uploads against one checkout's build; the profile of its main thread over their window. */
async function measure(root) {
  const dir = mkdtempSync(join(tmpdir(), 'upload-slices-'))
  process.env.BENCH_SERVER_FLAGS = `--cpu-prof --cpu-prof-interval 100 --cpu-prof-dir=${dir}`
  const sandbox = await startSandbox({ root, env: { SANDBOX_RATE_LIMIT: '0', SANDBOX_QUOTA_DOCUMENT_MB: '0' } })
  let window
  let probeWaits
  try {
    const post = async (path, body) =>
      (await (await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: sandbox.headers, body: JSON.stringify(body) })).json()).additionalData
    const simulation = (await post('/v1/simulations', EXAMPLE)).simulationUniqueID
    const process_ = (await post('/v1/processes', { simulationUniqueId: simulation })).processUniqueID
    const form = uploadForm()
    const headers = { Authorization: sandbox.headers.Authorization, 'Content-Type': `multipart/form-data; boundary=${form.boundary}` }
    const upload = async () => {
      const res = await fetch(`${sandbox.url}/v1/processes/${process_}/document`, { method: 'POST', headers, body: form.body })
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`)
      await res.arrayBuffer()
    }
    for (let i = 0; i < 5; i++) await upload()
    // A light request every 5 ms meanwhile: how long another partner's request waits behind the uploads.
    const probe = `${sandbox.url}/v1/simulations/${simulation}`
    let uploading = true
    const waits = []
    const probing = (async () => {
      while (uploading) {
        const started = performance.now()
        await (await fetch(probe, { headers: sandbox.headers })).arrayBuffer()
        waits.push(performance.now() - started)
        await new Promise((r) => setTimeout(r, 5))
      }
    })()
    const from = nowMicros()
    for (let i = 0; i < UPLOADS; i++) await upload()
    window = { from, to: nowMicros() }
    uploading = false
    await probing
    waits.sort((a, b) => a - b)
    probeWaits = { p50: waits[Math.floor(waits.length / 2)], p99: waits[Math.floor(waits.length * 0.99)], max: waits.at(-1) }
  } finally {
    await sandbox.stop()
  }
  // The main thread's profile is the one that ran the server's entry point.
  const profiles = readdirSync(dir).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')))
  rmSync(dir, { recursive: true, force: true })
  const main = profiles.find((p) => p.nodes.some((n) => n.callFrame.functionName === 'serveCommand'))
  return { ...summarize(main, window), probeWaits }
}

function summarize(profile, window) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const name = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`
  const stretches = []
  const inclusive = new Map()
  let at = profile.startTime
  let stretch = 0
  let busy = 0
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]
    const width = (profile.timeDeltas[i + 1] ?? 0) / 1000
    if (at < window.from || at > window.to) continue
    const node = byId.get(profile.samples[i])
    if (node.callFrame.functionName === '(idle)') {
      if (stretch > 0) stretches.push(stretch)
      stretch = 0
      continue
    }
    stretch += width
    busy += width
    const seen = new Set()
    for (let id = node.id; id !== undefined; id = parent.get(id)) seen.add(name(byId.get(id)))
    for (const fn of seen) inclusive.set(fn, (inclusive.get(fn) ?? 0) + width)
  }
  if (stretch > 0) stretches.push(stretch)
  stretches.sort((a, b) => a - b)
  const pick = (p) => stretches[Math.min(stretches.length - 1, Math.floor((p / 100) * stretches.length))] ?? 0
  const top = [...inclusive]
    .filter(([fn]) => !/^\((root|program)\)/.test(fn))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.BENCH_TOP ?? 14))
  return { cpuMs: busy / UPLOADS, stretches: { count: stretches.length / UPLOADS, p50: pick(50), p99: pick(99), max: pick(100) }, top: top.map(([fn, ms]) => [fn, ms / UPLOADS]) }
}

function print(label, r) {
  const s = r.stretches
  console.log(
    `${label}: ${r.cpuMs.toFixed(2)} ms of the main thread a upload; ${s.count.toFixed(1)} stretches a upload, p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, longest ${s.max.toFixed(2)} ms`,
  )
  console.log(
    `  a Simulation Detail meanwhile, every 5 ms: p50 ${r.probeWaits.p50.toFixed(2)} ms, p99 ${r.probeWaits.p99.toFixed(2)} ms, longest ${r.probeWaits.max.toFixed(2)} ms`,
  )
  for (const [fn, ms] of r.top) console.log(`  ${ms.toFixed(3).padStart(7)} ms  ${fn}`)
}

ensureBuilt()
if (OTHER) print(`other (${OTHER})`, await measure(OTHER))
print(`this (${ROOT})`, await measure(ROOT))
