import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createThrowawayCa, type ThrowawayCa } from '../callbacks/support/throwaway-ca.ts'
import { simulationInput } from '../simulations/simulation-fixtures.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { receiverBehaviours, startProbeReceiver } from './support/probe-receiver.ts'

const RECEIVER_CHECKS = [
  'receiver-accepts-signed',
  'receiver-refuses-forgeries',
  'receiver-refuses-stale',
  'receiver-accepts-redelivery',
  'receiver-answers-in-time',
  'receiver-tolerates-new-type',
]
const EN = { 'Accept-Language': 'en' }

let ca: ThrowawayCa
let s: TestSandbox
let receiver: Awaited<ReturnType<typeof startProbeReceiver>>
let plain: Server
const secrets: string[] = []

// One sandbox that, like a local run, allows http:// and private addresses and trusts a test CA.
beforeAll(async () => {
  ca = createThrowawayCa()
  s = await createTestSandbox({ callbackCaFile: ca.caFile, callbackAllowPrivate: true, callbackAllowHttp: true, certificationTimeoutMs: 1500 })
  receiver = await startProbeReceiver({ cert: ca.cert, key: ca.key }, receiverBehaviours(() => secrets).correct)
  plain = createServer((_req, res) => res.writeHead(204).end())
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve))
})
afterAll(async () => {
  await receiver.close()
  plain.close()
  ca.remove()
})

async function run(body: { checks?: string[] }) {
  const started = await s.call('POST', '/sandbox/certification/runs', { body, headers: EN })
  expect(started.status, started.text).toBe(202)
  await s.services.certification.idle()
  return (await s.call('GET', `/sandbox/certification/runs/${started.json.runId}`, { headers: EN })).json
}

/** A console page as broker A's session sees it, in English. */
async function consolePage(path: string): Promise<string> {
  const login = await s.request('/console/login', {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin', 'Accept-Language': 'en' },
    body: new URLSearchParams({ username: 'broker-a', password: 'sandbox' }).toString(),
  })
  const cookie = `sandbox_console=${/sandbox_console=([^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]}`
  return (await s.request(path, { headers: { Cookie: cookie, 'Accept-Language': 'en' } })).text()
}

const register = async (type: number, callbackUrl: string) => {
  const res = await s.call('PUT', `/${PARTNER_A}/callbacks/${type}`, { body: { callbackUrl } })
  expect(res.status, res.text).toBe(201)
  return res.json.additionalData.signingSecret as string
}

describe("certification on a partner's clock a day ahead", () => {
  it('passes every receiver check for a correct standardwebhooks receiver, its run dated on the real time', async () => {
    secrets.push(await register(5, receiver.url))
    expect((await s.call('POST', '/sandbox/clock/advance', { body: { seconds: 86_400 } })).status).toBe(200)
    const created = await s.call('POST', '/v1/simulations', { body: simulationInput(), headers: EN })
    expect(created.status).toBe(201)

    const result = await run({ checks: [...RECEIVER_CHECKS, 'journey-simulation-eligible'] })
    expect(result.checks.map((c: any) => [c.id, c.status])).toEqual([...RECEIVER_CHECKS, 'journey-simulation-eligible'].map((id) => [id, 'passed']))
    expect(result.status).toBe('passed')
    // The run and its window are on the real time, whatever the partner's clock reads.
    expect(result.startedAt).toBe(s.clock.now().toISOString())
    expect(result.window.to).toBe(s.clock.now().toISOString())
    expect(Date.parse(result.window.from)).toBe(s.clock.now().getTime() - 86_400_000)
    const report = (await s.call('GET', `/sandbox/certification/runs/${result.runId}/report`)).json.report
    expect([report.startedAt, report.window.to]).toEqual([s.clock.now().toISOString(), s.clock.now().toISOString()])
    await s.call('DELETE', `/${PARTNER_A}/callbacks/5`)
  })
})

describe('a check that cannot be exercised where the partner stands', () => {
  it('judges an http:// address the settings allow on its answers, and leaves HTTPS to the go-live item, never failed', async () => {
    await register(6, `http://127.0.0.1:${(plain.address() as AddressInfo).port}/hooks`)
    // The check's former name still asks for it.
    const result = await run({ checks: ['receiver-accepts-signed', 'receiver-https-timely'] })
    await s.call('DELETE', `/${PARTNER_A}/callbacks/6`)
    expect(result.checks.map((c: any) => [c.id, c.status])).toEqual([
      ['receiver-accepts-signed', 'passed'],
      ['receiver-answers-in-time', 'passed'],
    ])
    expect(result.status).toBe('passed')
    const [https] = result.goLive
    expect(https).toMatchObject({ id: 'public-https-address', name: 'A public HTTPS address answers', status: 'to-do' })
    expect(https.evidence[0].text).toMatch(
      /^The address is http:\/\/ \(http:\/\/127\.0\.0\.1:\d+\/hooks\), which this sandbox's settings allow on a local run: production needs https:\/\/\.$/,
    )
    expect(https.advice).toContain('Before going live, register with Callback Update a public https:// address')
    // The signed report says what is left for going live.
    const report = (await s.call('GET', `/sandbox/certification/runs/${result.runId}/report`)).json.report
    expect(report.goLive).toEqual([{ id: 'public-https-address', status: 'to-do' }])
    // The console shows it apart from the checks, with its advice.
    const page = await consolePage(`/console/certification/${result.runId}`)
    expect(page).toMatch(/<section class="go-live" data-go-live="public-https-address" data-status="to-do"><h2>Before going live<\/h2>/)
    expect(page).toContain('<p class="advice">Before going live, register with Callback Update a public https:// address')
  })

  it('leaves the receiver checks not exercised without a callback address, saying how to exercise them or leave them out', async () => {
    const result = await run({ checks: ['receiver-accepts-signed'] })
    expect(result.checks[0].status).toBe('not-exercised')
    expect(result.checks[0].evidence[0].text).toContain('leave the receiver checks out of the run (checks)')
  })
})

describe('a run of some of the checks', () => {
  it('says how many of all it ran and names those it left out, in the API answer', async () => {
    const result = await run({ checks: ['journey-simulation-eligible', 'client-sends-accept-language'] })
    expect(result.summary).toMatch(/^2 of 19 checks run: 2 passed\. Left out: receiver-accepts-signed, /)
    expect(result.checksLeftOut).toHaveLength(17)
    expect(result.checksLeftOut[0]).toEqual({ id: 'receiver-accepts-signed', name: 'The receiver accepts a correctly signed notification of each type' })
    // No receiver check ran: nothing is said of going live.
    expect(result.goLive).toEqual([])
    const all = await s.call('GET', '/sandbox/certification/runs', { headers: { 'Accept-Language': 'pt-PT' } })
    expect(all.json.runList.find((r: any) => r.runId === result.runId).summary).toMatch(/^2 de 19 verificações executadas: 2 aprovadas\. Deixadas de fora: /)
  })

  it('says so on the console, in the list and on the run: never a bare count of the checks it ran', async () => {
    const { runId } = await run({ checks: ['journey-simulation-eligible', 'client-sends-accept-language'] })
    const page = consolePage
    const list = await page('/console/certification')
    expect(list).toMatch(new RegExp(`${runId}">2 of 19 checks run: 2 passed\\. Left out: receiver-accepts-signed, `))
    expect(list).not.toMatch(/>\d+\/\d+</)
    const one = await page(`/console/certification/${runId}`)
    expect(one).toContain('<p class="summary">2 of 19 checks run: 2 passed. Left out:')
    expect(one).toContain('<li data-left-out="receiver-answers-in-time">')
  })
})
