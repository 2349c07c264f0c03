// A stop under load: 20 keep-alive clients creating simulations, SIGTERM,
// then: the exit code and how long the stop took, what the clients saw (answers, Connection:
// close, 503, resets without an answer), and whether every acknowledged create is found after a
// restart on the same database file.
// Usage: node bench/stop-under-load.mjs [seconds of load before the stop]
//   (builds dist/ first; BENCH_SKIP_BUILD=1 to skip).
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EXAMPLE, ensureBuilt, startSandbox } from './simulations-support.mjs'

const LOAD_SECONDS = Number(process.argv[2] ?? 3)
const CLIENTS = 20

ensureBuilt()
const dir = mkdtempSync(join(tmpdir(), 'sandbox-stop-'))
const dbPath = join(dir, 'stop.db')
const sandbox = await startSandbox({ dbPath })
const acknowledged = []
const seen = { answered: 0, connectionClose: 0, unavailable: 0, reset: 0, refused: 0, other: {} }
let stopping = false
const body = JSON.stringify(EXAMPLE)

async function client() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  for (;;) {
    const outcome = await new Promise((resolve) => {
      const req = http.request(`${sandbox.url}/v1/simulations`, { agent, method: 'POST', headers: { ...sandbox.headers, 'Content-Length': Buffer.byteLength(body) } })
      req.on('response', (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection, body: Buffer.concat(chunks).toString() }))
      })
      req.on('error', (error) => resolve({ error: error.code ?? error.message }))
      req.end(body)
    })
    if ('error' in outcome) {
      if (outcome.error === 'ECONNREFUSED') seen.refused += 1
      else if (outcome.error === 'ECONNRESET' || outcome.error === 'EPIPE') seen.reset += 1
      else seen.other[outcome.error] = (seen.other[outcome.error] ?? 0) + 1
      // After the stop, a refused connection is the answer: the sandbox is gone.
      if (stopping) break
      continue
    }
    seen.answered += 1
    if (outcome.connection === 'close') seen.connectionClose += 1
    if (outcome.status === 201) acknowledged.push(JSON.parse(outcome.body).additionalData.simulationUniqueID)
    else if (outcome.status === 503) seen.unavailable += 1
    if (stopping && outcome.connection === 'close' && outcome.status === 503) break
  }
  agent.destroy()
}

const clients = Array.from({ length: CLIENTS }, client)
await new Promise((r) => setTimeout(r, LOAD_SECONDS * 1000))
const before = acknowledged.length
stopping = true
const started = performance.now()
const exit = new Promise((resolve) => sandbox.child.once('exit', (code) => resolve(code)))
sandbox.child.kill('SIGTERM')
const code = await exit
const took = performance.now() - started
await Promise.all(clients)
console.log(`${CLIENTS} keep-alive clients, ${LOAD_SECONDS} s of creates (${before} acknowledged before SIGTERM, ${acknowledged.length - before} after)`)
console.log(`SIGTERM to exit: ${Math.round(took)} ms, exit code ${code}`)
console.log(
  `clients saw: ${seen.answered} answers (${seen.connectionClose} with Connection: close, ${seen.unavailable} 503), ${seen.reset} resets without an answer, ${seen.refused} refused connections${Object.keys(seen.other).length ? `, other ${JSON.stringify(seen.other)}` : ''}`,
)

// Every acknowledged create must be there after a restart.
const again = await startSandbox({ dbPath })
try {
  let missing = 0
  for (const id of acknowledged) {
    const res = await fetch(`${again.url}/v1/simulations/${id}`, { headers: again.headers })
    if (res.status !== 200) missing += 1
    await res.arrayBuffer()
  }
  console.log(`after a restart: ${acknowledged.length - missing} of ${acknowledged.length} acknowledged creates found`)
} finally {
  await again.stop()
  rmSync(dir, { recursive: true, force: true })
}
