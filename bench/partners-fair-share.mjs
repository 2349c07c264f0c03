// Fair share on a hosted sandbox (issue 12 "Done when"): partner B's Simulation Detail p95 alone,
// while partner A sends at its rate limit, and while A floods far past it (50 connections, as fast
// as the server answers: mostly 429). B stays within its own limit, at a steady pace.
// Usage: node bench/partners-fair-share.mjs [seconds per phase] [rate limit a second]
//   (builds dist/ first; BENCH_SKIP_BUILD=1 to skip). Server on CPU 0, this script and the flood on CPU 1.
import autocannon from 'autocannon'
import { HOSTED_ENV, paced, signUp } from './partners-support.mjs'
import { EXAMPLE, ensureBuilt, fmt, pinBenchToCpu1, settle, startSandbox } from './simulations-support.mjs'

const SECONDS = Number(process.argv[2] ?? 20)
const LIMIT = Number(process.argv[3] ?? 20)
// B asks for three quarters of its limit, so its own bucket never refuses it.
const B_RATE = Math.max(1, Math.floor(LIMIT * 0.75))

if (!pinBenchToCpu1()) process.exit()
Object.assign(process.env, HOSTED_ENV, { SANDBOX_RATE_LIMIT: String(LIMIT) })

ensureBuilt()
const sandbox = await startSandbox()
try {
  const a = await signUp(sandbox.url, 'Parceiro A')
  const b = await signUp(sandbox.url, 'Parceiro B')
  const simulationOf = async (partner) => {
    const res = await fetch(`${sandbox.url}/v1/simulations`, { method: 'POST', headers: partner.headers, body: JSON.stringify(EXAMPLE) })
    return (await res.json()).additionalData.simulationUniqueID
  }
  const bDetail = `/v1/simulations/${await simulationOf(b)}`
  const aDetail = `${sandbox.url}/v1/simulations/${await simulationOf(a)}`
  // Let the buckets fill again after the set-up.
  await new Promise((r) => setTimeout(r, 6000))
  const measureB = () => paced(sandbox.url, bDetail, b.headers, { rate: B_RATE, seconds: SECONDS })
  const flood = (options) =>
    new Promise((resolve, reject) => {
      const instance = autocannon({ url: aDetail, headers: a.headers, duration: SECONDS + 1, ...options }, (error, r) => (error ? reject(error) : resolve(r)))
      autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false })
    })
  console.log(`rate limit ${LIMIT} requests/s per partner (burst ${LIMIT * 5}); B: ${B_RATE} Details/s for ${SECONDS} s per phase`)
  const line = (name, r, extra = '') =>
    console.log(`${name.padEnd(30)} B p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  (${r.count} requests: ${JSON.stringify(r.statuses)})${extra}`)

  await settle(sandbox.pid)
  const alone = await measureB()
  line('B alone', alone)

  await settle(sandbox.pid)
  const [atLimit, aPaced] = await Promise.all([measureB(), flood({ connections: 4, overallRate: LIMIT })])
  line('B, A at its limit', atLimit, `  ratio ${(atLimit.p95 / alone.p95).toFixed(2)}; A ${fmt(aPaced['2xx'])} answered, ${fmt(aPaced.non2xx)} refused`)

  await new Promise((r) => setTimeout(r, 6000))
  await settle(sandbox.pid)
  const [flooded, aFlood] = await Promise.all([measureB(), flood({ connections: 50 })])
  line('B, A flooding (50 connections)', flooded, `  ratio ${(flooded.p95 / alone.p95).toFixed(2)}; A ${fmt(aFlood['2xx'])} answered, ${fmt(aFlood.non2xx)} refused (${fmt(aFlood.requests.average)} req/s)`)

  const verdict = flooded.p95 <= alone.p95 * 1.5 && atLimit.p95 <= alone.p95 * 1.5 ? 'PASS' : 'FAIL'
  console.log(`B's p95 within 1.5x of alone while A floods: ${verdict}`)
} finally {
  await sandbox.stop()
}
