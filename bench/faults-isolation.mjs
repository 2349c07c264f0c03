// Another partner's latency while one partner holds network faults: the p50/p95/p99 of broker-b's
// reads (a reference list and Simulation List) with no fault in flight, then with FAULTS `timeout`
// faults of broker-a held open, rounds alternating. The target: p95 with faults within 1.5 times p95
// without (docs/decisions/0305-network-faults.md).
// Usage: node bench/faults-isolation.mjs [seconds per run] [rounds] [faults in flight]
//   Build first (npm run build) or let it build. The lead measures on a quiet machine.
import { ensureBuilt, fmt, startSandbox } from './simulations-support.mjs'

const DURATION = Number(process.argv[2] ?? 5)
const ROUNDS = Number(process.argv[3] ?? 2)
const FAULTS = Number(process.argv[4] ?? 100)
const CONCURRENCY = 10

ensureBuilt()
const sandbox = await startSandbox({
  env: { SANDBOX_FAULT_TIMEOUT_MS: '600000', SANDBOX_FAULTS_HELD: String(FAULTS * 2), SANDBOX_FAULTS_HELD_PER_PARTNER: String(FAULTS * 2) },
})
const login = await fetch(`${sandbox.url}/v1/authentication`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ username: 'broker-b', password: 'sandbox' }),
})
const other = { Authorization: `Bearer ${(await login.json()).accessToken}` }
const paths = ['/v1/taxonomy/genders', '/v1/simulations']

/** CONCURRENCY clients reading as broker-b for `seconds`: every request's latency in ms. */
async function measure(seconds) {
  const latencies = []
  let failures = 0
  const until = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = worker; performance.now() < until; i += 1) {
        const started = performance.now()
        const res = await fetch(`${sandbox.url}${paths[i % paths.length]}`, { headers: other })
        await res.arrayBuffer()
        if (res.status !== 200) failures += 1
        latencies.push(performance.now() - started)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
  return { count: latencies.length, failures, p50: at(0.5), p95: at(0.95), p99: at(0.99) }
}

/** FAULTS `timeout` faults of broker-a, held until `release`. */
async function holdFaults() {
  const controller = new AbortController()
  const held = Array.from({ length: FAULTS }, () =>
    fetch(`${sandbox.url}/v1/taxonomy/genders`, { headers: { ...sandbox.headers, 'X-Sandbox-Scenario': 'timeout' }, signal: controller.signal }).catch(() => undefined),
  )
  // Give them time to arrive and be held.
  await new Promise((resolve) => setTimeout(resolve, 500))
  return async () => {
    controller.abort()
    await Promise.all(held)
  }
}

const line = (name, r) =>
  `${name.padEnd(16)} ${fmt(r.count).padStart(8)} req  p50 ${fmt(r.p50, 1).padStart(6)} ms  p95 ${fmt(r.p95, 1).padStart(6)} ms  p99 ${fmt(r.p99, 1).padStart(6)} ms  failures ${r.failures}`
try {
  await measure(1) // warm-up
  for (let round = 1; round <= ROUNDS; round += 1) {
    const quiet = await measure(DURATION)
    const release = await holdFaults()
    const faulted = await measure(DURATION)
    await release()
    console.log(`round ${round}`)
    console.log(line('no faults', quiet))
    console.log(line(`${FAULTS} faults held`, faulted))
    console.log(`p95 ratio ${fmt(faulted.p95 / quiet.p95, 2)} (target ≤ 1.5)`)
  }
} finally {
  await sandbox.stop()
}
