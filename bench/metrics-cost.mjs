// What the metrics cost: Simulation Create and Detail throughput with SANDBOX_METRICS on (this
// checkout's default) against off, side by side, rounds alternating (compare-throughput.mjs with
// this checkout as the other side and SANDBOX_METRICS=false there), then the time of a scrape of a
// server that has served those requests. Target: within 5% (docs/operating.md "Metrics").
// Usage: node bench/metrics-cost.mjs [seconds per run] [rounds]
//   Build first (npm run build) or let it build. The lead measures on a quiet machine.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ensureBuilt, fmt, ROOT, startSandbox } from './simulations-support.mjs'

const SECONDS = process.argv[2] ?? '10'
const ROUNDS = process.argv[3] ?? '4'

ensureBuilt()
console.log('A: metrics on; B: SANDBOX_METRICS=false')
const compare = spawnSync(process.execPath, [fileURLToPath(new URL('compare-throughput.mjs', import.meta.url)), ROOT, SECONDS, ROUNDS], {
  stdio: 'inherit',
  env: { ...process.env, BENCH_SKIP_BUILD: '1', BENCH_OTHER_ENV: 'SANDBOX_METRICS=false' },
})
if (compare.status !== 0) process.exit(compare.status ?? 1)

// A scrape: what Prometheus pays every 15 s, and what the event loop gives it.
const sandbox = await startSandbox()
try {
  for (let i = 0; i < 200; i += 1) await fetch(`${sandbox.url}/v1/simulations`, { headers: sandbox.headers })
  const times = []
  for (let i = 0; i < 50; i += 1) {
    const started = performance.now()
    const res = await fetch(`${sandbox.url}/metrics`)
    await res.text()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  console.log(`scrape: median ${fmt(times[25], 2)} ms, max ${fmt(times.at(-1), 2)} ms over 50`)
} finally {
  await sandbox.stop()
}
