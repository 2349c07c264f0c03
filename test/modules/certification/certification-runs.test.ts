import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { beforeEach, describe, expect, it } from 'vitest'
import { verifyReport } from '../../../src/modules/certification/index.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'

let s: TestSandbox
beforeEach(async () => {
  s = await createTestSandbox()
})

/** A run of one client check the caller has just exercised, finished. */
async function passedRun() {
  await s.call('GET', '/v1/simulations', { headers: { 'Accept-Language': 'pt-PT' } })
  const started = await s.call('POST', '/sandbox/certification/runs', { body: { checks: ['client-sends-accept-language'] } })
  expect(started.status, started.text).toBe(202)
  await s.services.certification.idle()
  return started.json.runId as string
}

describe('certification runs: start, read, list, report', () => {
  it('refuses an unknown check and a window in the future, naming the field', async () => {
    const unknown = await s.call('POST', '/sandbox/certification/runs', { body: { checks: ['receiver-is-fast'] } })
    expect(unknown.status).toBe(400)
    expect(unknown.json.errors[0].errorField).toBe('checks.0')
    const future = await s.call('POST', '/sandbox/certification/runs', { body: { since: new Date(s.clock.now().getTime() + 3_600_000).toISOString() } })
    expect(future.status).toBe(400)
    expect(future.json.errors[0].errorField).toBe('since')
    const extra = await s.call('POST', '/sandbox/certification/runs', { body: { check: ['client-pages-lists'] } })
    expect(extra.status).toBe(400)
  })

  it('runs every check when the body is empty, and one run at a time per partner (409 010609)', async () => {
    // A receiver that holds its answer until the test lets it go: the run stays running meanwhile.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const receiver = createServer((req, res) => void held.then(() => res.writeHead(204).end()))
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    s = await createTestSandbox({ callbackAllowHttp: true, callbackAllowPrivate: true })
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
    expect((await s.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: url } })).status).toBe(201)

    const first = await s.call('POST', '/sandbox/certification/runs')
    expect(first.status, first.text).toBe(202)
    expect(first.json.checks).toHaveLength(19)
    expect(first.json.checks.every((c: any) => c.status === 'running')).toBe(true)
    const second = await s.call('POST', '/sandbox/certification/runs', { body: {} })
    expect(second.status).toBe(409)
    expect(second.json.errors[0].errorCode).toBe('010609')
    release()
    await s.services.certification.idle()
    receiver.close()
    const list = (await s.call('GET', '/sandbox/certification/runs')).json.runList
    expect(list.map((r: any) => r.runId)).toEqual([first.json.runId])
    // The receiver answers 204 to anything, forgeries included: failed. It answered in time, though;
    // its http:// address (allowed on this sandbox, a local run) is what stays for going live.
    expect(list[0].status).toBe('failed')
    expect(list[0].checks.find((c: any) => c.id === 'receiver-answers-in-time').status).toBe('passed')
    expect(list[0].goLive.map((g: any) => [g.id, g.status])).toEqual([['public-https-address', 'to-do']])
  })

  it('exports a passed run as a report signed with the published key; a changed report does not check', async () => {
    const runId = await passedRun()
    const report = await s.call('GET', `/sandbox/certification/runs/${runId}/report`)
    expect(report.status, report.text).toBe(200)
    expect(report.json.report).toMatchObject({
      kind: 'mortgage-sandbox-certification',
      runId,
      status: 'passed',
      checks: [{ id: 'client-sends-accept-language', status: 'passed' }],
    })
    const key = await s.call('GET', '/sandbox/certification/signing-key', { token: null })
    expect(key.status).toBe(200)
    expect(key.json.keyId).toBe(report.json.signature.keyId)
    expect(verifyReport(report.json, key.json.publicKeyPem)).toBe(true)
    expect(verifyReport({ ...report.json, report: { ...report.json.report, partnerUniqueID: '00000000-0000-4000-8000-000000000000' } }, key.json.publicKeyPem)).toBe(false)
  })

  it('has no report for a run that did not pass (409 010610)', async () => {
    const started = await s.call('POST', '/sandbox/certification/runs', { body: { checks: ['client-pages-lists'] } })
    await s.services.certification.idle()
    const report = await s.call('GET', `/sandbox/certification/runs/${started.json.runId}/report`)
    expect(report.status).toBe(409)
    expect(report.json.errors[0].errorCode).toBe('010610')
  })

  it("shows another partner none of a partner's runs, and a reset deletes them", async () => {
    const runId = await passedRun()
    expect((await s.call('GET', `/sandbox/certification/runs/${runId}`, { token: s.tokens.b })).status).toBe(404)
    expect((await s.call('GET', '/sandbox/certification/runs', { token: s.tokens.b })).json.runList).toEqual([])
    const reset = await s.call('POST', '/sandbox/reset')
    expect(reset.json.additionalData.deleted.certificationRuns).toBe(1)
    expect((await s.call('GET', `/sandbox/certification/runs/${runId}`)).status).toBe(404)
  })

  it('keeps the key across a restart: a report signed before still checks after', async () => {
    const runId = await passedRun()
    const report = (await s.call('GET', `/sandbox/certification/runs/${runId}/report`)).json
    const restarted = await createTestSandbox({}, { db: s.db })
    const key = (await restarted.call('GET', '/sandbox/certification/signing-key', { token: null })).json
    expect(verifyReport(report, key.publicKeyPem)).toBe(true)
  })
})
