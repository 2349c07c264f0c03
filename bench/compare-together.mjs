// Simulation Create and Detail of this checkout against another build, both at the same time: the
// two servers share CPU 0 (the scheduler gives each an equal part of it) while two autocannon runs
// of the same length load them from CPU 1. Whatever the machine's speed does during a run, it does
// to both alike, which rounds taken one after the other cannot promise on a machine whose speed
// drifts by a third within minutes: the ratio of the two throughputs is the inverse ratio of what a
// request costs each build on the shared core (its own threads, garbage collection and checkpoints
// included).
// Usage: node bench/compare-together.mjs <other checkout> [seconds per run] [rounds]
//   BENCH_OTHER_ENV='NAME=value …' sets variables for the other side's servers only; with this
//   checkout as the other one (and no variables) it measures the bench's own noise, which should
//   stay within a point or two. The other checkout must be built (npm ci && npm run build there).
import { comparisonArgs, ensureBuilt, fmt, median, OTHER_ENV, pinBenchToCpu1, ROOT, run, settle, startWritesAndReads } from './simulations-support.mjs'

const { other: OTHER, duration: DURATION, rounds: ROUNDS } = comparisonArgs('compare-together.mjs', 5)
if (!pinBenchToCpu1()) process.exit()

/**
 * Both sides at once, the same options; each side's result. Which side's load starts first swaps
 * from one call to the next (`first`), so neither side always gets the head start.
 */
async function together(a, b, server, options, first = 'a') {
  if (first === 'a') return Promise.all([run(a[server], options(a)), run(b[server], options(b))])
  const [rb, ra] = await Promise.all([run(b[server], options(b)), run(a[server], options(a))])
  return [ra, rb]
}

ensureBuilt()
console.log(`${DURATION} s per run, 50 connections a side, both sides at once, ${ROUNDS} rounds in two halves; this checkout against ${OTHER}`)
// The servers started first answer a few percent less than the others, whichever build they run
// (measured with one build on both sides): each half starts the sides in the other order, and the
// figure is the geometric mean of the two halves' medians, in which that lean cancels.
const ratios = { create: [[], []], detail: [[], []] }
const cpuRatios = { create: [[], []], detail: [[], []] }
for (const half of [0, 1]) {
  const [after, before] =
    half === 0
      ? [await startWritesAndReads(ROOT), await startWritesAndReads(OTHER, OTHER_ENV)]
      : (([b, a]) => [a, b])([await startWritesAndReads(OTHER, OTHER_ENV), await startWritesAndReads(ROOT)])
  try {
    // Warm-up, not counted: both JITs settle before the first measured run.
    await together(after, before, 'writes', (s) => s.creates(3))
    await together(after, before, 'reads', (s) => s.details(3))
    for (let i = 0; i < Math.ceil(ROUNDS / 2); i++) {
      const first = i % 2 === 0 ? 'a' : 'b'
      await Promise.all([settle(after.writes.pid), settle(before.writes.pid)])
      const [ca, cb] = await together(after, before, 'writes', (s) => s.creates(DURATION), first)
      await Promise.all([settle(after.reads.pid), settle(before.reads.pid)])
      const [da, db] = await together(after, before, 'reads', (s) => s.details(DURATION), first)
      ratios.create[half].push(ca.rps / cb.rps)
      ratios.detail[half].push(da.rps / db.rps)
      cpuRatios.create[half].push(ca.cpuPerRequest / cb.cpuPerRequest)
      cpuRatios.detail[half].push(da.cpuPerRequest / db.cpuPerRequest)
      const failed = ca.failures + cb.failures + da.failures + db.failures
      console.log(
        `half ${half + 1} (${half === 0 ? 'this checkout' : 'the other'} started first) round ${i + 1}: Create ${fmt(ca.rps)} against ${fmt(cb.rps)} req/s (${fmt((ca.rps / cb.rps - 1) * 100, 1)}%, ${Math.round(ca.cpuPerRequest)} against ${Math.round(cb.cpuPerRequest)} µs), Detail ${fmt(da.rps)} against ${fmt(db.rps)} req/s (${fmt((da.rps / db.rps - 1) * 100, 1)}%, ${Math.round(da.cpuPerRequest)} against ${Math.round(db.cpuPerRequest)} µs; CPU 0 busy ${fmt(((da.rps * da.cpuPerRequest + db.rps * db.cpuPerRequest) / 1e6) * 100)}%), failed ${failed}`,
      )
    }
  } finally {
    await Promise.all([after.stop(), before.stop()])
  }
}
const pct = (r) => fmt((r - 1) * 100, 1)
for (const key of ['create', 'detail']) {
  const [first, second] = ratios[key].map(median)
  const [cpuFirst, cpuSecond] = cpuRatios[key].map(median)
  console.log(
    `${key.padEnd(6)} ${pct(Math.sqrt(first * second))}% throughput (halves' medians ${pct(first)}% and ${pct(second)}%), ${pct(Math.sqrt(cpuFirst * cpuSecond))}% CPU a request (${pct(cpuFirst)}% and ${pct(cpuSecond)}%)`,
  )
}
