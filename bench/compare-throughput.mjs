// Simulation Create and Detail throughput of this checkout against another build of the sandbox,
// side by side: the same bench, the same minutes, rounds alternating between the two builds (A B,
// then B A), so a drift of the machine's speed weighs on both alike.
// Usage: node bench/compare-throughput.mjs <other checkout> [seconds per run] [rounds]
//   BENCH_OTHER_ENV='NAME=value …' sets variables for the other side's servers only: with this
//   checkout as the other one, it measures a setting (SANDBOX_JOURNAL_MAX_ENTRIES=0: the journal off).
//   The other checkout must be built (npm ci && npm run build there). Servers run on CPU 0, this
//   script and autocannon on CPU 1, as in simulations-throughput.mjs.
import { comparisonArgs, ensureBuilt, fmt, median, OTHER_ENV, pinBenchToCpu1, ROOT, run, settle, startWritesAndReads } from './simulations-support.mjs'

const { other: OTHER, duration: DURATION, rounds: ROUNDS } = comparisonArgs('compare-throughput.mjs', 4)
if (!pinBenchToCpu1()) process.exit()

async function build(root, label, env = {}) {
  const { writes, reads, creates, details, stop } = await startWritesAndReads(root, env)
  // Warm-up, not counted.
  await run(writes, creates(3))
  await run(reads, details(3))
  return {
    label,
    rounds: [],
    async round() {
      await settle(writes.pid)
      const create = await run(writes, creates(DURATION))
      await settle(writes.pid)
      const detail = await run(reads, details(DURATION))
      this.rounds.push({ create, detail })
      return { create, detail }
    },
    stop,
  }
}

ensureBuilt()
const after = await build(ROOT, 'this checkout')
const before = await build(OTHER, OTHER, OTHER_ENV)
try {
  console.log(`${DURATION} s per run, 50 connections, ${ROUNDS} rounds alternating A B / B A`)
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? [after, before] : [before, after]
    for (const side of order) {
      const { create, detail } = await side.round()
      console.log(
        `round ${i + 1} ${side === after ? 'after ' : 'before'}: Create ${fmt(create.rps)} req/s (${Math.round(create.cpuPerRequest)} µs), Detail ${fmt(detail.rps)} req/s (${Math.round(detail.cpuPerRequest)} µs), failed ${create.failures + detail.failures}`,
      )
    }
  }
  const figure = (side, key, field) => median(side.rounds.map((r) => r[key][field]))
  for (const key of ['create', 'detail']) {
    const [a, b] = [figure(after, key, 'rps'), figure(before, key, 'rps')]
    const [ca, cb] = [figure(after, key, 'cpuPerRequest'), figure(before, key, 'cpuPerRequest')]
    console.log(
      `${key.padEnd(6)} median: before ${fmt(b)} req/s (${Math.round(cb)} µs/request), after ${fmt(a)} req/s (${Math.round(ca)} µs/request): ${fmt((a / b - 1) * 100, 1)}% throughput, ${fmt((ca / cb - 1) * 100, 1)}% CPU a request`,
    )
    // Each round's two runs follow each other: the median of their ratios weighs less the machine's drift between rounds.
    const paired = (field) => median(after.rounds.map((r, i) => r[key][field] / before.rounds[i][key][field]))
    console.log(
      `${key.padEnd(6)} median of each round's own ratio: ${fmt((paired('rps') - 1) * 100, 1)}% throughput, ${fmt((paired('cpuPerRequest') - 1) * 100, 1)}% CPU a request`,
    )
  }
} finally {
  await Promise.all([after.stop(), before.stop()])
}
