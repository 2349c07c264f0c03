// Where Simulation Create's slow answers come from: runs Create at 10 connections against a sandbox
// with bench/tail-probe.mjs preloaded, then lines each slow answer up with what the server did
// during it (commits, WAL checkpoints, timers, garbage collections, the main thread's time on and
// off the CPU).
// Usage: node bench/create-tail.mjs [other checkout] [seconds] [slow-answer threshold in ms]
//   Without another checkout it probes this one. BENCH_CONNECTIONS=n changes the 10 connections;
//   TAIL_PROBE_KEEP=file keeps the raw timeline (JSON lines).
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequests, ensureBuilt, fmt, pinBenchToCpu1, ROOT, run, settle, startSandbox } from './simulations-support.mjs'

const args = process.argv.slice(2)
const TARGET = args[0] && existsSync(resolve(args[0], 'package.json')) ? resolve(args.shift()) : ROOT
const DURATION = Number(args[0] ?? 20)
const SLOW_MS = Number(args[1] ?? 15)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
if (!pinBenchToCpu1()) process.exit()

const file = process.env.TAIL_PROBE_KEEP ?? join(tmpdir(), `tail-probe-${process.pid}.jsonl`)
rmSync(file, { force: true })
if (TARGET === ROOT) ensureBuilt()
const probe = fileURLToPath(new URL('./tail-probe.mjs', import.meta.url))
const sandbox = await startSandbox({ root: TARGET, env: { NODE_OPTIONS: `--import=${probe}`, TAIL_PROBE_FILE: file } })
let client
try {
  const creates = createRequests(sandbox)
  await run(sandbox, { ...creates(3), connections: CONNECTIONS })
  await settle(sandbox.pid)
  const from = Date.now()
  client = await run(sandbox, { ...creates(DURATION), connections: CONNECTIONS })
  const to = Date.now()
  await sandbox.stop()
  report(
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((e) => e.start >= from && e.start <= to),
    client,
  )
} finally {
  if (sandbox.child.exitCode === null) await sandbox.stop()
  if (!process.env.TAIL_PROBE_KEEP) rmSync(file, { force: true })
}

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN)
  return `n ${sorted.length}, p50 ${at(0.5).toFixed(2)}, p99 ${at(0.99).toFixed(2)}, max ${at(1).toFixed(2)} ms, sum ${sorted.reduce((a, b) => a + b, 0).toFixed(0)} ms`
}

function report(events, client) {
  const of = (kind) => events.filter((e) => e.kind === kind)
  const requests = of('request').filter((e) => e.method === 'POST')
  console.log(
    `${TARGET}: Create at ${CONNECTIONS} connections for ${DURATION} s; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  console.log(`client:   ${fmt(client.rps)} req/s  p50 ${client.p50} ms  p90 ${client.p90} ms  p99 ${client.p99} ms  max ${client.max} ms`)
  console.log(`server answers: ${percentiles(requests.map((e) => e.ms))}`)
  const commits = of('commit').filter((e) => e.sql === 'COMMIT')
  console.log(`COMMIT:         ${percentiles(commits.map((e) => e.ms))}`)
  const sleeping = commits.filter((e) => e.blocked > 2)
  console.log(`COMMITs that slept over 2 ms (a checkpoint's disk sync inside the commit): ${sleeping.length}, slept ${percentiles(sleeping.map((e) => e.blocked))}`)
  console.log(
    `other exec:     ${percentiles(
      of('commit')
        .filter((e) => e.sql !== 'COMMIT')
        .map((e) => e.ms),
    )}`,
  )
  const checkpoints = of('checkpoint')
  console.log(
    `checkpoints:    ${percentiles(checkpoints.map((e) => e.ms))}; pages moved p50 ${checkpoints.map((c) => c.result?.[0]?.checkpointed ?? 0).sort((a, b) => a - b)[Math.floor(checkpoints.length / 2)]}`,
  )
  console.log(`checkpoints' own CPU time: ${percentiles(checkpoints.map((e) => e.run))}; asleep (disk syncs): ${percentiles(checkpoints.map((e) => e.blocked))}`)
  const restarts = checkpoints.filter((c, i) => i > 0 && c.result?.[0]?.log < checkpoints[i - 1].result?.[0]?.log).length
  const mainSleeps = of('commit').filter((e) => e.thread === 0 && e.blocked > 1)
  console.log(`WAL restarts seen: ${restarts}; main thread's BEGIN/COMMITs asleep over 1 ms: ${mainSleeps.length}, ${percentiles(mainSleeps.map((e) => e.blocked))}`)
  console.log(`gc:             ${percentiles(of('gc').map((e) => e.ms))}`)
  const timers = new Map()
  for (const t of of('timer')) timers.set(t.where, [...(timers.get(t.where) ?? []), t.ms])
  for (const [where, ms] of [...timers].sort((a, b) => b[1].reduce((x, y) => x + y) - a[1].reduce((x, y) => x + y)).slice(0, 6))
    console.log(
      `timer ${percentiles(ms)}; own CPU ${percentiles(
        of('timer')
          .filter((t) => t.where === where)
          .map((t) => t.run),
      )}  ${where}`,
    )

  // The main thread's and the other threads' CPU and run-queue time, sampled every 5 ms.
  const samples = of('sched')
  const threadTime = (sample, name, field) =>
    Object.entries(sample.threads)
      .filter(([k]) => k.startsWith(name))
      .reduce((sum, [, v]) => sum + v[field], 0)
  const window = (start, end) => {
    const first = samples.findLast((s) => s.start <= start) ?? samples[0]
    const last = samples.find((s) => s.start >= end) ?? samples.at(-1)
    const d = (name, field) => threadTime(last, name, field) - threadTime(first, name, field)
    const others = (field) =>
      Object.keys(last.threads)
        .filter((k) => !k.startsWith('main'))
        .reduce((sum, k) => sum + (last.threads[k][field] - (first.threads[k]?.[field] ?? last.threads[k][field])), 0)
    return { span: last.start - first.start, run: d('main', 0), wait: d('main', 1), othersRun: others(0) }
  }
  const whole = window(from(samples), samples.at(-1).start)
  console.log(
    `main thread over the run: on CPU ${pct(whole.run, whole.span)}, waiting for the CPU ${pct(whole.wait, whole.span)}; other threads on CPU ${pct(whole.othersRun, whole.span)}`,
  )
  const byThread = {}
  for (const k of Object.keys(samples.at(-1).threads))
    byThread[k.split(':')[0]] = (byThread[k.split(':')[0]] ?? 0) + samples.at(-1).threads[k][0] - (samples[0].threads[k]?.[0] ?? samples.at(-1).threads[k][0])
  console.log(
    `CPU ms by thread over the run: ${Object.entries(byThread)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ')}`,
  )

  const slow = requests.filter((r) => r.ms >= SLOW_MS)
  console.log(`\n${slow.length} answers of ${requests.length} took ${SLOW_MS} ms or more (server side); what overlapped them:`)
  const overlaps = (r, e) => e.start < r.start + r.ms && e.start + e.ms > r.start
  const causes = {
    'a WAL checkpoint': (r) => checkpoints.some((e) => overlaps(r, e)),
    'a gc over 2 ms': (r) => of('gc').some((e) => e.ms > 2 && overlaps(r, e)),
    'a COMMIT over 5 ms': (r) => commits.some((e) => e.ms > 5 && overlaps(r, e)),
    'a timer over 2 ms': (r) => of('timer').some((e) => e.ms > 2 && overlaps(r, e)),
  }
  for (const [name, test] of Object.entries(causes)) {
    const hit = slow.filter(test).length
    const all = requests.filter(test).length
    console.log(`  ${name.padEnd(20)} ${pct(hit, slow.length)} of the slow ones (${pct(all, requests.length)} of all answers)`)
  }
  let run = 0,
    wait = 0,
    span = 0,
    othersRun = 0
  for (const r of slow) {
    const w = window(r.start, r.start + r.ms)
    run += w.run
    wait += w.wait
    span += w.span
    othersRun += w.othersRun
  }
  console.log(
    `  in the slow answers' windows the main thread was on CPU ${pct(run, span)}, waiting for the CPU ${pct(wait, span)}, other threads of the server on CPU ${pct(othersRun, span)}`,
  )
  // The slowest ten, each with what ran in it.
  for (const r of [...slow].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    const inside = events
      .filter((e) => e.kind !== 'request' && e.kind !== 'sched' && e.ms > 1 && overlaps(r, e))
      .map((e) => `${e.kind}${e.gc ? `(${e.gc})` : ''}${e.where ? `(${e.where.split(' < ')[0]})` : ''} ${e.ms.toFixed(1)}`)
    const w = window(r.start, r.start + r.ms)
    console.log(
      `  ${r.ms.toFixed(1)} ms: main on CPU ${w.run.toFixed(1)}, waiting ${w.wait.toFixed(1)}, others ${w.othersRun.toFixed(1)}; ${inside.join(', ') || 'nothing over 1 ms'}`,
    )
  }
}

function from(samples) {
  return samples[0].start
}
function pct(part, whole) {
  return `${whole ? ((part / whole) * 100).toFixed(0) : 0}%`
}
