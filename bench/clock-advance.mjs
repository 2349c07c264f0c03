// How long POST /sandbox/clock/advance takes over N pending items of one partner (docs/design.md
// "Test clock"): N simulations created with the bank-message scenario each leave one job (a bank
// message 200 s later, at SANDBOX_TIME_SCALE 100); one advance of 300 s runs them all. With --deliver, each job's notification
// (type 7) also goes to a local HTTP receiver, so the advance makes N real deliveries too.
// Usage: node bench/clock-advance.mjs [items=1000] [--deliver] [rounds=3]
import http from 'node:http'
import { EXAMPLE, ensureBuilt, fmt, startSandbox } from './simulations-support.mjs'

const args = process.argv.slice(2)
const deliver = args.includes('--deliver')
const [items = 1000, rounds = 3] = args.filter((a) => !a.startsWith('--')).map(Number)

ensureBuilt()
process.env.SANDBOX_CALLBACK_ALLOW_HTTP = 'true'
process.env.SANDBOX_CALLBACK_ALLOW_PRIVATE = 'true'
process.env.SANDBOX_RATE_LIMIT = '0'
// The bank message comes 2 s × 100 after each Create: none falls due while the bench creates them.
process.env.SANDBOX_TIME_SCALE = '100'

let received = 0
const receiver = http.createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    received += 1
    res.writeHead(204).end()
  })
})
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve))

const sandbox = await startSandbox()
const call = async (method, path, body, extra = {}) => {
  const res = await fetch(`${sandbox.url}${path}`, { method, headers: { ...sandbox.headers, ...extra }, ...(body ? { body: JSON.stringify(body) } : {}) })
  const json = await res.json()
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
  return json
}
const { partnerUniqueID } = await call('GET', '/sandbox/account')
if (deliver) await call('PUT', `/${partnerUniqueID}/callbacks/7`, { callbackUrl: `http://127.0.0.1:${receiver.address().port}/hooks` })

console.log(`${items} pending jobs${deliver ? ', each notification delivered to a local receiver' : ''}; ${rounds} rounds`)
const times = []
for (let round = 1; round <= rounds; round++) {
  received = 0
  for (let i = 0; i < items; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, items - i) }, () => call('POST', '/v1/simulations', EXAMPLE, { 'X-Sandbox-Scenario': 'bank-message' })))
  }
  const started = performance.now()
  const result = await call('POST', '/sandbox/clock/advance', { seconds: 300 })
  const ms = performance.now() - started
  times.push(ms)
  console.log(`round ${round}: ${fmt(ms)} ms, jobsRun ${result.jobsRun}, deliveryAttempts ${result.deliveryAttempts}, received ${received}`)
}
times.sort((a, b) => a - b)
console.log(`median ${fmt(times[Math.floor(times.length / 2)])} ms for ${items} jobs${deliver ? ` and ${items} deliveries` : ''}`)
await sandbox.stop()
receiver.close()
