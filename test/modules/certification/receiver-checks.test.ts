import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createThrowawayCa, type ThrowawayCa } from '../callbacks/support/throwaway-ca.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { receiverBehaviours, startProbeReceiver, type Answer, type ReceivedProbe } from './support/probe-receiver.ts'

let ca: ThrowawayCa
let s: TestSandbox
let receiver: Awaited<ReturnType<typeof startProbeReceiver>> | undefined
const secrets: string[] = []

beforeAll(() => {
  ca = createThrowawayCa()
})
afterAll(() => ca.remove())
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

const RECEIVER_CHECKS = [
  'receiver-accepts-signed',
  'receiver-refuses-forgeries',
  'receiver-refuses-stale',
  'receiver-accepts-redelivery',
  'receiver-answers-in-time',
  'receiver-tolerates-new-type',
]

/** A fresh sandbox trusting the test CA, a receiver behaving as `handle`, registered for types 5 and 6. */
async function certifyReceiver(pick: (b: ReturnType<typeof receiverBehaviours>) => (probe: ReceivedProbe) => Answer, timeoutMs = 1500) {
  s = await createTestSandbox({ callbackCaFile: ca.caFile, callbackAllowPrivate: true, certificationTimeoutMs: timeoutMs })
  secrets.length = 0
  const handle = pick(receiverBehaviours(() => secrets))
  receiver = await startProbeReceiver({ cert: ca.cert, key: ca.key }, handle)
  for (const type of [5, 6]) {
    const res = await s.call('PUT', `/${PARTNER_A}/callbacks/${type}`, { body: { callbackUrl: receiver.url } })
    expect(res.status, res.text).toBe(201)
    secrets.push(res.json.additionalData.signingSecret)
  }
  const started = await s.call('POST', '/sandbox/certification/runs', { body: { checks: RECEIVER_CHECKS }, headers: { 'Accept-Language': 'en' } })
  expect(started.status, started.text).toBe(202)
  expect(started.json.status).toBe('running')
  await s.services.certification.idle()
  const run = await s.call('GET', `/sandbox/certification/runs/${started.json.runId}`, { headers: { 'Accept-Language': 'en' } })
  expect(run.status, run.text).toBe(200)
  const byId = Object.fromEntries((run.json.checks as any[]).map((c) => [c.id, c]))
  return { run: run.json, byId, failed: (run.json.checks as any[]).filter((c) => c.status === 'failed').map((c) => c.id) }
}

describe('certification: the receiver checks against real HTTPS receivers', () => {
  it('passes every receiver check for a correct receiver built with the standardwebhooks library', async () => {
    const { run, byId } = await certifyReceiver((b) => b.correct)
    expect(run.status).toBe('passed')
    expect(run.checks.map((c: any) => [c.id, c.status])).toEqual(RECEIVER_CHECKS.map((id) => [id, 'passed']))
    expect(byId['receiver-accepts-signed'].evidence.map((e: any) => e.status)).toEqual([204, 204])
    expect(byId['receiver-accepts-redelivery'].evidence[0].text).toContain('same webhook-id: HTTP 200')
    // Every probe is a test notification marked with the run, signed or not as the check needs.
    // Per configured type: signed, redelivered, wrong key, unsigned, stale; and one new type per address.
    expect(receiver!.received.length).toBe(2 * 5 + 1)
    for (const probe of receiver!.received) {
      expect(probe.headers['x-sandbox-certification']).toBe(run.runId)
      expect(probe.json.test).toBe(true)
      expect(probe.json.partnerUniqueID).toBe(PARTNER_A)
    }
    expect(receiver!.received.filter((p) => !p.headers['webhook-signature'])).toHaveLength(2)
    // Both addresses answer over trusted HTTPS: nothing left for going live.
    expect(run.goLive).toEqual([expect.objectContaining({ id: 'public-https-address', status: 'ready', advice: null })])
  })

  it("fails check 1 for a receiver that refuses a correctly signed notification (its secret is not the configuration's)", async () => {
    const { byId, failed } = await certifyReceiver((b) => b.staleSecret)
    expect(failed).toEqual(['receiver-accepts-signed'])
    expect(byId['receiver-accepts-signed'].evidence.map((e: any) => e.text)).toEqual([
      'Correctly signed PROCESS_STATUS_CHANGED notification: HTTP 401.',
      'Correctly signed SIMULATION_STATUS_CHANGED notification: HTTP 401.',
    ])
    // Nothing was accepted, so there is no redelivery to judge.
    expect(byId['receiver-accepts-redelivery'].status).toBe('not-exercised')
  })

  it('fails check 2 for a receiver that skips signature verification, with the forged probes as evidence', async () => {
    const { byId, failed } = await certifyReceiver((b) => b.skipsSignature)
    expect(failed).toEqual(['receiver-refuses-forgeries'])
    const evidence = byId['receiver-refuses-forgeries'].evidence
    expect(evidence.map((e: any) => e.text)).toEqual(expect.arrayContaining(['Signed with another key: HTTP 204.', 'Without signature headers: HTTP 204.']))
    expect(evidence[0].sentHeaders['webhook-signature']).toMatch(/^v1,/)
    expect(evidence[0].callbackUrl).toBe(receiver!.url)
    expect(byId['receiver-refuses-forgeries'].advice).toContain('Verify the signature')
  })

  it('fails check 3 for a receiver that ignores timestamps: a ten-minute-old, well-signed probe is accepted', async () => {
    const { byId, failed } = await certifyReceiver((b) => b.ignoresTimestamps)
    expect(failed).toEqual(['receiver-refuses-stale'])
    const [stale] = byId['receiver-refuses-stale'].evidence
    expect(Date.now() / 1000 - Number(stale.sentHeaders['webhook-timestamp'])).toBeGreaterThan(590)
    expect(stale.text).toBe('Correctly signed, webhook-timestamp 10 minutes old: HTTP 204.')
  })

  it('fails check 4 for a receiver that refuses a redelivery of the same webhook-id', async () => {
    const { failed, byId } = await certifyReceiver((b) => b.refusesRedelivery)
    expect(failed).toEqual(['receiver-accepts-redelivery'])
    expect(byId['receiver-accepts-redelivery'].evidence[0].status).toBe(409)
  })

  it('fails check 5 for a slow receiver: an answer past the timeout is no answer', async () => {
    const { failed, byId } = await certifyReceiver((b) => b.slowOnUnsigned(1200), 300)
    expect(failed).toEqual(['receiver-answers-in-time'])
    expect(byId['receiver-answers-in-time'].evidence[0].text).toBe('No answer: no answer within 0.3 s.')
  })

  it('fails check 6 for a receiver that crashes on a notification type it does not know', async () => {
    const { failed, byId } = await certifyReceiver((b) => b.crashesOnNewType)
    expect(failed).toEqual(['receiver-tolerates-new-type'])
    expect(byId['receiver-tolerates-new-type'].evidence[0].text).toBe('Type CERTIFICATION_NEW_TYPE the partner does not know: HTTP 500.')
  })

  it('leaves the receiver checks not exercised, with the advice, when the partner has no callback address', async () => {
    s = await createTestSandbox()
    const started = await s.call('POST', '/sandbox/certification/runs', { body: { checks: ['receiver-accepts-signed'] } })
    await s.services.certification.idle()
    const run = (await s.call('GET', `/sandbox/certification/runs/${started.json.runId}`)).json
    expect(run.status).toBe('incomplete')
    expect(run.checks[0]).toMatchObject({
      status: 'not-exercised',
      evidence: [
        {
          text: expect.stringMatching(
            /^Nenhuma configuração de callback ativa e nenhum mortgage-sandbox listen ligado: .* Ligue mortgage-sandbox listen --forward-to .* registe um endereço com Callback Update, ou deixe as verificações do recetor fora da execução \(checks\)\.$/,
          ),
        },
      ],
    })
    expect(run.checks[0].advice).toContain('Responda 2xx')
  })
})
