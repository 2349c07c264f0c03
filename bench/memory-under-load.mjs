// The server's resident memory under a sustained load (the target: RSS after four 10 s
// Create loads grows less than 5% between the second and the fourth). Also Details of every
// simulation created, so the rendered-detail cache fills as it would.
// Usage: node bench/memory-under-load.mjs [seconds per load] [loads]
//   (builds dist/ first; BENCH_SKIP_BUILD=1 to skip). Server on CPU 0, autocannon on CPU 1.
import { readFileSync } from 'node:fs'
import { EXAMPLE, ensureBuilt, fmt, pinBenchToCpu1, run, settle, startSandbox } from './simulations-support.mjs'

const SECONDS = Number(process.argv[2] ?? 10)
const LOADS = Number(process.argv[3] ?? 4)

if (!pinBenchToCpu1()) process.exit()

const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024

ensureBuilt()
const sandbox = await startSandbox()
try {
  await settle(sandbox.pid)
  const idle = rssMb(sandbox.pid)
  console.log(`idle after start: ${fmt(idle, 1)} MB`)
  let n = 0
  const ids = []
  const creates = {
    url: `${sandbox.url}/v1/simulations`,
    method: 'POST',
    headers: sandbox.headers,
    requests: [
      {
        setupRequest(request) {
          n += 1
          const body = structuredClone(EXAMPLE)
          // Odd multiples of 25: never a scenario's magic amount (150 150 is slow-response's 1.5 s).
          body.loanSimulator.loanAmount = 150025 + (n % 1000) * 50
          body.borrowersSimulator.keyBorrowerName = `Cliente ${n} Martins`
          return { ...request, body: JSON.stringify(body) }
        },
        onResponse(status, body) {
          if (status === 201 && ids.length < 200_000) ids.push(JSON.parse(body).additionalData.simulationUniqueID)
        },
      },
    ],
  }
  let d = 0
  const details = {
    url: sandbox.url,
    headers: sandbox.headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/v1/simulations/${ids[d++ % ids.length]}` }) }],
  }
  const after = []
  for (let load = 1; load <= LOADS; load++) {
    const created = await run(sandbox, creates, SECONDS)
    const read = await run(sandbox, details, Math.max(2, Math.round(SECONDS / 2)))
    await settle(sandbox.pid)
    after.push(rssMb(sandbox.pid))
    console.log(
      `after load ${load}: ${fmt(after.at(-1), 1)} MB  (${fmt(created.total)} creates at ${fmt(created.rps)} req/s, ${fmt(read.total)} details; ${created.failures + read.failures} failed)`,
    )
  }
  if (after.length >= 4) {
    const growth = (after[3] / after[1] - 1) * 100
    console.log(`growth from the second load to the fourth: ${growth.toFixed(1)}%  (bound 5%: ${growth < 5 ? 'PASS' : 'FAIL'})`)
  }
} finally {
  await sandbox.stop()
}
