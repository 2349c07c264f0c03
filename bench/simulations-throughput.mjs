// Simulation Create and Simulation Detail throughput against a real server on one core
// (the targets: Create >= 3,000 req/s, Detail >= 15,000 req/s).
// Usage: node bench/simulations-throughput.mjs [seconds per run] [rounds]
//   (builds dist/ first; BENCH_SKIP_BUILD=1 to skip). The server runs on CPU 0, this script and its
//   autocannon on CPU 1. After a 3 s warm-up of each server, each round runs Create, Detail and the
//   baseline; the verdict is on the median
//   round. Shared machines drift by a third from one minute to the next: the server's CPU time per
//   request (from /proc) is printed too, as the figure that does not depend on the neighbours.
import { createRequests, ensureBuilt, EXAMPLE, fmt, median, pinBenchToCpu1, run, settle, startSandbox } from './simulations-support.mjs'

const DURATION = Number(process.argv[2] ?? 10)
const ROUNDS = Number(process.argv[3] ?? 3)
const TARGETS = { create: 3000, detail: 15000 }

if (!pinBenchToCpu1()) process.exit()

function line(name, r, target) {
  const verdict = target === undefined ? '' : `  target ${fmt(target)}: ${r.rps >= target && r.failures === 0 ? 'PASS' : 'FAIL'}`
  return `${name.padEnd(8)} ${fmt(r.rps).padStart(7)} req/s  p50 ${r.p50} ms, p99 ${r.p99} ms  server CPU ${Math.round(r.cpuPerRequest)} µs/request  (${fmt(r.total)} requests, ${r.failures} failed)${verdict}`
}

ensureBuilt()
// Two servers, each on CPU 0 and idle while the other is measured: Create runs on one, Detail and
// the baseline on the other, whose heap and WAL never hold the garbage and pages of the creates.
const writes = await startSandbox()
const reads = await startSandbox()
try {
  console.log(`servers ${writes.pinned ? 'on CPU 0, autocannon on CPU 1' : 'not pinned'}, ${DURATION} s per run, 50 connections, ${ROUNDS} rounds`)
  const created = await fetch(`${reads.url}/v1/simulations`, { method: 'POST', headers: reads.headers, body: JSON.stringify(EXAMPLE) })
  const { simulationUniqueID } = (await created.json()).additionalData
  // Every request a different simulation (amount, term, name), so nothing can be served from a cache.
  const newCreates = createRequests(writes)
  const creates = (duration = DURATION) => newCreates(duration)
  const details = (duration = DURATION) => ({ duration, url: `${reads.url}/v1/simulations/${simulationUniqueID}`, headers: reads.headers })
  // Warm-up, not counted: the first seconds of a fresh server compile its code.
  await run(writes, creates(3), DURATION)
  await run(reads, details(3), DURATION)
  const rounds = []
  for (let round = 1; round <= ROUNDS; round++) {
    await settle(writes.pid)
    const create = await run(writes, creates(), DURATION)
    await settle(writes.pid)
    const detail = await run(reads, details(), DURATION)
    // The ceiling of this machine at this moment: the cheapest operation, through the same stack.
    const baseline = await run(reads, { url: `${reads.url}/v1/health/version` }, DURATION)
    rounds.push({ create, detail, baseline })
    console.log(`round ${round}: Create ${fmt(create.rps)}, Detail ${fmt(detail.rps)}, baseline ${fmt(baseline.rps)} req/s`)
  }
  const middle = (key) => {
    const rps = median(rounds.map((r) => r[key].rps))
    return rounds.map((r) => r[key]).find((r) => r.rps === rps)
  }
  const create = middle('create')
  const detail = middle('detail')
  console.log('median round:')
  console.log(line('Create', create, TARGETS.create))
  console.log(line('Detail', detail, TARGETS.detail))
  console.log(`${line('Baseline', middle('baseline'))}  GET /v1/health/version (no token, no work): what this machine serves now`)
  process.exitCode = create.rps >= TARGETS.create && !create.failures && detail.rps >= TARGETS.detail && !detail.failures ? 0 : 1
} finally {
  await Promise.all([writes.stop(), reads.stop()])
}
