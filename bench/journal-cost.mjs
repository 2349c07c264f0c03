// The request journal's cost on the hot path: the server's main-thread CPU time for the same number
// of Simulation Details (or Creates) with the journal on and off (SANDBOX_JOURNAL_MAX_ENTRIES=0), in
// alternating pairs, each on a fresh server. CPU time, read per thread from /proc, moves less with
// the machine's speed than throughput does.
// Usage: node bench/journal-cost.mjs [pairs=5] [detail|create] [requests=100000]
import autocannon from 'autocannon'
import { readdirSync, readFileSync } from 'node:fs'
import { EXAMPLE, ensureBuilt, fmt, pinBenchToCpu1, startSandbox } from './simulations-support.mjs'

const PAIRS = Number(process.argv[2] ?? 5)
const KIND = process.argv[3] ?? 'detail'
const REQUESTS = Number(process.argv[4] ?? (KIND === 'create' ? 20_000 : 100_000))

/** CPU milliseconds of the process's busiest thread (the event loop). */
function mainThreadMs(pid) {
  let most = 0
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const fields = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8').split(') ')[1].split(' ')
    most = Math.max(most, (Number(fields[11]) + Number(fields[12])) * 10)
  }
  return most
}

async function measure(journal) {
  const sandbox = await startSandbox({ env: journal ? {} : { SANDBOX_JOURNAL_MAX_ENTRIES: '0' } })
  const created = await (await fetch(`${sandbox.url}/v1/simulations`, { method: 'POST', headers: sandbox.headers, body: JSON.stringify(EXAMPLE) })).json()
  const target =
    KIND === 'create'
      ? { url: `${sandbox.url}/v1/simulations`, method: 'POST', body: JSON.stringify(EXAMPLE) }
      : { url: `${sandbox.url}/v1/simulations/${created.additionalData.simulationUniqueID}` }
  const before = mainThreadMs(sandbox.pid)
  await autocannon({ ...target, connections: 50, amount: REQUESTS, headers: sandbox.headers })
  const ms = mainThreadMs(sandbox.pid) - before
  await sandbox.stop()
  return ms
}

if (!pinBenchToCpu1()) process.exit()
ensureBuilt()
console.log(`${fmt(REQUESTS)} ${KIND === 'create' ? 'Creates' : 'Details'} a run, ${PAIRS} pairs (journal on, then off, alternating which goes first)`)
const changes = []
for (let i = 0; i < PAIRS; i++) {
  const [first, second] = i % 2 === 0 ? [true, false] : [false, true]
  const a = await measure(first)
  const b = await measure(second)
  const [on, off] = first ? [a, b] : [b, a]
  changes.push((on / off - 1) * 100)
  console.log(`pair ${i + 1}: journal on ${fmt(on)} ms, off ${fmt(off)} ms of main-thread CPU: ${fmt((on / off - 1) * 100, 1)}%`)
}
changes.sort((x, y) => x - y)
console.log(`median: ${fmt(changes[Math.floor(changes.length / 2)], 1)}%`)
