// Simulation List latency with 100,000 simulations of one broker (issue 3: p95 under 20 ms for a
// filtered page). Loads the data (a few hundred simulations created through the API, cloned with
// new ids, names, valid NIFs, statuses and dates spread over a year), then times pages of the real
// server one request at a time. Usage: node bench/simulations-list.mjs [count]
import { faker } from '@faker-js/faker/locale/pt_PT'
import Database from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EXAMPLE, ensureBuilt, fmt, pinBenchToCpu1, startSandbox } from './simulations-support.mjs'

const COUNT = Number(process.argv[2] ?? 100_000)
const TEMPLATES = 300
const REQUESTS = 200
const TARGET_P95_MS = 20
const DAY = 86_400_000

// As src/modules/simulations/simulation-search.ts stores them: every word behind the broker's prefix.
const searchTerms = (brokerId, texts) => {
  const prefix = `t${brokerId.toString(36).padStart(6, '0')}x`
  return texts.flatMap((t) => (t ? t.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [] : [])).map((w) => prefix + w).join(' ')
}

const nif = () => {
  const first8 = String(faker.number.int({ min: 1, max: 2 })) + String(faker.number.int({ min: 0, max: 9_999_999 })).padStart(7, '0')
  const sum = [...first8].reduce((s, d, i) => s + Number(d) * (9 - i), 0)
  return first8 + String(sum % 11 < 2 ? 0 : 11 - (sum % 11))
}

function templateInput(n) {
  const body = structuredClone(EXAMPLE)
  body.loanSimulator.loanAmount = 100_000 + (n % 40) * 5_000
  body.loanSimulator.loanDurationMonths = 240 + (n % 11) * 12
  if (n % 3 === 1) Object.assign(body.loanSimulator, { interestRateTypeID: 1, indexTypeID: undefined, fixedPeriodID: 5 })
  if (n % 3 === 2) Object.assign(body.loanSimulator, { interestRateTypeID: 3, indexTypeID: undefined, indexTypeMixedID: 2, fixedPeriodID: 3 })
  return body
}

async function load(dbPath) {
  const sandbox = await startSandbox({ dbPath })
  for (let n = 0; n < TEMPLATES; n++) {
    const res = await fetch(`${sandbox.url}/v1/simulations`, { method: 'POST', headers: sandbox.headers, body: JSON.stringify(templateInput(n)) })
    if (res.status !== 201) throw new Error(`template ${n}: ${res.status} ${await res.text()}`)
  }
  await sandbox.stop()

  const db = new Database(dbPath)
  const templates = db.prepare('SELECT * FROM simulation').all()
  const columns = Object.keys(templates[0])
  const insert = db.prepare(`INSERT INTO simulation (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`)
  const insertSearch = db.prepare('INSERT INTO simulation_search (rowid, terms) VALUES (?, ?)')
  const insertHistory = db.prepare(`INSERT INTO simulation_status_history (simulation_unique_id, status_id, previous_status_id, changed_at, origin, user_id)
    VALUES (?, ?, NULL, ?, 'api', ?)`)
  const start = Date.now() - 365 * DAY
  faker.seed(2026)
  db.transaction(() => {
    db.prepare('DELETE FROM simulation').run()
    for (let n = 1; n <= COUNT; n++) {
      const t = templates[n % templates.length]
      const createdAt = start + Math.floor((n / COUNT) * 365 * DAY)
      const roll = faker.number.float()
      const statusId = t.eligible ? (roll < 0.82 ? 1 : roll < 0.9 ? 4 : roll < 0.95 ? 3 : 5) : roll < 0.85 ? 2 : 4
      const name = faker.person.fullName()
      const taxId = nif()
      const input = JSON.parse(t.input)
      input.borrowersSimulator.keyBorrowerName = name
      const profile = JSON.parse(t.profile)
      profile.keyBorrowerTaxId = taxId
      const id = randomUUID()
      const borrowerName = t.borrower_name ? faker.person.fullName() : null
      insertSearch.run(n, searchTerms(t.broker_id, [name, taxId, borrowerName, t.borrower_tax_id, t.branch_description]))
      insert.run({
        ...t,
        simulation_unique_id: id,
        simulation_number: n,
        created_at: createdAt,
        updated_at: createdAt,
        status_id: statusId,
        status_last_at: statusId <= 2 ? createdAt : createdAt + faker.number.int({ min: 1, max: 20 }) * DAY,
        key_borrower_name: name,
        key_borrower_tax_id: taxId,
        borrower_name: borrowerName,
        input: JSON.stringify(input),
        profile: JSON.stringify(profile),
      })
      insertHistory.run(id, statusId, createdAt, t.user_id)
    }
    db.prepare("UPDATE sequence_counter SET value = ? WHERE name = 'simulation_number'").run(COUNT)
  })()
  db.pragma('optimize')
  const sample = db.prepare('SELECT simulation_unique_id AS id, key_borrower_name AS name, key_borrower_tax_id AS taxId FROM simulation WHERE simulation_number = ?').get(Math.floor(COUNT / 2))
  db.close()
  return sample
}

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
  const sample = await load(dbPath)
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
    console.log(`  ${name.padEnd(44)} p50 ${fmt(r.p50, 2).padStart(6)}  p95 ${fmt(r.p95, 2).padStart(6)}  p99 ${fmt(r.p99, 2).padStart(6)}  (${fmt(r.total)} matches, ${r.items} shown) ${ok ? 'PASS' : 'FAIL'}`)
  }
  await sandbox.stop()
  console.log(`p95 under ${TARGET_P95_MS} ms on every page: ${pass ? 'PASS' : 'FAIL'}`)
  process.exitCode = pass ? 0 : 1
} finally {
  if (process.env.BENCH_KEEP_DB) console.log(`database kept in ${dir}`)
  else rmSync(dir, { recursive: true, force: true })
}
