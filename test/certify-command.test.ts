import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCertifyCommand } from '../src/cli/commands/certify.ts'
import { simulationInput } from './modules/simulations/simulation-fixtures.ts'
import { listenOnLoopback } from './support/listening-app.ts'
import { tempDir } from './support/temp-dir.ts'
import { createTestSandbox, type TestSandbox } from './support/test-app.ts'

let s: TestSandbox
let server: Awaited<ReturnType<typeof listenOnLoopback>>
let url: string
let dir: string

beforeAll(async () => {
  s = await createTestSandbox()
  server = await listenOnLoopback(s.app)
  url = server.url
  dir = tempDir('certify')
})
afterAll(() => server.close())

/** Runs `mortgage-sandbox certify …` against the listening sandbox as broker-a: what it printed and its exit code. */
async function certify(...argv: string[]) {
  const lines: string[] = []
  const code = await runCertifyCommand(argv, { SANDBOX_URL: url, SANDBOX_USERNAME: 'broker-a', SANDBOX_PASSWORD: 'sandbox' }, (line) => lines.push(line))
  return { code, text: lines.join('\n') }
}

describe('mortgage-sandbox certify', () => {
  it('passes the checks the client exercised, writes the signed report, and the report checks', async () => {
    const created = await s.call('POST', '/v1/simulations', { body: simulationInput(), headers: { 'Accept-Language': 'en' } })
    expect(created.status).toBe(201)
    const report = join(dir, 'certification.json')
    const run = await certify('--checks', 'client-sends-accept-language,journey-simulation-eligible', '--report', report)
    expect(run.code, run.text).toBe(0)
    expect(run.text).toMatch(/^Certification run [0-9a-f-]+: PASSED/)
    expect(run.text).toContain('PASS  journey-simulation-eligible  Journey: an eligible simulation')
    // A run of two checks says so, and names those it left out: never a bare PASSED.
    expect(run.text).toMatch(/\n  2 of 19 checks run: 2 passed\. Left out: receiver-accepts-signed, /)
    expect(run.text).toContain('LEFT OUT  client-pages-lists  The client walks a list with nextRecord')
    const signed = JSON.parse(readFileSync(report, 'utf8')).report
    expect(signed.status).toBe('passed')
    expect(signed.checksInAll).toBe(19)
    expect(signed.checksLeftOut).toHaveLength(17)
    expect(signed.checksLeftOut).toContain('receiver-answers-in-time')

    const checked = await certify('--check-report', report)
    expect(checked.code, checked.text).toBe(0)
    expect(checked.text).toMatch(/^VALID: run [0-9a-f-]+ of partner 7d1c3f2a/)
    expect(checked.text).toContain('2 checks passed of 19; left out: receiver-accepts-signed,')

    const forged = JSON.parse(readFileSync(report, 'utf8'))
    forged.report.checks.push({ id: 'client-pages-lists', category: 'client', status: 'passed' })
    writeFileSync(report, JSON.stringify(forged))
    const refused = await certify('--check-report', report)
    expect(refused.code).toBe(1)
    expect(refused.text).toMatch(/^INVALID/)
  })

  it('exits 1 when a check was not exercised, printing its advice', async () => {
    const run = await certify('--checks', 'client-pages-lists', '--lang', 'pt-PT')
    expect(run.code).toBe(1)
    expect(run.text).toContain('INCOMPLETE')
    expect(run.text).toContain('SKIP  client-pages-lists  O cliente percorre uma lista com nextRecord')
    expect(run.text).toContain('-> Quando hasMoreResults é true')
  })

  it('tells a report it cannot write or read from an unreachable sandbox (exit 2)', async () => {
    expect((await s.call('GET', '/v1/simulations', { headers: { 'Accept-Language': 'pt-PT' } })).status).toBe(200)
    const unwritable = await certify('--checks', 'client-sends-accept-language', '--report', join(dir, 'no-such-folder', 'r.json'))
    expect(unwritable.code).toBe(2)
    expect(unwritable.text).toMatch(/Cannot write the report to .*no-such-folder/)
    const missing = await certify('--check-report', join(dir, 'missing.json'))
    expect(missing.code).toBe(2)
    expect(missing.text).toMatch(/^Cannot read the report/)
    const down = await runCertifyCommand(['--url', 'http://127.0.0.1:9', '--username', 'a', '--password', 'b'], {}, () => {})
    expect(down).toBe(2)
  })

  it('opens a window with --start, then judges only the requests the client marked, each failing one shown by time, method, path and status', async () => {
    const started = await certify('--start')
    expect(started.code, started.text).toBe(0)
    const windowId = /^Certification window ([0-9a-f-]{36}) open since /.exec(started.text)![1]!
    expect(started.text).toContain(`  X-Sandbox-Certification: ${windowId}`)
    // A person's curl (no Accept-Language, unmarked) and the client's marked request, also without it.
    s.clock.advance(1000)
    await s.call('GET', '/v1/simulations', { headers: { 'X-Request-Id': 'person-curl' } })
    const at = s.clock.now().toISOString()
    await s.call('GET', '/v1/processes', { headers: { 'X-Sandbox-Certification': windowId, 'X-Request-Id': 'client-marked' } })
    s.clock.advance(1000)
    const run = await certify('--checks', 'client-sends-accept-language')
    expect(run.code).toBe(1)
    expect(run.text).toContain(`only the requests marked X-Sandbox-Certification: ${windowId})`)
    expect(run.text).toMatch(new RegExp(`\n {8}${at.replace(/[.]/g, '\\.')}  GET /v1/processes -> 200: .+ \\[request client-marked\\]`))
    expect(run.text).not.toContain('person-curl')
  })

  it('exits 2 on bad usage, a refused login or an unknown check', async () => {
    expect((await certify('--nope')).code).toBe(2)
    const login = await runCertifyCommand(['--url', url, '--username', 'broker-a', '--password', 'wrong'], {}, () => {})
    expect(login).toBe(2)
    const unknown = await certify('--checks', 'client-is-nice')
    expect(unknown.code).toBe(2)
    expect(unknown.text).toContain('checks.0')
  })
})
