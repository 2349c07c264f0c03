// Document upload throughput and server memory of this checkout against another build, side by side
// (written for the move of the multipart parser to busboy: the build before it is the other side).
// Each round, on each side: 200 uploads of 1 MB, then 20 of 10 MB (Document Create, 4 at a time,
// keep-alive), timed from the first request to the last answer; the server's CPU time per MB (from
// /proc) and its resident memory, sampled every 5 ms, peak and growth over the round's start. The
// documents are deleted between the sets, untimed. Rounds alternate A B / B A; medians are printed,
// and the median of each round's own ratio (the two sides' runs of a round follow each other, so the
// machine's drift between rounds weighs less there).
// Usage: node bench/compare-uploads.mjs <other checkout> [rounds=4] [concurrency=4]
//   (builds dist/ first; BENCH_SKIP_BUILD=1 to skip; the other checkout must be built). Servers run
//   on CPU 0, this script on CPU 1, as in the other benches.
import http from 'node:http'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { cpuMicros, ensureBuilt, EXAMPLE, fmt, median, pinBenchToCpu1, ROOT, settle, startSandbox } from './simulations-support.mjs'

const OTHER = process.argv[2] ? resolve(process.argv[2]) : undefined
const ROUNDS = Number(process.argv[3] ?? 4)
const CONCURRENCY = Number(process.argv[4] ?? 4)
const MB = 1024 * 1024
const SETS = [
  { key: '1MB', size: 1 * MB, count: 200 },
  { key: '10MB', size: 10 * MB, count: 20 },
]
if (!OTHER) {
  console.error('usage: node bench/compare-uploads.mjs <other checkout> [rounds] [concurrency]')
  process.exit(2)
}
if (!pinBenchToCpu1()) process.exit()

const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024

/** A multipart body with a PDF of `size` bytes (a real header, filler, a trailer) and the type field. */
function formOf(size) {
  const pdf = Buffer.alloc(size, 0x20)
  pdf.write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 0, 'latin1')
  pdf.write('\n%%EOF\n', size - 7, 'latin1')
  const boundary = '----sandboxbench7MA4YWxkTrZu0gW'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="documentTypeId"\r\n\r\n34\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
  return { boundary, body: Buffer.concat([Buffer.from(head), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]) }
}
const FORMS = Object.fromEntries(SETS.map((set) => [set.key, formOf(set.size)]))

function send(agent, url, method, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: body ? { ...headers, 'Content-Length': String(body.length) } : headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode, text }))
    })
    req.once('error', reject)
    req.end(body)
  })
}

async function side(root, label) {
  const sandbox = await startSandbox({ root })
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  const auth = { Authorization: sandbox.headers.Authorization }
  const json = async (method, path, body) => {
    const res = await send(agent, sandbox.url + path, method, sandbox.headers, body ? Buffer.from(JSON.stringify(body)) : undefined)
    if (res.status >= 300) throw new Error(`${label}: ${method} ${path}: ${res.status} ${res.text}`)
    return JSON.parse(res.text)
  }
  const simulation = await json('POST', '/v1/simulations', EXAMPLE)
  const process = await json('POST', '/v1/processes', { simulationUniqueId: simulation.additionalData.simulationUniqueID })
  const path = `/v1/processes/${process.additionalData.processUniqueID}/document`

  /** `count` uploads of one form, CONCURRENCY at a time; answers the document ids. */
  async function uploads(form, count) {
    const headers = { ...auth, 'Content-Type': `multipart/form-data; boundary=${form.boundary}` }
    const ids = []
    let next = 0
    const worker = async () => {
      while (next < count) {
        next += 1
        const res = await send(agent, sandbox.url + path, 'POST', headers, form.body)
        if (res.status !== 201) throw new Error(`${label}: upload answered ${res.status} ${res.text}`)
        ids.push(JSON.parse(res.text).additionalData.documentUniqueID)
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    return ids
  }
  const removeAll = async (ids) => {
    for (const id of ids) await json('DELETE', `${path}/${id}`)
  }

  // Warm-up, not counted: code paths, statements, SQLite's pages.
  await removeAll(await uploads(FORMS['1MB'], 20))
  await removeAll(await uploads(FORMS['10MB'], 4))

  return {
    label,
    rounds: [],
    async round() {
      const figures = {}
      for (const set of SETS) {
        await settle(sandbox.pid)
        const before = rssMb(sandbox.pid)
        let peak = before
        const sampler = setInterval(() => (peak = Math.max(peak, rssMb(sandbox.pid))), 5)
        const cpu = cpuMicros(sandbox.pid)
        const started = performance.now()
        const ids = await uploads(FORMS[set.key], set.count)
        const seconds = (performance.now() - started) / 1000
        clearInterval(sampler)
        peak = Math.max(peak, rssMb(sandbox.pid))
        const megabytes = (set.size * set.count) / MB
        figures[set.key] = {
          mbPerSecond: megabytes / seconds,
          uploadsPerSecond: set.count / seconds,
          cpuMsPerMb: (cpuMicros(sandbox.pid) - cpu) / 1000 / megabytes,
          peakRss: peak,
          growth: peak - before,
        }
        await removeAll(ids)
      }
      this.rounds.push(figures)
      return figures
    },
    async stop() {
      agent.destroy()
      await sandbox.stop()
    },
  }
}

ensureBuilt()
const after = await side(ROOT, 'this checkout')
const before = await side(OTHER, OTHER)
// [field, unit, digits, compared as a ratio (else as a difference: memory figures near zero)]
const FIELDS = [
  ['mbPerSecond', 'MB/s', 1, true],
  ['cpuMsPerMb', 'CPU ms/MB', 2, true],
  ['peakRss', 'peak RSS MB', 1, false],
  ['growth', 'RSS growth MB', 1, false],
]
const line = (f) => FIELDS.map(([field, unit, digits]) => `${fmt(f[field], digits)} ${unit}`).join(', ')
try {
  console.log(`${ROUNDS} rounds alternating A B / B A, ${CONCURRENCY} uploads at a time; sets: ${SETS.map((s) => `${s.count} × ${s.size / MB} MB`).join(', ')}`)
  for (let i = 0; i < ROUNDS; i++) {
    for (const s of i % 2 === 0 ? [after, before] : [before, after]) {
      const figures = await s.round()
      for (const set of SETS) console.log(`round ${i + 1} ${s === after ? 'after ' : 'before'} ${set.key.padEnd(4)}: ${line(figures[set.key])}`)
    }
  }
  for (const set of SETS) {
    const med = (s, field) => median(s.rounds.map((r) => r[set.key][field]))
    for (const [field, unit, digits, ratio] of FIELDS) {
      const [b, a] = [med(before, field), med(after, field)]
      const pairs = after.rounds.map((r, i) => (ratio ? r[set.key][field] / before.rounds[i][set.key][field] - 1 : r[set.key][field] - before.rounds[i][set.key][field]))
      const change = (value) => (ratio ? `${fmt(value * 100, 1)}%` : `${value >= 0 ? '+' : ''}${fmt(value, 1)} MB`)
      console.log(
        `${set.key.padEnd(4)} ${unit.padEnd(13)} median: before ${fmt(b, digits)}, after ${fmt(a, digits)} (${change(ratio ? a / b - 1 : a - b)}; median of the rounds' own changes ${change(median(pairs))})`,
      )
    }
  }
} finally {
  await Promise.all([after.stop(), before.stop()])
}
