import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOTIFICATION_TYPES } from '../../../../src/modules/callbacks/notification-types.schemas.ts'
import { createTestSandbox, type TestSandbox } from '../../../support/test-app.ts'
import { errorOf, signUp } from '../../partners/partner-support.ts'
import { draftProcess, eligibleSimulation } from '../../processes/process-fixtures.ts'

const trigger = (s: TestSandbox, body: unknown, token?: string) => s.call('POST', '/sandbox/trigger', { body, ...(token === undefined ? {} : { token }) })

describe('POST /sandbox/trigger', () => {
  let s: TestSandbox
  beforeAll(async () => {
    s = await createTestSandbox()
  })
  afterAll(() => s.db.close())

  it("makes one real notification of each of the twelve types, from records it creates as the caller's broker's, through the outbox", async () => {
    for (const type of NOTIFICATION_TYPES) {
      const res = await trigger(s, { notificationType: type.code })
      expect(res.status, `${type.code}: ${res.text}`).toBe(201)
      const made = res.json.additionalData
      expect(made).toMatchObject({ notificationType: type.code, notificationTypeId: type.id, notificationId: expect.stringMatching(/^msg_/) })
      expect(made.delivery).toEqual({ status: 'skipped', statusReason: 'no callback configuration for this notification type', callbackUrl: null, listeners: 0 })
      // In the delivery log as any notification, its body of the type, about the record it names.
      const logged = await s.call('GET', `/sandbox/deliveries?notificationTypeId=${type.id}`)
      const entry = logged.json.deliveryList.find((d: { notificationId: string }) => d.notificationId === made.notificationId)
      expect(entry.notification).toMatchObject({
        notificationType: type.code,
        test: false,
        ...(made.processUniqueId ? { processUniqueId: made.processUniqueId } : { simulationUniqueId: made.simulationUniqueId }),
      })
      // What it created is broker A's: it reads it, another partner does not find it.
      for (const record of made.created.filter((c: { kind: string }) => c.kind !== 'document')) {
        const path = `/v1/${record.kind === 'process' ? 'processes' : 'simulations'}/${record.uniqueId}`
        expect((await s.call('GET', path)).status).toBe(200)
        expect((await s.call('GET', path, { token: s.tokens.b })).status).toBe(404)
      }
    }
  })

  it('makes it from the record named, and refuses one the type cannot come from, naming its status', async () => {
    const { processUniqueId } = await draftProcess(s)
    const decided = await trigger(s, { notificationType: 9, processUniqueId })
    expect(decided.status).toBe(201)
    expect(decided.json.additionalData).toMatchObject({ notificationType: 'PROCESS_DECISION', processUniqueId, created: [] })
    expect((await s.call('GET', `/v1/processes/${processUniqueId}`)).json.processDetail.processStatusId).toBe(4)
    const again = await trigger(s, { notificationType: 'process_decision', processUniqueId })
    expect([again.status, errorOf(again)]).toEqual([400, [['010110', 'processUniqueId']]])
    expect(again.json.errors[0].errorMessage).toContain('APPROVED')
  })

  it('refuses an unknown type listing the known ones, both ids at once, and a record of the wrong kind', async () => {
    const unknown = await trigger(s, { notificationType: 'LOAN_DISBURSED' }, undefined)
    expect([unknown.status, errorOf(unknown)]).toEqual([400, [['010105', 'notificationType']]])
    expect(unknown.json.errors[0].errorMessage).toContain('PROCESS_CREATED (1), DOCUMENT_REQUESTED (2)')
    const simulationUniqueId = await eligibleSimulation(s)
    const { processUniqueId } = await draftProcess(s)
    const both = await trigger(s, { notificationType: 'NEW_MESSAGE', simulationUniqueId, processUniqueId })
    expect([both.status, errorOf(both)]).toEqual([400, [['010107', 'simulationUniqueId']]])
    const wrongKind = await trigger(s, { notificationType: 'PROCESS_DECISION', simulationUniqueId })
    expect([wrongKind.status, errorOf(wrongKind)]).toEqual([400, [['010108', 'simulationUniqueId']]])
    const notUuid = await trigger(s, { notificationType: 'NEW_MESSAGE', processUniqueId: 'x' })
    expect([notUuid.status, errorOf(notUuid)[0]![1]]).toEqual([400, 'processUniqueId'])
  })

  it("lets any user of the broker call it on its broker's records; another partner's caller finds none of them (404); no token is a 401", async () => {
    const simulationUniqueId = await eligibleSimulation(s)
    // broker-a2: a user of broker A who does not administer the partner.
    expect((await trigger(s, { notificationType: 'NEW_MESSAGE', simulationUniqueId }, s.tokens.a2)).status).toBe(201)
    const hidden = await trigger(s, { notificationType: 'NEW_MESSAGE', simulationUniqueId }, s.tokens.b)
    expect([hidden.status, errorOf(hidden)]).toEqual([404, [['010401', 'simulationUniqueId']]])
    expect((await s.call('POST', '/sandbox/trigger', { token: null, body: { notificationType: 7 } })).status).toBe(401)
  })

  it('refuses a body over 8 KiB (413) and one that is not JSON (415), unread', async () => {
    const big = await trigger(s, { notificationType: 'NEW_MESSAGE', padding: 'x'.repeat(8300) })
    expect(big.status).toBe(413)
    const text = await s.call('POST', '/sandbox/trigger', { body: 'notificationType=7', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
    expect(text.status).toBe(415)
  })
})

describe("POST /sandbox/trigger and the partner's share", () => {
  it("counts what it creates against the partner's quotas (409 naming the quota), and a record named costs none", async () => {
    const s = await createTestSandbox({ quotas: { simulations: 1, processes: null, documentBytes: null, callbackConfigurations: null, scenarios: null, storageBytes: null } })
    const partner = await signUp(s, 'Quota Trigger')
    const first = await trigger(s, { notificationType: 'NEW_MESSAGE' }, partner.token)
    expect(first.status).toBe(201)
    const full = await trigger(s, { notificationType: 'NEW_MESSAGE' }, partner.token)
    expect([full.status, errorOf(full)]).toEqual([409, [['010605', 'simulations']]])
    const named = await trigger(s, { notificationType: 'NEW_MESSAGE', simulationUniqueId: first.json.additionalData.simulationUniqueId }, partner.token)
    expect(named.status).toBe(201)
    expect((await s.call('GET', '/sandbox/account', { token: partner.token })).json.quotas.simulations).toEqual({ limit: 1, used: 1 })
    s.db.close()
  })

  it('charges its server time to the partner: a journey made for a contract costs more than one token', async () => {
    // A bucket that does not refill within the test, and a token for every 1 ms of server time.
    const s = await createTestSandbox({ rateLimit: { perSecond: 0.01, burst: 1_000_000 }, fairShare: { costMs: 1, concurrency: null } })
    const remaining = async () => Number((await s.call('GET', '/sandbox/clock')).headers.get('ratelimit-remaining'))
    const before = await remaining()
    expect((await trigger(s, { notificationType: 'CONTRACT_SCHEDULED' })).status).toBe(201)
    expect(before - (await remaining())).toBeGreaterThan(2)
    s.db.close()
  })
})
