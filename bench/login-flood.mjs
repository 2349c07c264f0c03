// A flood of one user's logins against another partner's login, on a hosted sandbox at the
// production scrypt cost (N=2^17, 128 MiB a hash) and the hosted login limits: 28, then 50, parallel
// successful logins of one user, each flood a user of its own partner. Prints how many were answered
// 200 and 429, another partner's login time alone and during each flood (bounds: the median within 1.5
// times its time alone, each within one hash of the flood more), and the server's resident memory at
// its peak during the floods over what it held before them (bound: less than 150 MB: one 128 MiB hash
// at a time). A bound missed prints FAIL and exits 1.
// Usage: node bench/login-flood.mjs [rounds]   (builds dist/ first; BENCH_SKIP_BUILD=1 to skip)
import { readFileSync } from 'node:fs'
import { HOSTED_ENV, signUp } from './partners-support.mjs'
import { ensureBuilt, median, pinBenchToCpu1, startSandbox } from './simulations-support.mjs'

const ROUNDS = Number(process.argv[2] ?? 1)
const FLOODS = [28, 50]

if (!pinBenchToCpu1()) process.exit()

/** The server's resident memory now, in bytes (Linux). */
const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024

/** Samples the server's resident memory every 5 ms until stopped: its peak. */
function rssPeak(pid) {
  let peak = rssOf(pid)
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 5)
  return () => {
    clearInterval(timer)
    return Math.max(peak, rssOf(pid))
  }
}

const login = async (url, username, password, address) => {
  const started = performance.now()
  const res = await fetch(`${url}/v1/authentication`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ username, password }),
  })
  const body = await res.json()
  return { status: res.status, code: body.errors?.[0]?.errorCode, ms: performance.now() - started }
}

const MB = 1024 * 1024
const fmtMs = (ms) => `${ms.toFixed(0)} ms`
let failed = false
const verdict = (ok) => {
  failed ||= !ok
  return ok ? 'PASS' : 'FAIL'
}

ensureBuilt()
// The client address from X-Forwarded-For (one trusted hop): the flood and the other partner are different clients.
const sandbox = await startSandbox({ env: { ...HOSTED_ENV, SANDBOX_TRUST_PROXY: 'true' } })
try {
  const other = await signUp(sandbox.url, 'Other Partner')
  // Another partner's login alone: three, after one to warm up (its first login was signUp's).
  await login(sandbox.url, other.username, other.password, '192.0.2.20')
  const aloneTimes = []
  for (let i = 0; i < 3; i++) aloneTimes.push((await login(sandbox.url, other.username, other.password, '192.0.2.20')).ms)
  const alone = median(aloneTimes)
  console.log(`another partner's login alone: ${fmtMs(alone)} (median of ${aloneTimes.length})`)

  const baseline = rssOf(sandbox.pid)
  let peak = baseline
  for (let round = 1; round <= ROUNDS; round++) {
    for (const size of FLOODS) {
      // Each flood a partner of its own, so its user's ten logins at once are whole, and another
      // partner logging in meanwhile (its login alone costs the same as the first one's).
      const flooder = await signUp(sandbox.url, `Flood ${size} round ${round}`)
      const bystander = await signUp(sandbox.url, `Bystander ${size} round ${round}`)
      const stop = rssPeak(sandbox.pid)
      const statuses = {}
      let answered = 0
      let refusalsAnswered
      const refusals = new Promise((resolve) => (refusalsAnswered = resolve))
      const expectedRefusals = size - 9
      const flood = Array.from({ length: size }, () =>
        login(sandbox.url, flooder.username, flooder.password, `198.51.100.${size}`).then((answer) => {
          const key = answer.code ? `${answer.status} ${answer.code}` : String(answer.status)
          statuses[key] = (statuses[key] ?? 0) + 1
          if (++answered === expectedRefusals) refusalsAnswered()
          return answer
        }),
      )
      // The refusals answer at once; then the admitted logins are waiting for the hash slot. The other
      // partner logs in right then, the worst moment (a hash of the flood has just begun: it waits for
      // all of it), then at random moments while the flood lasts (half of one, on average).
      await refusals
      let floodDone = false
      const answersPromise = Promise.all(flood).then((answers) => ((floodDone = true), answers))
      const first = await login(sandbox.url, bystander.username, bystander.password, '192.0.2.21')
      const later = []
      while (!floodDone && later.length < 6) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * alone))
        if (!floodDone) later.push(await login(sandbox.url, bystander.username, bystander.password, '192.0.2.21'))
      }
      const answers = await answersPromise
      const roundPeak = stop()
      peak = Math.max(peak, roundPeak)
      const slowest = Math.max(...answers.filter((a) => a.status === 200).map((a) => a.ms))
      console.log(
        `round ${round}, ${size} parallel logins of one user: ${Object.entries(statuses)
          .map(([status, n]) => `${n} × ${status}`)
          .join(', ')}; slowest 200 ${fmtMs(slowest)}`,
      )
      const during = [first, ...later]
      const ratioOf = (d) => d.ms / alone
      const allAnswered = during.every((d) => d.status === 200)
      const laterMedian = later.length > 0 ? median(later.map(ratioOf)) : ratioOf(first)
      const most = Math.max(...during.map(ratioOf))
      console.log(`  another partner's login during (× alone): ${during.map((d) => `${ratioOf(d).toFixed(2)}${d.status === 200 ? '' : ` (${d.status})`}`).join(', ')}`)
      console.log(
        `  at random moments, median ${laterMedian.toFixed(2)} of ${later.length} (bound 1.5: ${verdict(allAnswered && laterMedian <= 1.5)}); ` +
          `the most ${most.toFixed(2)} (a hash of the flood ahead at most, bound 2.2: ${verdict(allAnswered && most <= 2.2)}); RSS peak ${(roundPeak / MB).toFixed(0)} MB`,
      )
    }
  }
  const growth = (peak - baseline) / MB
  console.log(
    `server RSS: ${(baseline / MB).toFixed(0)} MB before the floods, ${(peak / MB).toFixed(0)} MB at the peak: +${growth.toFixed(0)} MB (bound 150: ${verdict(growth < 150)})`,
  )
} finally {
  await sandbox.stop()
}
if (failed) process.exitCode = 1
