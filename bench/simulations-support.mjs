// Shared by the simulation benches: a real sandbox server in a child process (the built dist/cli.js,
// pinned to one CPU core with taskset when available), logged in as broker A.
import autocannon from 'autocannon'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The checkout whose build is measured: this one, or another (BENCH_ROOT) for a before/after comparison. */
export const ROOT = process.env.BENCH_ROOT ? resolve(process.env.BENCH_ROOT) : fileURLToPath(new URL('..', import.meta.url))

export const EXAMPLE = {
  loanSimulator: {
    loanDurationMonths: 360,
    loanAmount: 200000,
    productSchemeId: 1,
    loanPurposeId: 1,
    productPurposeId: 1,
    hasCrossSelling: true,
    interestRateTypeID: 2,
    indexTypeID: 2,
    youthCredit: false,
  },
  borrowersSimulator: {
    numberOfborrowers: 2,
    keyBorrowerName: 'Ana Sofia Martins',
    keyBorrowerBirthDate: '1994-04-12',
    keyBorrowerIncomeWagesPensions: 2600,
    keyBorrowerInstallmentPersonalCredit: 150,
    borrowerName: 'João Pedro Almeida',
    borrowerBirthDate: '1993-09-30',
    borrowerIncomeWagesPensions: 2100,
  },
  propertySimulator: { acquisitionAmount: 250000, evaluationEstimatedAmount: 255000, sustainabilityCampaign: false },
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * Runs the calling bench script on CPU 1 (re-executing it under taskset once), so that the load
 * generator never takes the server's core. Returns true in the process that should go on.
 */
export function pinBenchToCpu1() {
  if (process.env.BENCH_PINNED || spawnSync('taskset', ['--version']).status !== 0) return true
  const child = spawnSync('taskset', ['-c', '1', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: '1' },
  })
  process.exitCode = child.status ?? 1
  return false
}

/** The server's command line as `npm start` runs it (its Node flags included), from package.json. */
export function serverArgs(root = ROOT) {
  const start = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start.split(/\s+/)
  if (start[0] !== 'node') throw new Error(`npm start does not run node: ${start.join(' ')}`)
  return start.slice(1)
}

/** The Node flags `npm start` gives the server (those before the script). */
export const serverNodeFlags = (root = ROOT) => serverArgs(root).filter((arg, i, all) => i < all.indexOf('dist/cli.js'))

export function ensureBuilt(root = ROOT) {
  if (process.env.BENCH_SKIP_BUILD && existsSync(join(root, 'dist/cli.js'))) return
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('npm run build failed')
}

/**
 * Starts the server as `npm start` does (`node <flags> dist/cli.js serve`) on a free loopback port and a database file (a fresh one unless
 * given). CPU 0 runs the server; the bench (autocannon) keeps the other cores.
 */
export async function startSandbox({ dbPath, root = ROOT, env: extraEnv = {}, stdout: stdoutOption } = {}) {
  const dir = dbPath ? undefined : mkdtempSync(join(tmpdir(), 'sandbox-bench-'))
  const port = await freePort()
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', SANDBOX_DB: dbPath ?? join(dir, 'bench.db'), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', ...extraEnv }
  const pinned = spawnSync('taskset', ['--version']).status === 0
  // BENCH_SERVER_FLAGS: Node flags for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // (refused in NODE_OPTIONS, and that would profile the bench's own processes too).
  const flags = process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? []
  const serverCommand = [...flags, ...serverArgs(root)]
  const [command, args] = pinned ? ['taskset', ['-c', '0', process.execPath, ...serverCommand]] : [process.execPath, serverCommand]
  // BENCH_SERVER_STDOUT=ignore: the server's log lines go to /dev/null (benches of the logs' own cost at info);
  // `stdout: 'pipe'` hands them to the bench (`child.stdout`: minor-gc.mjs reads V8's trace there).
  const stdout = stdoutOption ?? (process.env.BENCH_SERVER_STDOUT === 'ignore' ? 'ignore' : 'inherit')
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', stdout, 'inherit'] })
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${url}/v1/health`)).ok) break
    } catch {}
    if (attempt > 200 || child.exitCode !== null) throw new Error('the sandbox did not start')
    await new Promise((r) => setTimeout(r, 50))
  }
  // BENCH_NICE=-n: the server's threads (those started later inherit it) and the bench run at that
  // priority, so that on a machine shared with other work the figures measure the server more than
  // the neighbours. Root only; the same for both sides of a comparison.
  if (process.env.BENCH_NICE) {
    const serverPid =
      spawnSync('pgrep', ['-P', String(child.pid)])
        .stdout?.toString()
        .trim() || String(child.pid)
    for (const pid of [serverPid, String(process.pid)]) {
      for (const tid of readdirSync(`/proc/${pid}/task`)) spawnSync('renice', ['-n', process.env.BENCH_NICE, '-p', tid])
    }
  }
  const login = await fetch(`${url}/v1/authentication`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'broker-a', password: 'sandbox' }),
  })
  const { accessToken } = await login.json()
  return {
    url,
    pinned,
    /** The server's process id (taskset runs node in its own process). */
    pid: child.pid,
    /** The server's process, for a bench that stops it itself. */
    child,
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)))
      if (dir) rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** BENCH_OTHER_ENV='NAME=value …': variables for the other side's servers only, in the benches that compare two builds. */
export const OTHER_ENV = Object.fromEntries(
  (process.env.BENCH_OTHER_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split('=')),
)

/** The middle value (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/**
 * The command line of a bench comparing this checkout with another one:
 * `<other checkout> [seconds per run] [rounds]`; exits with the usage when the checkout is missing.
 */
export function comparisonArgs(script, defaultRounds) {
  const [other, seconds, rounds] = process.argv.slice(2)
  if (!other) {
    console.error(`usage: node bench/${script} <other checkout> [seconds per run] [rounds]`)
    process.exit(2)
  }
  return { other: resolve(other), duration: Number(seconds ?? 10), rounds: Number(rounds ?? defaultRounds) }
}

export const fmt = (n, digits = 0) => Number(n).toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits })

/** CPU time (user + system) of a process so far, in microseconds. */
export function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10_000
}

/** One autocannon run of `duration` seconds (50 connections) against a sandbox, with the server's CPU time per request. */
export async function run(sandbox, options, duration = 10) {
  const before = cpuMicros(sandbox.pid)
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon({ connections: 50, pipelining: 1, duration, ...options }, (error, r) => (error ? reject(error) : resolve(r)))
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false })
  })
  // autocannon counts a request by its answer: 2xx only, or the figure means nothing.
  const failures = result.non2xx + result.errors + result.timeouts
  const { p50, p90, p99, max } = result.latency
  return { rps: result.requests.average, p50, p90, p99, max, total: result.requests.total, failures, cpuPerRequest: (cpuMicros(sandbox.pid) - before) / result.requests.total }
}

/**
 * Simulation Create against a sandbox, as autocannon options for `run`: every request a different
 * simulation (amount, term, name), so nothing can be served from a cache.
 */
export function createRequests(sandbox) {
  let n = 0
  return (duration) => ({
    duration,
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
          body.loanSimulator.loanDurationMonths = 240 + (n % 10) * 12
          body.borrowersSimulator.keyBorrowerName = `Cliente ${n} Martins`
          return { ...request, body: JSON.stringify(body) }
        },
      },
    ],
  })
}

/**
 * Waits until the server is idle (under 5% of a core for half a second, at most 30 s): after a run
 * of creates, its WAL checkpointer thread copies the new pages into the database file, on the same
 * core, and would be measured as part of the next run.
 */
export async function settle(pid) {
  for (let waited = 0; waited < 30_000; waited += 500) {
    const before = cpuMicros(pid)
    await new Promise((r) => setTimeout(r, 500))
    if (cpuMicros(pid) - before < 25_000) return
  }
}

/**
 * Two servers of one build, as the side-by-side benches load them: one for Simulation Create, one
 * for Detail of a simulation it holds (so the creates never grow the table the reads look in).
 * `creates(seconds)` and `details(seconds)` are autocannon options for `run`.
 */
export async function startWritesAndReads(root, env = {}) {
  const writes = await startSandbox({ root, env })
  const reads = await startSandbox({ root, env })
  const created = await fetch(`${reads.url}/v1/simulations`, { method: 'POST', headers: reads.headers, body: JSON.stringify(EXAMPLE) })
  const { simulationUniqueID } = (await created.json()).additionalData
  return {
    writes,
    reads,
    creates: createRequests(writes),
    details: (duration) => ({ duration, url: `${reads.url}/v1/simulations/${simulationUniqueID}`, headers: reads.headers }),
    stop: () => Promise.all([writes.stop(), reads.stop()]),
  }
}
