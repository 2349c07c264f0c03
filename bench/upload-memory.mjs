// Memory cost of a 10 MB document upload on a real server (the target: growth under 40 MB), and the 413
// of an 11 MB one, declared by Content-Length and sent chunked. Starts src/app/server.ts through tsx in a
// child process on a fresh database file, reads the child's RSS from /proc (Linux) while uploading.
//   node bench/upload-memory.mjs
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { serverNodeFlags } from './simulations-support.mjs'

const MiB = 1024 * 1024
const LIMIT_MB = 40
const dir = mkdtempSync(join(tmpdir(), 'sandbox-upload-'))
const entry = join(dir, 'serve.mts')
writeFileSync(
  entry,
  `import { loadConfig } from ${JSON.stringify(new URL('../src/platform/config.ts', import.meta.url).pathname)}
import { startServer } from ${JSON.stringify(new URL('../src/app/server.ts', import.meta.url).pathname)}
const sandbox = await startServer(loadConfig())
process.stdout.write(JSON.stringify({ url: sandbox.url }) + '\\n')
process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)))
`,
)

// The server's Node flags as `npm start` sets them: the young generation's size changes what RSS shows.
const child = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', entry], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SANDBOX_DB: join(dir, 'sandbox.db'), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
})
const url = await new Promise((resolve, reject) => {
  let out = ''
  child.stdout.on('data', (chunk) => {
    out += chunk
    const line = out.split('\n').find((l) => l.startsWith('{'))
    if (line) resolve(JSON.parse(line).url)
  })
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
})

/** Resident set of the server process, bytes. */
const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) * 1024
const mb = (bytes) => (bytes / MiB).toFixed(1)

async function json(method, path, body, token) {
  const res = await fetch(url + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`)
  return JSON.parse(text)
}

/** A PDF of `size` bytes: a real header and trailer around filler. */
function pdfOf(size) {
  const pdf = Buffer.alloc(size, 0x20)
  pdf.write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 0, 'latin1')
  pdf.write('\n%%EOF\n', size - 7, 'latin1')
  return pdf
}

function multipart(file, fields) {
  const boundary = `----sandbox${Date.now()}`
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
  const head = Buffer.from(`${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`)
  return { boundary, body: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]) }
}

/**
 * Sends the body in 64 KiB writes (with Content-Length, or chunked), sampling the server's RSS every
 * 5 ms until the answer; resolves with the status, the peak RSS and how much the server let us send.
 */
function upload(path, token, { boundary, body }, { chunked = false } = {}) {
  return new Promise((resolve, reject) => {
    let peak = rss()
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 5)
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` }
    if (!chunked) headers['Content-Length'] = String(body.length)
    const req = request(url + path, { method: 'POST', headers })
    let written = 0
    let answered = false
    req.on('response', (res) => {
      answered = true
      let text = ''
      res.on('data', (c) => (text += c))
      res.on('end', () => {
        clearInterval(sampler)
        peak = Math.max(peak, rss())
        resolve({ status: res.statusCode, text, peak, written })
      })
    })
    req.on('error', (error) => {
      // The server closes the connection after answering 413 while we may still be writing: the
      // write fails (EPIPE) but the answer may still arrive; give up only if it does not.
      setTimeout(() => {
        if (answered) return
        clearInterval(sampler)
        reject(error)
      }, 1000)
    })
    const writeMore = () => {
      while (written < body.length && !answered) {
        const chunk = body.subarray(written, written + 64 * 1024)
        written += chunk.length
        if (!req.write(chunk)) return req.once('drain', writeMore)
      }
      if (!answered) req.end()
    }
    writeMore()
  })
}

let failed = false
try {
  const token = (await json('POST', '/v1/authentication', { username: 'broker-a', password: 'sandbox' })).accessToken
  const simulation = await json(
    'POST',
    '/v1/simulations',
    {
      loanSimulator: {
        loanDurationMonths: 360,
        loanAmount: 200000,
        productSchemeId: 1,
        loanPurposeId: 1,
        productPurposeId: 1,
        hasCrossSelling: true,
        interestRateTypeID: 2,
        indexTypeID: 2,
      },
      borrowersSimulator: { numberOfborrowers: 1, keyBorrowerName: 'Ana Sofia Martins', keyBorrowerBirthDate: '1990-04-12', keyBorrowerIncomeWagesPensions: 4500 },
      propertySimulator: { acquisitionAmount: 250000, evaluationEstimatedAmount: 255000 },
    },
    token,
  )
  const created = await json('POST', '/v1/processes', { simulationUniqueId: simulation.additionalData.simulationUniqueID }, token)
  const path = `/v1/processes/${created.additionalData.processUniqueID}/document`

  // Warm-up: code paths, statements and SQLite caches, with small files.
  for (let i = 0; i < 5; i++) await upload(path, token, multipart(pdfOf(64 * 1024), { documentTypeId: 34 }))
  await sleep(200)

  const size = 10 * MiB
  const file = multipart(pdfOf(size), { documentTypeId: 34, description: 'bench' })
  const before = rss()
  const ok = await upload(path, token, file)
  await sleep(300)
  const after = rss()
  const growth = ok.peak - before
  console.log(`10 MiB upload (${size} bytes file, ${file.body.length} bytes body): ${ok.status}; server RSS ${mb(before)} MB before, peak ${mb(ok.peak)} MB, ${mb(after)} MB after`)
  console.log(`  peak growth ${mb(growth)} MB (limit ${LIMIT_MB} MB): ${growth < LIMIT_MB * MiB ? 'ok' : 'TOO HIGH'}`)
  if (ok.status !== 201 || growth >= LIMIT_MB * MiB) failed = true

  // More of the same: garbage the GC has not collected yet adds up, then levels off (no leak).
  const peaks = []
  for (let i = 0; i < 6; i++) peaks.push((await upload(path, token, multipart(pdfOf(size), { documentTypeId: 34 }))).peak - before)
  console.log(`  6 more 10 MiB uploads, peak RSS over the first baseline: ${peaks.map(mb).join(', ')} MB`)

  const tooBig = multipart(pdfOf(11 * MiB), { documentTypeId: 34 })
  const declared = await upload(path, token, tooBig)
  console.log(`11 MiB upload with Content-Length: ${declared.status} after sending ${mb(declared.written)} MB of ${mb(tooBig.body.length)} MB`)
  const chunked = await upload(path, token, tooBig, { chunked: true })
  console.log(`11 MiB upload chunked (no Content-Length): ${chunked.status} after sending ${mb(chunked.written)} MB; peak growth ${mb(chunked.peak - before)} MB`)
  if (declared.status !== 413 || chunked.status !== 413) failed = true
} catch (error) {
  console.error(error)
  failed = true
} finally {
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
  rmSync(dir, { recursive: true, force: true })
}
process.exitCode = failed ? 1 : 0
