import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CLIENT_CHECKS } from '../../../src/modules/certification/client-checks.ts'
import { createThrowawayCa, type ThrowawayCa } from '../callbacks/support/throwaway-ca.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { receiverBehaviours, startProbeReceiver } from './support/probe-receiver.ts'
import { playScriptedClient, type Mistake } from './support/scripted-client.ts'
import { simulationInput } from '../simulations/simulation-fixtures.ts'

let ca: ThrowawayCa
let s: TestSandbox
let receiver: Awaited<ReturnType<typeof startProbeReceiver>>

beforeAll(() => {
  ca = createThrowawayCa()
})
afterAll(() => ca.remove())
beforeEach(async () => {
  s = await createTestSandbox({ callbackCaFile: ca.caFile, callbackAllowPrivate: true })
  // The partner's server: correct, with the secret of its type-9 configuration once registered.
  receiver = await startProbeReceiver(
    { cert: ca.cert, key: ca.key },
    receiverBehaviours(() => [s.services.callbacks.configuration(PARTNER_A, 9)?.signingSecret].filter((x): x is string => x !== undefined)).correct,
  )
})
afterEach(async () => {
  await receiver.close()
})

/** The client plays its script; then a certification run of the client checks reads its journal. */
async function certifyClient(mistake?: Mistake) {
  const decisionArrived = async () => {
    expect(receiver.received.map((r) => r.json?.notificationTypeId)).toContain(9)
  }
  await playScriptedClient(s, { receiverUrl: receiver.url, decisionArrived, ...(mistake ? { mistake } : {}) })
  const english = { 'Accept-Language': 'en' }
  const started = await s.call('POST', '/sandbox/certification/runs', { body: { checks: CLIENT_CHECKS }, headers: english })
  expect(started.status, started.text).toBe(202)
  await s.services.certification.idle()
  const run = (await s.call('GET', `/sandbox/certification/runs/${started.json.runId}`, { headers: english })).json
  const byId = Object.fromEntries((run.checks as any[]).map((c) => [c.id, c]))
  return { run, byId, failed: (run.checks as any[]).filter((c) => c.status !== 'passed').map((c) => c.id) }
}

describe('certification: the client checks, read from the journal of a scripted client', () => {
  it('passes every behaviour check for the reference client playing every journey', async () => {
    const { run, failed, byId } = await certifyClient()
    expect(failed).toEqual([])
    expect(run.status).toBe('passed')
    expect(byId['client-reauthenticates'].evidence.map((e: any) => e.text)).toEqual(['Refused with an expired token (010502).', 'Next request with a new token.'])
    expect(byId['client-honours-retry-after-503'].evidence[1].text).toBe('Repeated 30 s later (Retry-After 30 s).')
    expect(byId['journey-decision-followed'].evidence[1].request).toMatch(/^GET \/v1\/processes\//)
    for (const check of run.checks) expect(check.advice).toBeNull()
  })

  it('fails only the 429 check for a client that repeats a 429 at once', async () => {
    const { failed, byId } = await certifyClient('retries-429-at-once')
    expect(failed).toEqual(['client-honours-retry-after-429'])
    expect(byId['client-honours-retry-after-429'].evidence[1].text).toBe('Repeated 0 s later (Retry-After 10 s).')
    expect(byId['client-honours-retry-after-429'].advice).toContain('rate-limited')
  })

  it('fails only the re-authentication check for a client that sends the expired token again', async () => {
    const { failed, byId } = await certifyClient('reuses-expired-token')
    expect(failed).toEqual(['client-reauthenticates'])
    expect(byId['client-reauthenticates'].evidence.map((e: any) => e.text)).toEqual(['Refused with an expired token (010502).', 'The same expired token was sent again.'])
  })

  it('fails only the refused-request check for a client that repeats a refused request three times', async () => {
    const { failed, byId } = await certifyClient('repeats-refused-request')
    expect(failed).toEqual(['client-fixes-refused-requests'])
    expect(byId['client-fixes-refused-requests'].evidence[0].text).toBe('The same refused request 3 times.')
  })
})

describe("certification: the console's own calls told apart by the sandbox, not by a header", () => {
  it("judges a client's call that sends the console's User-Agent, and leaves out the console's try it", async () => {
    const trial = await s.services.trials.run(s.services.scenarios.get(PARTNER_A, 'simulation-not-eligible')!, {
      accessToken: s.tokens.a,
      partnerUniqueID: PARTNER_A,
      lang: 'pt-PT',
    })
    expect(trial.calls.length).toBeGreaterThan(0)
    // A client hiding behind the console's User-Agent, sending a field the document does not have: its call is the client's.
    const posing = await s.call('POST', '/v1/simulations', {
      body: { ...simulationInput(), notADocumentedField: true },
      headers: { 'User-Agent': 'mortgage-sandbox-console/0.2.0 (try it)', 'X-Request-Id': 'posing-1' },
    })
    expect(posing.status).toBe(400)
    expect((await s.call('GET', '/sandbox/requests/posing-1')).json.origin).toBe('api')

    const started = await s.call('POST', '/sandbox/certification/runs', {
      body: { checks: ['client-sends-only-documented-fields', 'journey-simulation-not-eligible'] },
      headers: { 'Accept-Language': 'en' },
    })
    await s.services.certification.idle()
    const run = (await s.call('GET', `/sandbox/certification/runs/${started.json.runId}`, { headers: { 'Accept-Language': 'en' } })).json
    const [documented, notEligible] = run.checks
    expect(documented.status).toBe('failed')
    expect(documented.evidence.map((e: any) => e.requestId)).toEqual(['posing-1'])
    // Only the console's try it created a simulation that is not eligible: that proves nothing of the client.
    expect(notEligible.status).toBe('not-exercised')
  })
})
