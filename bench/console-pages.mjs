// Server time of every console page with 100,000 simulations of the partner and 100,000 entries in
// its request journal (the target: each page's p95 under 50 ms). Loads the simulations
// (simulation-data.mjs) and the journal (cloned entries, spread over a day) in bulk, in one
// transaction each; makes a process with its messages and a notification through the API; logs in to
// the console like a browser, then times each page one request at a time over loopback (the
// network's share is a fraction of a ms). A search answers a redirect (303) or a miss (404): timed
// as such, not followed.
// Usage: node bench/console-pages.mjs [count]
import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadSimulations } from './simulation-data.mjs'
import { EXAMPLE, ensureBuilt, fmt, pinBenchToCpu1, startSandbox } from './simulations-support.mjs'

const COUNT = Number(process.argv[2] ?? 100_000)
const REQUESTS = 50
const TARGET_MS = 50

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
  await fetch(`${sandbox.url}/v1/simulations`, {
    method: 'POST',
    headers: { ...sandbox.headers, 'X-Request-Id': 'bench-template-refused' },
    body: JSON.stringify({ loanSimulator: { loanAmount: -5 } }),
  })
  await fetch(`${sandbox.url}/sandbox/requests`, { headers: sandbox.headers }) // writes the queue
  await sandbox.stop()
  const db = new Database(dbPath)
  // A bulk load a crash may lose: the bench's own connection skips the syncs.
  db.pragma('synchronous = OFF')
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
  // A page far back: the entry halfway through the journal, the cursor of its "older" link.
  const halfway = db
    .prepare('SELECT seq FROM request_journal WHERE request_id = ?')
    .pluck()
    .get(`bench-${Math.floor(COUNT / 2)}`)
  db.close()
  return { halfway }
}

/** A Draft process of partner A through the API (two borrowers), with a document, a message each way and a notification (a callback registered). */
async function loadProcess(sandbox) {
  const call = async (method, path, body) => {
    const res = await fetch(`${sandbox.url}${path}`, { method, headers: sandbox.headers, ...(body ? { body: JSON.stringify(body) } : {}) })
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return res.json()
  }
  // The partner of the token (its payload names it).
  const token = sandbox.headers.Authorization.slice('Bearer '.length)
  const partner = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).partnerUniqueID
  await call('PUT', `/${partner}/callbacks/7`, { callbackUrl: 'https://partner.example/hooks' })
  const simulation = (await call('POST', '/v1/simulations', EXAMPLE)).additionalData.simulationUniqueID
  const processId = (await call('POST', '/v1/processes', { simulationUniqueId: simulation })).additionalData.processUniqueID
  const form = new FormData()
  form.append('file', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9])], { type: 'image/jpeg' }), 'fachada.jpg')
  form.append('documentTypeId', '21')
  const uploaded = await fetch(`${sandbox.url}/v1/processes/${processId}/document`, { method: 'POST', headers: { Authorization: sandbox.headers.Authorization }, body: form })
  if (uploaded.status !== 201) throw new Error(`document upload: ${uploaded.status} ${await uploaded.text()}`)
  await call('POST', `/v1/processes/${processId}/message`, { messageText: 'Enviamos a caderneta predial.' })
  await call('POST', `/sandbox/processes/${processId}/message`, { messageText: 'Precisamos do último recibo de vencimento.' })
  const notificationId = (await call('POST', `/v1/callbacks/echo/${partner}/7`, { processUniqueId: processId })).additionalData.notificationId
  return { processId, notificationId }
}

if (!pinBenchToCpu1()) process.exit()
ensureBuilt()
process.env.SANDBOX_JOURNAL_MAX_ENTRIES = String(COUNT + 1000)
// The ring's bytes bound too (100 MB by default, a third of these entries): else the sandbox's first
// write would drop the oldest two thirds, and the pages would be timed on 30,000 entries.
process.env.SANDBOX_JOURNAL_MAX_MB = '4096'
const dir = mkdtempSync(join(tmpdir(), 'sandbox-console-bench-'))
try {
  const dbPath = join(dir, 'console.db')
  const t = performance.now()
  const sample = await loadSimulations(dbPath, COUNT)
  console.log(`loaded ${fmt(COUNT)} simulations in ${fmt((performance.now() - t) / 1000, 1)} s`)
  const sizeBefore = databaseBytes(dbPath)
  const { halfway } = await loadJournal(dbPath)
  const journalBytes = databaseBytes(dbPath) - sizeBefore
  console.log(`loaded ${fmt(COUNT)} simulations and ${fmt(COUNT)} journal entries of partner A in ${fmt((performance.now() - t) / 1000, 1)} s`)
  console.log(
    `the journal's ${fmt(COUNT)} entries take ${fmt(journalBytes / 1024 / 1024, 1)} MB on disk (${fmt(journalBytes / COUNT)} bytes an entry, a Create of ~1 KB in and out)`,
  )
  const sandbox = await startSandbox({ dbPath })
  const { processId, notificationId } = await loadProcess(sandbox)
  const login = await fetch(`${sandbox.url}/console/login`, { method: 'POST', body: new URLSearchParams({ username: 'broker-a', password: 'sandbox' }), redirect: 'manual' })
  const cookie = login.headers.get('set-cookie').split(';')[0]
  const kept = (await (await fetch(`${sandbox.url}/sandbox/requests?lineCount=1`, { headers: sandbox.headers })).json()).totalRecords
  if (kept < COUNT) throw new Error(`the journal holds ${kept} entries, not ${COUNT}: its ring dropped some`)
  const pages = [
    ['requests (newest 50 of the journal)', '/console/requests'],
    ['requests, live rows', '/console/requests/rows'],
    ['requests, filtered 4xx', '/console/requests?status=4xx'],
    ['requests, path prefix', '/console/requests?path=%2Fv1%2Fsim*'],
    ['one request (refused, fields and errors)', `/console/requests/bench-${COUNT - 1}`],
    ['simulations (first 50)', '/console/simulations'],
    ['simulations, text filter', `/console/simulations?filterByText=${encodeURIComponent(sample.name.split(' ').at(-1))}`],
    ['one simulation (figures, timeline)', `/console/simulations/${sample.id}`],
    ['requests, halfway back (keyset)', `/console/requests?before=${halfway}`],
    ['requests, 4xx halfway back', `/console/requests?status=4xx&before=${halfway}`],
    ['requests, one operation', `/console/requests?operation=${encodeURIComponent('POST /v1/simulations')}`],
    ['processes', '/console/processes'],
    ['one process (borrowers, documents, timeline)', `/console/processes/${processId}`],
    ['deliveries', '/console/deliveries'],
    ['one delivery (attempts, body)', `/console/deliveries/${notificationId}`],
    ['account', '/console/account'],
    ['search: a process id (303)', `/console/search?q=${processId}`, 303],
    ['search: a simulation id (303)', `/console/search?q=${sample.id}`, 303],
    ['search: a request id (303)', `/console/search?q=bench-${COUNT - 1}`, 303],
    ['search: a notification id (303)', `/console/search?q=${notificationId}`, 303],
    ['search: a miss (404)', '/console/search?q=nothing-of-ours', 404],
    ['drive', '/console/drive'],
    ['scenarios', '/console/scenarios'],
  ]
  console.log(`${REQUESTS} requests a page, one at a time; target p95 < ${TARGET_MS} ms`)
  // The journal's API as well: its first page counts the 100,000 entries (totalRecords).
  pages.push(['API: GET /sandbox/requests (with the count)', '/sandbox/requests'], ['API: GET /sandbox/requests?status=4xx', '/sandbox/requests?status=4xx'])
  for (const [name, path, expected = 200] of pages) {
    const ms = []
    for (let i = 0; i < REQUESTS + 5; i++) {
      const started = performance.now()
      const res = await fetch(`${sandbox.url}${path}`, { headers: path.startsWith('/console') ? { cookie } : sandbox.headers, redirect: 'manual' })
      const text = await res.text()
      if (res.status !== expected) throw new Error(`${path}: ${res.status} ${text.slice(0, 2000)}`)
      if (i >= 5) ms.push(performance.now() - started)
    }
    ms.sort((a, b) => a - b)
    const p95 = percentile(ms, 95)
    console.log(`${name.padEnd(46)} p50 ${fmt(percentile(ms, 50), 1).padStart(6)} ms  p95 ${fmt(p95, 1).padStart(6)} ms${p95 > TARGET_MS ? '  OVER' : ''}`)
  }
  await sandbox.stop()
} finally {
  rmSync(dir, { recursive: true, force: true })
}
