// Logins: an unknown username and a wrong password must take the same time (the median of 50 of
// each, within 20%); and the throughput of valid logins side by side with another build. Against a
// build from before scrypt went from N=4096 to N=2^17 (docs/decisions.md "Platform"), expect about
// 32 times fewer logins a second: that is the price of the cost, paid once a token (an hour).
// Give it seconds enough for many hashes: at N=2^17 a loaded core makes a few a second.
// Usage: node bench/login.mjs [other checkout] [seconds] [rounds]
//   (builds dist/ first; BENCH_SKIP_BUILD=1 to skip; the other checkout must be built).
import autocannon from 'autocannon'
import { ensureBuilt, fmt, median, pinBenchToCpu1, settle, startSandbox } from './simulations-support.mjs'

const OTHER = process.argv[2]
const SECONDS = Number(process.argv[3] ?? 8)
const ROUNDS = Number(process.argv[4] ?? 3)

if (!pinBenchToCpu1()) process.exit()
// Each request names its own client address, so the address throttle never answers instead of the hash.
process.env.SANDBOX_TRUST_PROXY = 'true'

let address = 0
const login = async (url, username, password) => {
  address += 1
  const started = performance.now()
  const res = await fetch(`${url}/v1/authentication`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
    body: JSON.stringify({ username, password }),
  })
  await res.arrayBuffer()
  return { status: res.status, ms: performance.now() - started }
}

ensureBuilt()
const sandbox = await startSandbox()
try {
  // Warm-up, then 50 of each, interleaved; after every four wrong passwords a right one ends the
  // username's count, so its lock never answers in place of the hash.
  for (let i = 0; i < 20; i++) await login(sandbox.url, 'broker-a', 'sandbox')
  const wrong = []
  const unknown = []
  for (let i = 0; i < 50; i++) {
    const w = await login(sandbox.url, 'broker-a', `wrong-${i}`)
    const u = await login(sandbox.url, `nobody-${i}`, `wrong-${i}`)
    if (w.status !== 401 || u.status !== 401) throw new Error(`expected 401s, got ${w.status} and ${u.status}`)
    wrong.push(w.ms)
    unknown.push(u.ms)
    if (i % 4 === 3) await login(sandbox.url, 'broker-a', 'sandbox')
  }
  const [mw, mu] = [median(wrong), median(unknown)]
  const gap = Math.abs(mw - mu) / Math.max(mw, mu)
  console.log(
    `median of 50: wrong password ${mw.toFixed(2)} ms, unknown username ${mu.toFixed(2)} ms: ${(gap * 100).toFixed(1)}% apart (bound 20%: ${gap <= 0.2 ? 'PASS' : 'FAIL'})`,
  )
} finally {
  await sandbox.stop()
}

if (OTHER) {
  // Valid logins, this build against the other, rounds alternating A B / B A.
  const builds = [
    { name: 'this ', sandbox: await startSandbox() },
    { name: 'other', sandbox: await startSandbox({ root: OTHER }) },
  ]
  const results = { this: [], other: [] }
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const build of round % 2 ? builds : [...builds].reverse()) {
        await settle(build.sandbox.pid)
        const r = await new Promise((resolve, reject) => {
          const instance = autocannon(
            {
              url: `${build.sandbox.url}/v1/authentication`,
              method: 'POST',
              connections: 8,
              duration: SECONDS,
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ username: 'broker-a', password: 'sandbox' }),
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          )
          autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false })
        })
        if (r.non2xx > 0) throw new Error(`${build.name}: ${r.non2xx} logins refused`)
        results[build.name.trim()].push(r.requests.average)
        console.log(`round ${round} ${build.name}: ${fmt(r.requests.average)} logins/s, p50 ${r.latency.p50} ms`)
      }
    }
    const [a, b] = [median(results.this), median(results.other)]
    console.log(`valid logins, median: this ${fmt(a)}/s, other ${fmt(b)}/s: ${(((a - b) / b) * 100).toFixed(1)}%`)
  } finally {
    for (const build of builds) await build.sandbox.stop()
  }
}
