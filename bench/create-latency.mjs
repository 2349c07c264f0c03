// Simulation Create's latency tail: p50, p90, p99 and max at 10 connections (a partner's realistic
// concurrency), round after round, optionally side by side with another build (rounds alternating
// A B, then B A, so a drift of the machine weighs on both alike).
// Usage: node bench/create-latency.mjs [other checkout] [seconds per run] [rounds]
//   BENCH_CONNECTIONS=n changes the 10 connections; BENCH_SKIP_BUILD=1 skips building this checkout;
//   BENCH_OTHER_ENV='NAME=value …' sets variables for the other side's server only (as in compare-throughput.mjs).
//   The other checkout must be built (npm run build there). Servers run on CPU 0, this script and
//   autocannon on CPU 1 (simulations-support.mjs). The load average is printed before and after:
//   on a shared machine, figures taken above a load of 1 measure the neighbours as much as the server.
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { createRequests, ensureBuilt, fmt, median, OTHER_ENV, pinBenchToCpu1, ROOT, run, settle, startSandbox } from './simulations-support.mjs'

const args = process.argv.slice(2)
const OTHER = args[0] && existsSync(resolve(args[0], 'package.json')) ? resolve(args.shift()) : undefined
const DURATION = Number(args[0] ?? 20)
const ROUNDS = Number(args[1] ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)

if (!pinBenchToCpu1()) process.exit()

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

async function side(root, label, env = {}) {
  const sandbox = await startSandbox({ root, env })
  const creates = createRequests(sandbox)
  await run(sandbox, { ...creates(3), connections: CONNECTIONS }) // warm-up, not counted
  return {
    label,
    rounds: [],
    async round() {
      await settle(sandbox.pid)
      const r = await run(sandbox, { ...creates(DURATION), connections: CONNECTIONS })
      this.rounds.push(r)
      return r
    },
    stop: () => sandbox.stop(),
  }
}

const describe = (r) =>
  `${fmt(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p90 ${r.p90} ms  p99 ${r.p99} ms  max ${r.max} ms  server CPU ${Math.round(r.cpuPerRequest)} µs/request  (${fmt(r.total)} requests, ${r.failures} failed)`

ensureBuilt()
const sides = [await side(ROOT, 'this checkout')]
if (OTHER) sides.push(await side(OTHER, OTHER, OTHER_ENV))
try {
  console.log(`Create at ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds${OTHER ? ', alternating' : ''}; load average ${load()}`)
  for (let i = 0; i < ROUNDS; i++) {
    for (const s of i % 2 === 0 ? sides : [...sides].reverse()) console.log(`round ${i + 1} ${s.label}: ${describe(await s.round())}`)
  }
  for (const s of sides) {
    const m = (key) => median(s.rounds.map((r) => r[key]))
    console.log(
      `median of ${s.label}: ${fmt(m('rps'))} req/s  p50 ${m('p50')} ms  p90 ${m('p90')} ms  p99 ${m('p99')} ms  max ${m('max')} ms  ${Math.round(m('cpuPerRequest'))} µs/request`,
    )
  }
  console.log(`load average ${load()}`)
} finally {
  await Promise.all(sides.map((s) => s.stop()))
}
