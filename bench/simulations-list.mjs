// Simulation List latency with 100,000 simulations of one broker (the target: p95 under 20 ms for a
// filtered page). Loads the data (a few hundred simulations created through the API, cloned with
// new ids, names, valid NIFs, statuses and dates spread over a year), then times pages of the real
// server one request at a time. Usage: node bench/simulations-list.mjs [count]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadSimulations } from './simulation-data.mjs'
import { ensureBuilt, fmt, pinBenchToCpu1, startSandbox } from './simulations-support.mjs'

const COUNT = Number(process.argv[2] ?? 100_000)
const REQUESTS = 200
const TARGET_P95_MS = 20
const DAY = 86_400_000

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

async function time(sandbox, query) {
  const url = `${sandbox.url}/v1/simulations?${query}`
  let body
  for (let i = 0; i < 20; i++) body = await (await fetch(url, { headers: sandbox.headers })).json()
  const ms = []
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now()
    const res = await fetch(url, { headers: sandbox.headers })
    body = await res.json()
    ms.push(performance.now() - t)
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`)
  }
  ms.sort((a, b) => a - b)
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), total: body.totalRecords, items: body.listSimulationDetail.length }
}

if (!pinBenchToCpu1()) process.exit()
ensureBuilt()
const dir = mkdtempSync(join(tmpdir(), 'sandbox-list-bench-'))
try {
  const dbPath = join(dir, 'list.db')
  let t = performance.now()
  const sample = await loadSimulations(dbPath, COUNT)
  console.log(`loaded ${fmt(COUNT)} simulations of broker A in ${fmt((performance.now() - t) / 1000, 1)} s`)
  const sandbox = await startSandbox({ dbPath })
  const surname = sample.name.split(' ').at(-1)
  const month = new Date(Date.now() - 120 * DAY).toISOString().slice(0, 7)
  const scenarios = [
    ['first page, no filter', 'lineCount=20'],
    [`text: surname "${surname}"`, `filterByText=${encodeURIComponent(surname)}`],
    [`text: full name "${sample.name}"`, `filterByText=${encodeURIComponent(sample.name)}`],
    ['text: tax id prefix', `filterByText=${sample.taxId.slice(0, 5)}`],
    ['text: 2-letter prefix "ma"', 'filterByText=ma'],
    ['text: branch (matches all)', 'filterByText=lisboa'],
    ['status Not eligible', 'filterSimulationStatus=2'],
    ['status Cancelled, one month', `filterSimulationStatus=4&filterStatusLastDateFrom=${month}-01&filterStatusLastDateTo=${month}-28`],
    ['status date range, one week', `filterStatusLastDateFrom=${month}-10&filterStatusLastDateTo=${month}-16`],
    [`text + status + dates`, `filterByText=${encodeURIComponent(surname)}&filterSimulationStatus=1&filterStatusLastDateFrom=${month}-01`],
    ['next page from the middle', `nextRecord=${sample.id}`],
    ['previous page from the middle', `previousRecord=${sample.id}`],
    [`next page, surname filter`, `filterByText=${encodeURIComponent(surname)}&nextRecord=${sample.id}`],
    ['100 lines, status Simulated', 'lineCount=100&filterSimulationStatus=1'],
  ]
  let pass = true
  console.log(`${REQUESTS} sequential requests per page (after 20 warm-up), milliseconds end to end:`)
  for (const [name, query] of scenarios) {
    const r = await time(sandbox, query)
    const ok = r.p95 < TARGET_P95_MS
    pass &&= ok
    console.log(
      `  ${name.padEnd(44)} p50 ${fmt(r.p50, 2).padStart(6)}  p95 ${fmt(r.p95, 2).padStart(6)}  p99 ${fmt(r.p99, 2).padStart(6)}  (${fmt(r.total)} matches, ${r.items} shown) ${ok ? 'PASS' : 'FAIL'}`,
    )
  }
  await sandbox.stop()
  console.log(`p95 under ${TARGET_P95_MS} ms on every page: ${pass ? 'PASS' : 'FAIL'}`)
  process.exitCode = pass ? 0 : 1
} finally {
  if (process.env.BENCH_KEEP_DB) console.log(`database kept in ${dir}`)
  else rmSync(dir, { recursive: true, force: true })
}
