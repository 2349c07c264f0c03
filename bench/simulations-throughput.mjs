// Simulation Create and Simulation Detail throughput against a real server on one core
// (issue 3 "Done when": Create >= 3,000 req/s, Detail >= 15,000 req/s).
// Usage: node bench/simulations-throughput.mjs [seconds]   (builds dist/ first; BENCH_SKIP_BUILD=1 to skip)
import autocannon from 'autocannon'
import { EXAMPLE, ensureBuilt, fmt, startSandbox } from './simulations-support.mjs'

const DURATION = Number(process.argv[2] ?? 10)
const TARGETS = { create: 3000, detail: 15000 }

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: 50, pipelining: 1, duration: DURATION, ...options }, (error, result) => (error ? reject(error) : resolve(result)))
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false })
  })
}

function report(name, result, target) {
  // autocannon counts a request by its answer: 2xx only, or the figure means nothing.
  const rps = result.requests.average
  const failures = result.non2xx + result.errors + result.timeouts
  console.log(
    `${name.padEnd(8)} ${fmt(rps).padStart(7)} req/s  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms  ` +
      `(${fmt(result.requests.total)} requests, ${failures} failed)  target ${fmt(target)}: ${rps >= target && failures === 0 ? 'PASS' : 'FAIL'}`,
  )
  return rps >= target && failures === 0
}

ensureBuilt()
const sandbox = await startSandbox()
try {
  console.log(`sandbox at ${sandbox.url}, server ${sandbox.pinned ? 'pinned to CPU 0' : 'not pinned'}, ${DURATION} s per run, 50 connections`)
  let n = 0
  // Every request a different simulation (amount, term, name), so nothing can be served from a cache.
  const create = await run({
    url: `${sandbox.url}/v1/simulations`,
    method: 'POST',
    headers: sandbox.headers,
    requests: [
      {
        setupRequest(request) {
          n += 1
          const body = structuredClone(EXAMPLE)
          body.loanSimulator.loanAmount = 150000 + (n % 1000) * 50
          body.loanSimulator.loanDurationMonths = 240 + (n % 10) * 12
          body.borrowersSimulator.keyBorrowerName = `Cliente ${n} Martins`
          return { ...request, body: JSON.stringify(body) }
        },
      },
    ],
  })
  const created = await fetch(`${sandbox.url}/v1/simulations`, { method: 'POST', headers: sandbox.headers, body: JSON.stringify(EXAMPLE) })
  const { simulationUniqueID } = (await created.json()).additionalData
  const detail = await run({ url: `${sandbox.url}/v1/simulations/${simulationUniqueID}`, headers: sandbox.headers })
  // The ceiling of this machine at this moment: the cheapest operation, through the same stack.
  const baseline = await run({ url: `${sandbox.url}/v1/health/version` })
  const ok = [report('Create', create, TARGETS.create), report('Detail', detail, TARGETS.detail)]
  console.log(`Baseline ${fmt(baseline.requests.average).padStart(7)} req/s  GET /v1/health/version (no token, no work): what this machine serves now`)
  process.exitCode = ok.every(Boolean) ? 0 : 1
} finally {
  await sandbox.stop()
}
