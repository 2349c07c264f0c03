import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eventOf } from '../../../../src/modules/callbacks/notification-events.ts'
import { RETRY_SCHEDULE_MS } from '../../../../src/modules/callbacks/retry-schedule.ts'
import { signWebhook } from '../../../../src/modules/callbacks/webhook-signature.ts'
import { createCallbackSandbox, eventually, PARTNER_A, PARTNER_B, type CallbackSandbox } from '../../callbacks/support/callback-sandbox.ts'
import { createThrowawayCa, type ThrowawayCa } from '../../callbacks/support/throwaway-ca.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../callbacks/support/webhook-receiver.ts'

let ca: ThrowawayCa
let receiver: WebhookReceiver
let sandbox: CallbackSandbox

beforeAll(() => {
  ca = createThrowawayCa()
})
afterAll(() => ca.remove())

beforeEach(async () => {
  receiver = await startWebhookReceiver({ cert: ca.cert, key: ca.key })
  // Real time: without the clock, the eighth attempt would come 27 h 35 min after the first.
  sandbox = await createCallbackSandbox({ callbackCaFile: ca.caFile, timeScale: 1 })
})
afterEach(async () => {
  await sandbox.close()
  await receiver.close()
})

const publishStatus = (partnerUniqueID: string) =>
  sandbox.db.transaction(() =>
    sandbox.services.callbacks.publisher.publish(
      eventOf('SIMULATION_STATUS_CHANGED', {
        partnerUniqueID,
        brokerId: partnerUniqueID === PARTNER_A ? 1001 : 2001,
        simulationUniqueId: randomUUID(),
        simulationStatusId: 3,
        simulationStatusDescription: 'Concluída',
      }),
    ),
  )()

const deliveryOf = async (notificationId: string, token?: string) =>
  (await sandbox.call('GET', '/sandbox/deliveries', token ? { token } : {})).json.deliveryList.find((d: { notificationId: string }) => d.notificationId === notificationId)

/** Waits until the worker made the first attempt (it goes out at once, on the sandbox's time). */
const firstAttemptOf = (notificationId: string, token?: string) =>
  eventually(async () => {
    const delivery = await deliveryOf(notificationId, token)
    return delivery?.attempts === 1 ? delivery : undefined
  })

describe("a failing partner's retries follow its clock", () => {
  it('a receiver that always fails sees all eight attempts after one advance of 40 hours, each verifying with standardwebhooks, spaced by the schedule in their dates', async () => {
    const secret = await sandbox.register(PARTNER_A, 6, receiver.url())
    receiver.setSecret(secret)
    receiver.onRequest(() => ({ status: 503 }))
    const id = publishStatus(PARTNER_A)
    await firstAttemptOf(id)

    const res = await sandbox.call('POST', '/sandbox/clock/advance', { body: { seconds: 40 * 3600 } })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    expect(res.json.deliveryAttempts).toBe(7)

    const hooks = receiver.received
    expect(hooks).toHaveLength(8)
    expect(hooks.every((hook) => hook.id === id)).toBe(true)
    // The clock moves business, not the transport: every timestamp is the real time, inside the
    // 5-minute replay window of a Standard Webhooks receiver.
    expect(hooks.map((hook) => hook.verifyError ?? 'verified')).toEqual(hooks.map(() => 'verified'))
    for (const hook of hooks) expect(Math.abs(Number(hook.timestamp) - Date.now() / 1000)).toBeLessThan(60)
    const delivery = await deliveryOf(id)
    expect(delivery).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: null })
    // The attempts are dated on the partner's clock, by the schedule: the last about 27 h 35 min after the first.
    const dates: number[] = delivery.attemptList.map((a: { attemptedAt: string }) => Date.parse(a.attemptedAt))
    const gaps = dates.slice(1).map((at, i) => (at - dates[i]!) / 1000)
    RETRY_SCHEDULE_MS.slice(1).forEach((delay, i) => {
      expect(gaps[i], `retry ${i + 1}`).toBeGreaterThanOrEqual(Math.floor((delay * 0.9) / 1000) - 1)
      expect(gaps[i], `retry ${i + 1}`).toBeLessThanOrEqual(Math.ceil((delay * 1.1) / 1000) + 1)
    })
  })

  it("another partner's retries do not move", async () => {
    await sandbox.register(PARTNER_A, 6, receiver.url())
    const ofPartnerB = await sandbox.call('PUT', `/${PARTNER_B}/callbacks/6`, { body: { callbackUrl: receiver.url('/b') }, token: sandbox.tokens.b })
    expect(ofPartnerB.status).toBe(201)
    receiver.onRequest(() => ({ status: 503 }))
    const ofB = publishStatus(PARTNER_B)
    const before = await firstAttemptOf(ofB, sandbox.tokens.b)
    const ofA = publishStatus(PARTNER_A)
    await firstAttemptOf(ofA)

    await sandbox.call('POST', '/sandbox/clock/advance', { body: { seconds: 40 * 3600 } })
    expect(receiver.received.filter((hook) => hook.id === ofA)).toHaveLength(8)
    expect(receiver.received.filter((hook) => hook.id === ofB)).toHaveLength(1)
    expect(await deliveryOf(ofB, sandbox.tokens.b)).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: before.nextAttemptAt })
    expect((await sandbox.call('GET', '/sandbox/clock', { token: sandbox.tokens.b })).json.offsetSeconds).toBe(0)
  })

  it('a notification published a day ahead goes out at once, dated on that clock, and verifies with standardwebhooks; so does its redelivery', async () => {
    const secret = await sandbox.register(PARTNER_A, 6, receiver.url())
    receiver.setSecret(secret)
    receiver.onRequest(() => ({ status: 204 }))
    await sandbox.call('POST', '/sandbox/clock/advance', { body: { seconds: 86_400 } })
    const id = publishStatus(PARTNER_A)
    const [hook] = await receiver.waitFor(1)
    expect(hook!.id).toBe(id)
    expect(hook!.verifyError).toBeUndefined()
    expect(hook!.verified).toBe(true)
    expect(Math.abs(Number(hook!.timestamp) - Date.now() / 1000)).toBeLessThan(60)
    expect(Date.parse(hook!.json.occurredAt) - Date.now()).toBeGreaterThan((86_400 - 60) * 1000)

    await eventually(async () => ((await deliveryOf(id))?.status === 'delivered' ? true : undefined))
    expect((await sandbox.call('POST', `/sandbox/deliveries/${id}/retry`)).status).toBe(200)
    const [, again] = await receiver.waitFor(2)
    expect(again!.id).toBe(id)
    expect(again!.verified).toBe(true)
  })
})
