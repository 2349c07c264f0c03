// Cold start of the server process to the first 200 on /v1/health: on a fresh database file
// (migrations and every seed) and on a restart over an existing one. Run `npm run build` first.
//   node bench/startup.mjs [runs]
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { ROOT, serverArgs } from './simulations-support.mjs'

const runs = Number(process.argv[2] ?? 7)
const port = 18500 + Math.floor(Math.random() * 400)

async function startOnce(dbPath) {
  const started = performance.now()
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SANDBOX_DB: dbPath, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/v1/health`)
        if (res.status === 200) return performance.now() - started
      } catch {}
      if (performance.now() - started > 10_000) throw new Error('no answer within 10 s')
      await sleep(2)
    }
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { median: sorted[Math.floor(sorted.length / 2)].toFixed(0), max: sorted.at(-1).toFixed(0) }
}

const fresh = []
const restart = []
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-startup-'))
  const db = join(dir, 'sandbox.db')
  fresh.push(await startOnce(db))
  restart.push(await startOnce(db))
  rmSync(dir, { recursive: true, force: true })
}
const f = stats(fresh)
const r = stats(restart)
console.log(`cold start, fresh database (migrations + all seeds): median ${f.median} ms, max ${f.max} ms over ${runs} runs`)
console.log(`restart on an existing database:                     median ${r.median} ms, max ${r.max} ms over ${runs} runs`)
