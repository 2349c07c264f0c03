// Shared by the partner benches: partners signed up on a running sandbox, and paced requests whose
// latency is taken one by one (autocannon measures a closed loop; a partner's p95 needs an open one).
import http from 'node:http'

export const OPERATOR_TOKEN = 'operator-token-of-the-benches-0123456789abcdef'

/** The environment of a hosted sandbox for the benches: sign-up open and not throttled, an operator token. */
export const HOSTED_ENV = {
  SANDBOX_MODE: 'hosted',
  SANDBOX_SIGNUP: 'open',
  SANDBOX_SIGNUPS_PER_HOUR: '0',
  SANDBOX_OPERATOR_TOKEN: OPERATOR_TOKEN,
  SANDBOX_DEMO_IDENTITIES: 'true',
  SANDBOX_SECRETS_KEY: 'bench-secrets-key-bench-secrets-key-0123',
}

/** A partner signed up through POST /sandbox/signup and logged in. */
export async function signUp(url, partnerName) {
  const created = await fetch(`${url}/sandbox/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ partnerName, contactEmail: `dev@${partnerName.toLowerCase().replace(/\W+/g, '-')}.example` }),
  })
  if (created.status !== 201) throw new Error(`sign-up answered ${created.status}: ${await created.text()}`)
  const credentials = await created.json()
  const login = await fetch(`${url}/v1/authentication`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: credentials.username, password: credentials.password }),
  })
  const { accessToken } = await login.json()
  return { ...credentials, headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' } }
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/**
 * An open loop: `rate` requests a second for `seconds`, each sent on its schedule whatever the
 * previous answers did (a partner does not wait for another's answer), over keep-alive
 * connections. `next()` gives each request `{ method, path, headers, body? }`. Answers the latency
 * of each request in milliseconds, its p50/p95/p99, the answers by status, and each request's
 * `{ at, ms }` (seconds from the start when it was sent, its latency) for a bench that reads a part.
 */
export async function openLoop(url, next, { rate, seconds, sockets = 64 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets })
  const latencies = []
  const samples = []
  const statuses = {}
  let failed = 0
  const one = ({ method = 'GET', path, headers, body }) =>
    new Promise((resolve) => {
      const start = performance.now()
      const req = http.request(new URL(path, url), { agent, method, headers }, (res) => {
        res.resume()
        res.on('end', () => {
          latencies.push(performance.now() - start)
          samples.push({ at: (start - begin) / 1000, ms: performance.now() - start })
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
          resolve()
        })
      })
      req.on('error', () => {
        failed += 1
        resolve()
      })
      req.end(body)
    })
  const pending = []
  const begin = performance.now()
  const total = Math.round(rate * seconds)
  for (let sent = 0; sent < total;) {
    // Every request whose time has come, then sleep until the next one's.
    const due = Math.min(total, Math.floor(((performance.now() - begin) * rate) / 1000) + 1)
    for (; sent < due; sent++) pending.push(one(next(sent)))
    const wait = begin + (sent * 1000) / rate - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
  }
  await Promise.all(pending)
  const elapsed = (performance.now() - begin) / 1000
  agent.destroy()
  const sorted = latencies.sort((a, b) => a - b)
  return {
    count: sorted.length,
    failed,
    achieved: sorted.length / elapsed,
    statuses,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    samples,
  }
}

/** `rate` GETs of one path a second for `seconds` (see openLoop). */
export const paced = (url, path, headers, { rate, seconds }) => openLoop(url, () => ({ path, headers }), { rate, seconds, sockets: 8 })

/** A multipart body of Document Create with a 1 MB PDF (a real header, filler, a trailer), type 34 (the process's own). */
export function uploadForm(size = 1024 * 1024) {
  const pdf = Buffer.alloc(size, 0x20)
  pdf.write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 0, 'latin1')
  pdf.write('\n%%EOF\n', size - 7, 'latin1')
  const boundary = '----sandboxbench7MA4YWxkTrZu0gW'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="documentTypeId"\r\n\r\n34\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
  return { boundary, body: Buffer.concat([Buffer.from(head), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]) }
}
