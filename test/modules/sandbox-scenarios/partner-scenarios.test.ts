import { beforeAll, describe, expect, it } from 'vitest'
import { completeProcess, draftProcess } from '../processes/process-fixtures.ts'
import { simulationInput } from '../simulations/simulation-fixtures.ts'
import { createTestSandbox, PARTNER_A, PARTNER_B, type TestSandbox } from '../../support/test-app.ts'
import { processPath, scenarioHeader, withKeyBorrower } from './support/scenario-journeys.ts'

const QUOTA = 3

let s: TestSandbox
beforeAll(async () => {
  // A bucket that does not refill within the file: every answer says what the partner has left.
  s = await createTestSandbox({
    quotas: { simulations: null, processes: null, documentBytes: null, callbackConfigurations: null, scenarios: QUOTA, storageBytes: null },
    rateLimit: { perSecond: 0.01, burst: 1_000_000 },
  })
})

const localized = (text: string) => ({ 'pt-PT': text, en: text })
const scenario = (name: string, effects: unknown[], magicValues: unknown[] = []) => ({
  name,
  description: localized(`${name} of the test`),
  triggers: { header: true, magicValues },
  effects,
})
const errorsOf = (res: { json: any }) => (res.json.errors as Array<{ errorCode: string; errorField: string }>).map((e) => [e.errorCode, e.errorField])

const REFUSED = scenario(
  'refused-by-dsti',
  [{ type: 'simulationEligibility', eligible: false, reasonCode: 'DSTI_ABOVE_LIMIT' }],
  [{ field: 'borrowersSimulator.keyBorrowerName', equals: 'Cliente Recusado A' }],
)
const SUBMIT_REFUSED = scenario('submit-refused', [
  {
    type: 'errorAnswer',
    status: 422,
    errors: [{ errorCode: '030201', errorMessage: { 'pt-PT': 'Documentação incompleta.', en: 'Documentation incomplete.' }, errorField: 'documents' }],
    headers: { 'Retry-After': '60' },
  },
])

/** Partner A's two scenarios, stored once by its administrator for the tests that use them. */
let stored: Promise<void> | undefined
const storeScenariosOfA = () =>
  (stored ??= (async () => {
    for (const body of [REFUSED, SUBMIT_REFUSED]) {
      const res = await s.call('PUT', `/sandbox/scenarios/${body.name}`, { body })
      expect([200, 201], res.text).toContain(res.status)
    }
  })())

describe("a partner's own scenarios", () => {
  it("are created by its administrator (201), listed as the partner's beside the sandbox's, and read back as stored", async () => {
    const body = scenario('slow-for-a', [{ type: 'latency', ms: 1 }])
    const created = await s.call('POST', '/sandbox/scenarios', { body })
    expect(created.status, created.text).toBe(201)
    expect(created.json).toEqual({ owner: 'partner', createdAt: expect.any(String), updatedAt: expect.any(String), scenario: body })

    const list = (await s.call('GET', '/sandbox/scenarios', { token: s.tokens.a2 })).json.scenarioList as Array<{ name: string; owner: string }>
    expect(list.find((i) => i.name === 'slow-for-a')?.owner).toBe('partner')
    expect(list.find((i) => i.name === 'server-error')?.owner).toBe('sandbox')
    expect((await s.call('GET', '/sandbox/scenarios/slow-for-a', { token: s.tokens.a2 })).json.scenario).toEqual(body)
    expect((await s.call('GET', '/sandbox/scenarios/server-error')).json).toMatchObject({ owner: 'sandbox', createdAt: null, scenario: { name: 'server-error' } })

    // POST again is a conflict naming the field; PUT replaces (200), DELETE removes.
    const again = await s.call('POST', '/sandbox/scenarios', { body })
    expect([again.status, errorsOf(again)]).toEqual([409, [['010611', 'name']]])
    const replaced = await s.call('PUT', '/sandbox/scenarios/slow-for-a', { body: { ...body, name: undefined, effects: [{ type: 'latency', ms: 2 }] } })
    expect([replaced.status, replaced.json.scenario.effects]).toEqual([200, [{ type: 'latency', ms: 2 }]])
    expect((await s.call('DELETE', '/sandbox/scenarios/slow-for-a')).status).toBe(200)
    expect((await s.call('GET', '/sandbox/scenarios/slow-for-a')).status).toBe(404)
    expect((await s.call('DELETE', '/sandbox/scenarios/slow-for-a')).status).toBe(404)
  })

  it('reject a simulation of its client with the reason the partner chose, by the header and by the magic value', async () => {
    await storeScenariosOfA()
    const byHeader = await s.call('POST', '/v1/simulations', { body: simulationInput(), headers: { ...scenarioHeader('refused-by-dsti'), 'Accept-Language': 'en' } })
    expect(byHeader.status, byHeader.text).toBe(201)
    expect(byHeader.headers.get('x-sandbox-scenario')).toBe('refused-by-dsti')
    expect(byHeader.json.additionalData).toMatchObject({
      elegibility: false,
      nonElegibilityDescription: expect.stringMatching(/^Debt service-to-income ratio \(DSTI\) above the limit/),
    })

    const byMagic = await s.call('POST', '/v1/simulations', { body: withKeyBorrower('Cliente Recusado A'), headers: { 'Accept-Language': 'en' } })
    expect(byMagic.json.additionalData).toMatchObject({ elegibility: false, nonElegibilityDescription: expect.stringMatching(/^Debt service-to-income ratio/) })
    const detail = await s.call('GET', `/v1/simulations/${byMagic.json.additionalData.simulationUniqueID}`)
    expect(detail.json.simulationDetail.origin).toBe('refused-by-dsti')
  })

  it('answer Process Submit with the error item, status and headers the partner chose, and the process stays a draft', async () => {
    await storeScenariosOfA()
    const { processUniqueId } = await draftProcess(s)
    await completeProcess(s, processUniqueId)
    const submit = await s.call('POST', processPath(processUniqueId, '/submit'), { headers: { ...scenarioHeader('submit-refused'), 'Accept-Language': 'en' } })
    expect(submit.status).toBe(422)
    expect(submit.headers.get('retry-after')).toBe('60')
    expect(submit.json).toEqual({
      operationStatus: { operationStatusCode: '030201', operationStatusMessage: 'Documentation incomplete.' },
      errors: [{ errorCode: '030201', errorMessage: 'Documentation incomplete.', errorField: 'documents' }],
    })
    expect((await s.call('GET', processPath(processUniqueId))).json.processDetail.processStatusId).toBe(1)
    expect((await s.call('POST', processPath(processUniqueId, '/submit'))).status).toBe(200)
  })

  it('are neither seen, read nor triggered by another partner', async () => {
    await storeScenariosOfA()
    const names = ((await s.call('GET', '/sandbox/scenarios', { token: s.tokens.b })).json.scenarioList as Array<{ name: string }>).map((i) => i.name)
    expect(names).toContain('server-error')
    expect(names).not.toContain('refused-by-dsti')
    expect((await s.call('GET', '/sandbox/scenarios/refused-by-dsti', { token: s.tokens.b })).status).toBe(404)
    expect((await s.call('DELETE', '/sandbox/scenarios/refused-by-dsti', { token: s.tokens.b })).status).toBe(404)

    const byHeader = await s.call('POST', '/v1/simulations', { token: s.tokens.b, body: simulationInput(), headers: scenarioHeader('refused-by-dsti') })
    expect([byHeader.status, errorsOf(byHeader)]).toEqual([400, [['010105', 'X-Sandbox-Scenario']]])
    const byMagic = await s.call('POST', '/v1/simulations', { token: s.tokens.b, body: withKeyBorrower('Cliente Recusado A') })
    expect(byMagic.status).toBe(201)
    expect(byMagic.headers.get('x-sandbox-scenario')).toBeNull()
    expect(byMagic.json.additionalData.elegibility).toBe(true)
    // Partner A's own still stand, untouched by B's attempts.
    expect(s.services.scenarios.get(PARTNER_A, 'refused-by-dsti')).toBeDefined()
    expect(s.services.scenarios.get(PARTNER_B, 'refused-by-dsti')).toBeUndefined()
  })

  it.each([
    ['a reason code not in the reference list', [{ type: 'simulationEligibility', eligible: false, reasonCode: 'NO_SUCH_REASON' }], [['010106', 'effects.0.reasonCode']]],
    ['a lifecycle step the workflow refuses', [{ type: 'processLifecycle', steps: [{ afterSeconds: 1, status: 'APPROVED' }] }], [['010107', 'effects.0.steps.0.status']]],
    ['a status the workflow does not know', [{ type: 'processLifecycle', steps: [{ afterSeconds: 1, status: 'ON_HOLD' }] }], [['010105', 'effects.0.steps.0.status']]],
    [
      'a reject reason on a step that does not reject',
      [{ type: 'processLifecycle', steps: [{ afterSeconds: 1, status: 'IN_ANALYSIS', rejectReasonCode: 'DSTI_EXCESSIVE' }] }],
      [['010108', 'effects.0.steps.0.rejectReasonCode']],
    ],
    ['an error item without a code', [{ type: 'errorAnswer', status: 400, errors: [{ errorMessage: localized('x') }] }], [['010101', 'effects.0.errors.0.errorCode']]],
    [
      'a header the sandbox writes itself',
      [{ type: 'errorAnswer', status: 400, errors: [{ errorCode: 'X1', errorMessage: localized('x') }], headers: { 'Content-Type': 'text/html' } }],
      [['010105', 'effects.0.headers.Content-Type']],
    ],
    ['an unknown document type', [{ type: 'documentRequested', afterSeconds: 1, documentTypeId: 999, text: localized('x') }], [['010106', 'effects.0.documentTypeId']]],
  ])('are refused with %s, naming the field (400)', async (_what, effects, errors) => {
    const res = await s.call('POST', '/sandbox/scenarios', { body: scenario('refused-effect', effects) })
    expect([res.status, errorsOf(res)], res.text).toEqual([400, errors])
  })

  it("cannot take a name of the sandbox's scenarios, or change one (409 naming the field), nor be written by a user who does not administer the partner (403)", async () => {
    const taken = await s.call('PUT', '/sandbox/scenarios/server-error', { body: scenario('server-error', [{ type: 'latency', ms: 1 }]) })
    expect([taken.status, errorsOf(taken)]).toEqual([409, [['010611', 'name']]])
    expect((await s.call('DELETE', '/sandbox/scenarios/server-error')).status).toBe(409)
    const notAdmin = await s.call('POST', '/sandbox/scenarios', { token: s.tokens.a2, body: scenario('not-admin', [{ type: 'latency', ms: 1 }]) })
    expect([notAdmin.status, errorsOf(notAdmin)]).toEqual([403, [['010504', 'Authorization']]])
    const mismatch = await s.call('PUT', '/sandbox/scenarios/one-name', { body: scenario('another-name', [{ type: 'latency', ms: 1 }]) })
    expect([mismatch.status, errorsOf(mismatch)]).toEqual([400, [['010105', 'name']]])
  })

  it("count in the partner's scenarios quota and their bytes in its storage, and each write is charged to its fair share", async () => {
    const asB = { token: s.tokens.b }
    const before = s.services.partners.quotas.of(PARTNER_B)
    let remaining = Number.POSITIVE_INFINITY
    for (let n = 0; n < QUOTA; n += 1) {
      const res = await s.call('POST', '/sandbox/scenarios', { ...asB, body: scenario(`quota-${n}`, [{ type: 'latency', ms: 1 }]) })
      expect(res.status, res.text).toBe(201)
      const left = Number(res.headers.get('ratelimit-remaining'))
      expect(left).toBeLessThan(remaining)
      remaining = left
    }
    const full = await s.call('POST', '/sandbox/scenarios', { ...asB, body: scenario('quota-past', [{ type: 'latency', ms: 1 }]) })
    expect([full.status, errorsOf(full)]).toEqual([409, [['010605', 'scenarios']]])
    const after = s.services.partners.quotas.of(PARTNER_B)
    expect(after.scenarios).toEqual({ limit: QUOTA, used: QUOTA })
    const bytes = after.storageBytes.byKind.scenarioBytes - before.storageBytes.byKind.scenarioBytes
    expect(bytes).toBe(s.db.prepare('SELECT SUM(256 + octet_length(name) + octet_length(document)) FROM partner_scenario WHERE partner_unique_id = ?').pluck().get(PARTNER_B))

    for (let n = 0; n < QUOTA; n += 1) expect((await s.call('DELETE', `/sandbox/scenarios/quota-${n}`, asB)).status).toBe(200)
    expect(s.services.partners.quotas.of(PARTNER_B).scenarios.used).toBe(0)
    expect(s.services.partners.quotas.of(PARTNER_B).storageBytes.byKind.scenarioBytes).toBe(0)
  })
})
