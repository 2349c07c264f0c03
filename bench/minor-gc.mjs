// What V8's minor collections (scavenges) cost a server under Create and under Detail: how many, how
// long each stops the event loop, how much survives each and how much is promoted to the old
// generation, and the full collections (mark-compacts) of the run. A scavenge copies what survives,
// so its pause follows the bytes surviving; what is promoted fills the old generation, whose full
// collections stop the loop for tens of milliseconds (docs/decisions/0105-what-the-minor-collections-keep.md).
// The figures are bytes and counts read from V8's own trace (`--trace-gc-nvp`, which slows the
// server: its pauses are longer than untraced ones), so builds run one after the other compare well.
// Usage: node bench/minor-gc.mjs [other checkout] [seconds per run]
//   BENCH_CONNECTIONS=n changes the 10 connections. The other checkout must be built (npm run build there).
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { createRequests, EXAMPLE, ensureBuilt, fmt, pinBenchToCpu1, ROOT, run, startSandbox } from './simulations-support.mjs'

const args = process.argv.slice(2)
const OTHER = args[0] && existsSync(resolve(args[0], 'package.json')) ? resolve(args.shift()) : undefined
const DURATION = Number(args[0] ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)

if (!pinBenchToCpu1()) process.exit()

/** The server with V8's trace of every collection on its standard output, read line by line. */
async function tracedServer(root) {
  const previous = process.env.BENCH_SERVER_FLAGS
  process.env.BENCH_SERVER_FLAGS = [previous ?? '', '--trace-gc-nvp'].join(' ')
  const sandbox = await startSandbox({ root, stdout: 'pipe' }).finally(() => {
    if (previous === undefined) delete process.env.BENCH_SERVER_FLAGS
    else process.env.BENCH_SERVER_FLAGS = previous
  })
  let collections = []
  createInterface({ input: sandbox.child.stdout }).on('line', (line) => {
    // The main thread's collections: worker threads (the PDF renderers) trace theirs too, with their own isolate.
    const fields = Object.fromEntries([...line.matchAll(/(\w[\w.]*)=([\w.%-]+)/g)].map((m) => [m[1], m[2]]))
    if (fields.gc) collections.push({ isolate: line.match(/^\[\d+:(0x[0-9a-f]+)\]/)?.[1], ...fields })
  })
  return { sandbox, take: () => [collections, (collections = [])][0] }
}

function summary(collections) {
  // The isolate with the most scavenges is the event loop's.
  const counts = new Map()
  for (const c of collections) counts.set(c.isolate, (counts.get(c.isolate) ?? 0) + 1)
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]
  const ofMain = collections.filter((c) => c.isolate === main)
  const scavenges = ofMain.filter((c) => c.gc === 's')
  const full = ofMain.filter((c) => c.gc === 'mc' || c.gc === 'ms')
  const mean = (list, key) => (list.length === 0 ? 0 : list.reduce((sum, c) => sum + Number(c[key]), 0) / list.length)
  const max = (list, key) => list.reduce((m, c) => Math.max(m, Number(c[key])), 0)
  return {
    scavenges: scavenges.length,
    pause: mean(scavenges, 'pause'),
    maxPause: max(scavenges, 'pause'),
    survivedMB: mean(scavenges, 'new_space_survived') / 1e6,
    promotedMB: mean(scavenges, 'promoted') / 1e6,
    full: full.length,
    fullPause: full.reduce((sum, c) => sum + Number(c.pause), 0),
  }
}

const describe = (s, seconds) =>
  `${fmt(s.scavenges / seconds, 1)} scavenges a second, ${fmt(s.pause, 1)} ms each (at most ${fmt(s.maxPause, 1)}), ${fmt(s.survivedMB, 2)} MB surviving and ${fmt(s.promotedMB, 2)} MB promoted each; ${s.full} full collections (${fmt(s.fullPause, 1)} ms in all)`

async function measure(root, label) {
  const { sandbox, take } = await tracedServer(root)
  try {
    const created = await fetch(`${sandbox.url}/v1/simulations`, { method: 'POST', headers: sandbox.headers, body: JSON.stringify(EXAMPLE) })
    const { simulationUniqueID } = (await created.json()).additionalData
    const creates = createRequests(sandbox)
    await run(sandbox, { ...creates(3), connections: CONNECTIONS }) // warm-up, not counted
    take()
    const c = await run(sandbox, { ...creates(DURATION), connections: CONNECTIONS })
    console.log(`${label}, Create (${fmt(c.rps)} req/s, p99 ${c.p99} ms): ${describe(summary(take()), DURATION)}`)
    const details = { url: `${sandbox.url}/v1/simulations/${simulationUniqueID}`, headers: sandbox.headers }
    await run(sandbox, { ...details, duration: 3, connections: CONNECTIONS })
    take()
    const d = await run(sandbox, { ...details, duration: DURATION, connections: CONNECTIONS })
    console.log(`${label}, Detail (${fmt(d.rps)} req/s, p99 ${d.p99} ms): ${describe(summary(take()), DURATION)}`)
  } finally {
    await sandbox.stop()
  }
}

ensureBuilt()
console.log(`${CONNECTIONS} connections, ${DURATION} s a run, the server traced by --trace-gc-nvp (slower than untraced)`)
await measure(ROOT, 'this checkout')
if (OTHER) await measure(OTHER, OTHER)
