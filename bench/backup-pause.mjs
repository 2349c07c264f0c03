// The pause a backup causes: request p99 of Simulation Detail and Create while `mortgage-sandbox
// backup` copies the server's database in a loop, against the same load without it, rounds
// alternating. The backup runs as an operator runs it (its own process on the database file: VACUUM
// INTO in one read transaction); the scheduled backup runs the same copy on a worker thread.
// Usage: node bench/backup-pause.mjs [seconds per run] [rounds] [simulations to fill first]
//   Build first (npm run build) or let it build. The lead measures on a quiet machine.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EXAMPLE, ensureBuilt, fmt, ROOT, run, settle, startSandbox } from './simulations-support.mjs'

const DURATION = Number(process.argv[2] ?? 10)
const ROUNDS = Number(process.argv[3] ?? 2)
const FILL = Number(process.argv[4] ?? 5000)

ensureBuilt()
const dir = mkdtempSync(join(tmpdir(), 'backup-pause-'))
const dbPath = join(dir, 'sandbox.db')
const sandbox = await startSandbox({ dbPath })
let n = 0
const creates = (duration, amount) => ({
  duration,
  ...(amount ? { amount } : {}),
  url: `${sandbox.url}/v1/simulations`,
  method: 'POST',
  headers: sandbox.headers,
  requests: [
    {
      setupRequest(request) {
        n += 1
        const body = structuredClone(EXAMPLE)
        body.borrowersSimulator.keyBorrowerName = `Cliente ${n} Martins`
        return { ...request, body: JSON.stringify(body) }
      },
    },
  ],
})

/** Backups one after another until stopped, each into a new file; their times. */
function backupLoop() {
  let going = true
  let i = 0
  const times = []
  const done = (async () => {
    while (going) {
      const target = join(dir, `backup-${(i += 1)}.db`)
      const started = performance.now()
      const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), 'backup', '--to', target], {
        env: { ...process.env, SANDBOX_DB: dbPath },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      const code = await new Promise((resolve) => child.once('exit', resolve))
      if (code !== 0) throw new Error(`backup exited ${code}`)
      times.push(performance.now() - started)
      rmSync(target, { force: true })
    }
  })()
  return { stop: async () => ((going = false), await done, times) }
}

try {
  console.log(`filling ${FILL} simulations…`)
  await run(sandbox, creates(600, FILL))
  const created = await fetch(`${sandbox.url}/v1/simulations`, { method: 'POST', headers: sandbox.headers, body: JSON.stringify(EXAMPLE) })
  const { simulationUniqueID } = (await created.json()).additionalData
  const details = { duration: DURATION, url: `${sandbox.url}/v1/simulations/${simulationUniqueID}`, headers: sandbox.headers }
  const rows = []
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const withBackup of round % 2 === 0 ? [false, true] : [true, false]) {
      await settle(sandbox.pid)
      const loop = withBackup ? backupLoop() : undefined
      const detail = await run(sandbox, details)
      const create = await run(sandbox, creates(DURATION))
      const times = (await loop?.stop()) ?? []
      rows.push({ withBackup, detail, create, backups: times })
    }
  }
  console.log('\n| backup running | Detail req/s | Detail p99 ms | Create req/s | Create p99 ms | backups (median ms) |')
  console.log('|---|---:|---:|---:|---:|---:|')
  for (const { withBackup, detail, create, backups } of rows) {
    const median = backups.length ? [...backups].sort((a, b) => a - b)[Math.floor(backups.length / 2)] : NaN
    console.log(
      `| ${withBackup ? 'yes' : 'no'} | ${fmt(detail.rps)} | ${fmt(detail.p99)} | ${fmt(create.rps)} | ${fmt(create.p99)} | ${backups.length ? `${backups.length} (${fmt(median)})` : '–'} |`,
    )
  }
} finally {
  await sandbox.stop()
  rmSync(dir, { recursive: true, force: true })
}
