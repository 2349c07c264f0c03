// Which of the server's threads wait for the disk, and how long: the server under strace (only
// fsync and fdatasync are trapped, so the rest runs at full speed), a fixed number of Simulation
// Creates at 10 connections, then every thread's disk syncs during them. The event loop's thread
// (the lowest id) should have none but the rare WAL restart (docs/decisions/0100-create-tail.md).
// Usage: node bench/create-disk-syncs.mjs [checkout] [creates] [strace output file]
//   Needs strace; build the checkout first. Runs the server on CPU 0 and autocannon on CPU 1.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'
import { createRequests, pinBenchToCpu1, serverArgs } from './simulations-support.mjs'

if (!pinBenchToCpu1()) process.exit()
const root = resolve(process.argv[2] ?? '.'),
  amount = Number(process.argv[3] ?? 5000),
  out = process.argv[4] ?? join(tmpdir(), `create-disk-syncs-${process.pid}.txt`)
const dir = mkdtempSync(join(tmpdir(), 'sb-'))
const port = 40000 + Math.floor(Math.random() * 1000)
const child = spawn('taskset', ['-c', '0', 'strace', '-f', '--seccomp-bpf', '-e', 'trace=fsync,fdatasync', '-T', '-ttt', '-o', out, process.execPath, ...serverArgs(root)], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SANDBOX_DB: join(dir, 'b.db'), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const url = `http://127.0.0.1:${port}`
for (;;) {
  try {
    if ((await fetch(`${url}/v1/health`)).ok) break
  } catch {}
  await new Promise((r) => setTimeout(r, 100))
}
const { accessToken } = await (
  await fetch(`${url}/v1/authentication`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'broker-a', password: 'sandbox' }) })
).json()
const s = { url, headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' } }
const t0 = Date.now() / 1000
const r = await new Promise((res, rej) => autocannon({ ...(({ duration, ...o }) => o)(createRequests(s)(1)), amount, connections: 10 }, (e, r) => (e ? rej(e) : res(r))))
const t1 = Date.now() / 1000
console.log('creates', r.requests.total, 'rps', Math.round(r.requests.average), 'p50', r.latency.p50, 'p99', r.latency.p99, 'max', r.latency.max, 'non2xx', r.non2xx)
// The server runs under strace (taskset execs it): stopping strace would leave the server running.
const server = spawnSync('pgrep', ['-P', String(child.pid)])
  .stdout.toString()
  .trim()
process.kill(Number(server), 'SIGTERM')
await new Promise((res) => child.once('exit', res))
const rows = readFileSync(out, 'utf8')
  .split('\n')
  .map((l) => l.match(/^(\d+)\s+([\d.]+)\s+(\w+)\((\d+).*<([\d.]+)>/))
  .filter(Boolean)
  .map((m) => ({ tid: +m[1], t: +m[2], sc: m[3], fd: m[4], d: +m[5] }))
  .filter((x) => x.t >= t0 && x.t <= t1)
const main = Math.min(...rows.map((x) => x.tid))
const by = {}
for (const x of rows) (by[x.tid === main ? `${x.tid} (event loop)` : `${x.tid}`] ??= []).push(x.d * 1000)
for (const [k, v] of Object.entries(by)) {
  v.sort((a, b) => a - b)
  console.log(`thread ${k}: ${v.length} disk syncs, p50 ${v[v.length >> 1].toFixed(1)} ms, max ${v.at(-1).toFixed(1)} ms, sum ${v.reduce((a, b) => a + b, 0).toFixed(0)} ms`)
}
if (!by[Object.keys(by).find((k) => k.includes('event loop'))]) console.log('the event loop waited for no disk sync')
