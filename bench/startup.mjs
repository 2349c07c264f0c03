// Cold start of the server process to the first 200 on /v1/health: on a fresh database file
// (migrations and every seed) and on a restart over an existing one. Run `npm run build` first.
//   node bench/startup.mjs [runs] [other checkout …]
// With other checkouts (built), the starts alternate between them and this one, so a drift of the
// machine's speed weighs on all alike. Each checkout's code cache (dist/app-*.code-cache, written by
// `dist/cli.js code-cache`) is made first where the checkout has one; BENCH_CODE_CACHE=off starts
// this checkout without it (SANDBOX_CODE_CACHE=off).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { ROOT, serverArgs, serverNodeFlags } from './simulations-support.mjs'

const runs = Number(process.argv[2] ?? 7)
const roots = [ROOT, ...process.argv.slice(3).map((root) => resolve(root))]
const port = 18500 + Math.floor(Math.random() * 400)
const ownEnv = process.env.BENCH_CODE_CACHE === 'off' ? { SANDBOX_CODE_CACHE: 'off' } : {}

async function startOnce(root, dbPath) {
  const started = performance.now()
  const child = spawn(process.execPath, serverArgs(root), {
    cwd: root,
    env: { ...process.env, ...(root === ROOT ? ownEnv : {}), PORT: String(port), HOST: '127.0.0.1', SANDBOX_DB: dbPath, LOG_LEVEL: 'warn' },
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

// With the serve command's flags, so the cache is made as the timed starts will read it.
for (const root of roots) {
  if (root === ROOT && ownEnv.SANDBOX_CODE_CACHE) continue
  spawnSync(process.execPath, [...serverNodeFlags(root), 'dist/cli.js', 'code-cache'], { cwd: root, stdio: 'ignore' })
}

const fresh = new Map(roots.map((root) => [root, []]))
const restart = new Map(roots.map((root) => [root, []]))
for (let i = 0; i < runs; i++) {
  for (const root of i % 2 ? [...roots].reverse() : roots) {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-startup-'))
    const db = join(dir, 'sandbox.db')
    fresh.get(root).push(await startOnce(root, db))
    restart.get(root).push(await startOnce(root, db))
    rmSync(dir, { recursive: true, force: true })
  }
}
for (const root of roots) {
  const f = stats(fresh.get(root))
  const r = stats(restart.get(root))
  if (roots.length > 1) console.log(root)
  console.log(`cold start, fresh database (migrations + all seeds): median ${f.median} ms, max ${f.max} ms over ${runs} runs`)
  console.log(`restart on an existing database:                     median ${r.median} ms, max ${r.max} ms over ${runs} runs`)
}
