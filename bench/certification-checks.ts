// The certification's client checks over a full journal ring: 10,000 records (a local partner's
// ring), a third of them refused, with paging, 429s and bodies, all eleven checks, three times.
// Usage: npx tsx bench/certification-checks.ts
import { CLIENT_CHECKS, runClientChecks, type JournalRecord } from '../src/modules/certification/client-checks.ts'
const records: JournalRecord[] = []
for (let i = 0; i < 10_000; i++) {
  const refused = i % 3 === 0
  records.push({
    requestId: `r${i}`,
    at: new Date(Date.UTC(2026, 10, 25, 10, 0, 0) + i * 100).toISOString(),
    method: i % 2 ? 'GET' : 'POST',
    path: i % 2 ? `/v1/simulations/${crypto.randomUUID()}` : '/v1/simulations',
    query: i % 5 === 0 ? 'lineCount=1&nextRecord=x' : null,
    status: refused ? (i % 7 === 0 ? 429 : 400) : 200,
    errors: refused ? [{ errorCode: '010101', errorField: 'loanSimulator.loanAmount', errorMessage: 'x' }] : null,
    tokenId: 't',
    retryAfter: refused && i % 7 === 0 ? '10' : null,
    requestHeaders: { 'accept-language': 'pt-PT' },
    requestBody: refused ? '{"a":1}' : '{"b":2}',
    responseBody: '{"additionalData":{"elegibility":true}}',
    origin: 'api',
  })
}
// The first pass includes the JIT's warm-up.
for (let k = 0; k < 3; k++) {
  const t = performance.now()
  runClientChecks(CLIENT_CHECKS, records, [])
  console.log(`10,000 records, 11 checks: ${(performance.now() - t).toFixed(1)} ms`)
}
