// Capacity of one instance: 1,000 partners sign up, log in and register a
// callback to a real receiver; then their traffic is replayed at rising overall rates, an open loop
// (each request on its schedule): Simulation Create, Detail and List, Process Create (its callback
// delivered for real), Process Detail and List, the account view. The figure: at each rate, the
// p95 and p99 of every answer, and whether any was lost.
// Usage: node bench/partners-capacity.mjs [partners] [seconds per step] [rates, comma-separated]
//   (builds dist/ first; BENCH_SKIP_BUILD=1 to skip). Server on CPU 0, this script on CPU 1.
import http from 'node:http'
import { HOSTED_ENV, openLoop, signUp } from './partners-support.mjs'
import { EXAMPLE, cpuMicros, ensureBuilt, fmt, pinBenchToCpu1, settle, startSandbox } from './simulations-support.mjs'

const PARTNERS = Number(process.argv[2] ?? 1000)
const SECONDS = Number(process.argv[3] ?? 15)
const RATES = (process.argv[4] ?? '250,500,1000,1500,2500').split(',').map(Number)
// Enough unused simulations for every process create of the steps (5% of the requests).
const SPARE_SIMULATIONS = Math.ceil((RATES.reduce((a, b) => a + b, 0) * SECONDS * 0.05) / PARTNERS) + 2

if (!pinBenchToCpu1()) process.exit()
// Each partner stays within the hosted default of 20 requests a second: the bench measures the
// instance, not the rate limit.
Object.assign(process.env, HOSTED_ENV, { SANDBOX_CALLBACK_ALLOW_HTTP: 'true', SANDBOX_CALLBACK_ALLOW_PRIVATE: 'true' })

// The partners' callback receiver: answers 204 and counts what arrives.
let delivered = 0
const receiver = http.createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    delivered += 1
    res.writeHead(204).end()
  })
})
await new Promise((r) => receiver.listen(0, '127.0.0.1', r))
const hook = `http://127.0.0.1:${receiver.address().port}/hooks`

ensureBuilt()
const sandbox = await startSandbox()
try {
  const started = performance.now()
  const partners = []
  // Sixteen at a time: sign-up hashes a password (scrypt), as a login does.
  for (let i = 0; i < PARTNERS; i += 16) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(16, PARTNERS - i) }, async (_, j) => {
        const partner = await signUp(sandbox.url, `Parceiro ${i + j + 1}`)
        const put = await fetch(`${sandbox.url}/${partner.partnerUniqueID}/callbacks/1`, { method: 'PUT', headers: partner.headers, body: JSON.stringify({ callbackUrl: hook }) })
        if (put.status >= 300) throw new Error(`callback registration answered ${put.status}: ${await put.text()}`)
        // One simulation to read, and spare ones for the process creates (one process a simulation).
        const simulations = []
        for (let k = 0; k < 1 + SPARE_SIMULATIONS; k++) {
          const created = await fetch(`${sandbox.url}/v1/simulations`, { method: 'POST', headers: partner.headers, body: JSON.stringify(EXAMPLE) })
          simulations.push((await created.json()).additionalData.simulationUniqueID)
        }
        partner.simulations = simulations.slice(0, 1)
        partner.spare = simulations.slice(1)
        partner.processes = []
        return partner
      }),
    )
    partners.push(...batch)
  }
  console.log(`${PARTNERS} partners signed up, logged in, a callback and a simulation each, in ${((performance.now() - started) / 1000).toFixed(1)} s`)

  // A partner's developer at work: reads more than writes, a process now and then.
  const MIX = [
    ['simulation create', 25],
    ['simulation detail', 30],
    ['simulation list', 15],
    ['process create', 5],
    ['process detail', 10],
    ['process list', 10],
    ['account', 5],
  ]
  const weights = MIX.flatMap(([name, weight]) => Array(weight).fill(name))
  let n = 0
  // A seeded generator (mulberry32): every run replays the same traffic.
  let seed = 12345
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const next = () => {
    n += 1
    let p = partners[Math.floor(random() * partners.length)]
    const kind = weights[n % weights.length]
    const headers = p.headers
    switch (kind) {
      case 'simulation create': {
        const body = structuredClone(EXAMPLE)
        // Odd multiples of 25: never a scenario's magic amount (150 150 is slow-response's 1.5 s).
        body.loanSimulator.loanAmount = 150025 + (n % 1000) * 50
        return { method: 'POST', path: '/v1/simulations', headers, body: JSON.stringify(body) }
      }
      case 'simulation detail':
        return { path: `/v1/simulations/${p.simulations[n % p.simulations.length]}`, headers }
      case 'simulation list':
        return { path: '/v1/simulations?pageSize=20', headers }
      case 'process create': {
        for (let k = 1; p.spare.length === 0 && k < partners.length; k++) p = partners[(partners.indexOf(p) + 1) % partners.length]
        const simulationUniqueId = p.spare.pop()
        if (simulationUniqueId === undefined) throw new Error('no spare simulation left: raise SPARE_SIMULATIONS')
        return { method: 'POST', path: '/v1/processes', headers: p.headers, body: JSON.stringify({ simulationUniqueId }) }
      }
      case 'process detail':
        return p.processes.length ? { path: `/v1/processes/${p.processes[n % p.processes.length]}`, headers } : { path: '/v1/processes?pageSize=20', headers }
      case 'process list':
        return { path: '/v1/processes?pageSize=20', headers }
      default:
        return { path: '/sandbox/account', headers }
    }
  }
  // Process ids for the details: one process per partner made before the steps.
  for (const p of partners) {
    const res = await fetch(`${sandbox.url}/v1/processes`, { method: 'POST', headers: p.headers, body: JSON.stringify({ simulationUniqueId: p.spare.pop() }) })
    const body = await res.json()
    if (res.status !== 201) throw new Error(`process create answered ${res.status}: ${JSON.stringify(body)}`)
    p.processes.push(body.additionalData.processUniqueID)
  }

  console.log(`steps of ${SECONDS} s; the mix: ${MIX.map(([name, w]) => `${name} ${w}%`).join(', ')}`)
  for (const rate of RATES) {
    await settle(sandbox.pid)
    const cpu = cpuMicros(sandbox.pid)
    const before = delivered
    const r = await openLoop(sandbox.url, next, { rate, seconds: SECONDS, sockets: 128 })
    const busy = (cpuMicros(sandbox.pid) - cpu) / 1e6 / SECONDS
    console.log(
      `${fmt(rate).padStart(6)} req/s asked, ${fmt(r.achieved).padStart(6)} answered: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; server CPU ${(busy * 100).toFixed(0)}% of a core; ${delivered - before} callbacks delivered; ${r.failed} lost; answers ${JSON.stringify(r.statuses)}`,
    )
  }
} finally {
  await sandbox.stop()
  receiver.close()
}
