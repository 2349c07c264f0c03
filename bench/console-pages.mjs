// Server time of the console's pages with 100,000 simulations of the partner and 100,000 entries in
// its request journal (the target: each page under 100 ms). Loads the simulations (simulation-data.mjs)
// and the journal (cloned entries, spread over a day), logs in to the console like a browser, then
// times each page one request at a time over loopback (the network's share is a fraction of a ms).
// Usage: node bench/console-pages.mjs [count]
import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadSimulations } from './simulation-data.mjs'
import { EXAMPLE, ensureBuilt, fmt, pinBenchToCpu1, startSandbox } from './simulations-support.mjs'

const COUNT = Number(process.argv[2] ?? 100_000)
const REQUESTS = 50
const TARGET_MS = 100

/** The database's size with its WAL checkpointed into it. */
function databaseBytes(dbPath) {
  const db = new Database(dbPath)
  db.pragma('wal_checkpoint(TRUNCATE)')
  const { page_count: pages } = db.prepare('PRAGMA page_count').get()
  const { page_size: size } = db.prepare('PRAGMA page_size').get()
  db.close()
  return pages * size
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/** COUNT journal entries of partner A: a refused and an accepted Create, cloned with new ids and times. */
async function loadJournal(dbPath) {
  const sandbox = await startSandbox({ dbPath })
  await fetch(`${sandbox.url}/v1/simulations`, { method: 'POST', headers: { ...sandbox.headers, 'X-Request-Id': 'bench-template-ok' }, body: JSON.stringify(EXAMPLE) })
  await fetch(`${sandbox.url}/v1/simulations`, { method: 'POST', headers: { ...sandbox.headers, 'X-Request-Id': 'bench-template-refused' }, body: JSON.stringify({ loanSimulator: { loanAmount: -5 } }) })
  await fetch(`${sandbox.url}/sandbox/requests`, { headers: sandbox.headers }) // writes the queue
  await sandbox.stop()
  const db = new Database(dbPath)
  const templates = db.prepare("SELECT * FROM request_journal WHERE request_id LIKE 'bench-template-%'").all()
  const bodies = db.prepare('SELECT * FROM request_journal_body WHERE seq = ?')
  for (const t of templates) t.body = bodies.get(t.seq)
  const columns = Object.keys(templates[0]).filter((c) => c !== 'seq' && c !== 'body')
  const bodyColumns = Object.keys(templates[0].body)
  const insert = db.prepare(`INSERT INTO request_journal (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`)
  const insertBody = db.prepare(`INSERT INTO request_journal_body (${bodyColumns.join(', ')}) VALUES (${bodyColumns.map((c) => `@${c}`).join(', ')})`)
  const start = Date.now() - 86_400_000
  db.transaction(() => {
    for (let n = 0; n < COUNT; n++) {
      const t = templates[n % templates.length]
      const { body, seq: _seq, ...row } = t
      const seq = insert.run({ ...row, request_id: `bench-${n}`, at: new Date(start + Math.floor((n / COUNT) * 86_400_000)).toISOString() }).lastInsertRowid
      insertBody.run({ ...body, seq })
    }
  })()
  db.pragma('optimize')
  db.close()
}

if (!pinBenchToCpu1()) process.exit()
ensureBuilt()
process.env.SANDBOX_JOURNAL_MAX_ENTRIES = String(COUNT + 1000)
const dir = mkdtempSync(join(tmpdir(), 'sandbox-console-bench-'))
try {
  const dbPath = join(dir, 'console.db')
  const t = performance.now()
  const sample = await loadSimulations(dbPath, COUNT)
  const sizeBefore = databaseBytes(dbPath)
  await loadJournal(dbPath)
  const journalBytes = databaseBytes(dbPath) - sizeBefore
  console.log(`loaded ${fmt(COUNT)} simulations and ${fmt(COUNT)} journal entries of partner A in ${fmt((performance.now() - t) / 1000, 1)} s`)
  console.log(`the journal's ${fmt(COUNT)} entries take ${fmt(journalBytes / 1024 / 1024, 1)} MB on disk (${fmt(journalBytes / COUNT)} bytes an entry, a Create of ~1 KB in and out)`)
  const sandbox = await startSandbox({ dbPath })
  const login = await fetch(`${sandbox.url}/console/login`, { method: 'POST', body: new URLSearchParams({ username: 'broker-a', password: 'sandbox' }), redirect: 'manual' })
  const cookie = login.headers.get('set-cookie').split(';')[0]
  const pages = [
    ['requests (newest 100 of the journal)', '/console/requests'],
    ['requests, live rows', '/console/requests/rows'],
    ['requests, filtered 4xx', '/console/requests?status=4xx'],
    ['requests, path prefix', '/console/requests?path=%2Fv1%2Fsim*'],
    ['one request (refused, fields and errors)', `/console/requests/bench-${COUNT - 1}`],
    ['simulations (first 50)', '/console/simulations'],
    ['simulations, text filter', `/console/simulations?filterByText=${encodeURIComponent(sample.name.split(' ').at(-1))}`],
    ['one simulation (figures, timeline)', `/console/simulations/${sample.id}`],
    ['processes', '/console/processes'],
    ['deliveries', '/console/deliveries'],
    ['drive', '/console/drive'],
    ['scenarios', '/console/scenarios'],
  ]
  console.log(`${REQUESTS} requests a page, one at a time; target p95 < ${TARGET_MS} ms`)
  // The journal's API as well: its first page counts the 100,000 entries (totalRecords).
  pages.push(['API: GET /sandbox/requests (with the count)', '/sandbox/requests'], ['API: GET /sandbox/requests?status=4xx', '/sandbox/requests?status=4xx'])
  for (const [name, path] of pages) {
    const ms = []
    for (let i = 0; i < REQUESTS + 5; i++) {
      const started = performance.now()
      const res = await fetch(`${sandbox.url}${path}`, { headers: path.startsWith('/console') ? { cookie } : sandbox.headers })
      await res.text()
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
      if (i >= 5) ms.push(performance.now() - started)
    }
    ms.sort((a, b) => a - b)
    const p95 = percentile(ms, 95)
    console.log(`${name.padEnd(42)} p50 ${fmt(percentile(ms, 50), 1).padStart(6)} ms  p95 ${fmt(p95, 1).padStart(6)} ms${p95 > TARGET_MS ? '  OVER' : ''}`)
  }
  await sandbox.stop()
} finally {
  rmSync(dir, { recursive: true, force: true })
}
