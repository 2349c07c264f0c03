import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eventOf } from '../../../src/modules/callbacks/notification-events.ts'
import { RETRY_SCHEDULE_MS } from '../../../src/modules/callbacks/retry-schedule.ts'
import { createCallbackSandbox, eventually, PARTNER_A, type CallbackSandbox } from './support/callback-sandbox.ts'
import { createThrowawayCa, type ThrowawayCa } from './support/throwaway-ca.ts'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts'

let ca: ThrowawayCa
let receiver: WebhookReceiver
let sandbox: CallbackSandbox

beforeAll(() => {
  ca = createThrowawayCa()
})
afterAll(() => ca.remove())

beforeEach(async () => {
  receiver = await startWebhookReceiver({ cert: ca.cert, key: ca.key })
  sandbox = await createCallbackSandbox({ callbackCaFile: ca.caFile })
})
afterEach(async () => {
  await sandbox.close()
  await receiver.close()
})

const publishStatus = (simulationUniqueId = randomUUID(), statusId = 3) =>
  sandbox.db.transaction(() =>
    sandbox.services.callbacks.publisher.publish(
      eventOf('SIMULATION_STATUS_CHANGED', {
        partnerUniqueID: PARTNER_A,
        brokerId: 1001,
        simulationUniqueId,
        simulationStatusId: statusId,
        simulationStatusDescription: 'Concluída',
      }),
    ),
  )()

const deliveryOf = async (notificationId: string) => (await sandbox.deliveries()).deliveryList.find((d: { notificationId: string }) => d.notificationId === notificationId)

describe('signed delivery to an HTTPS receiver trusted through SANDBOX_CALLBACK_CA_FILE', () => {
  it('delivers a notification the standardwebhooks library verifies, with the documented body and headers', async () => {
    receiver.setSecret(await sandbox.register(PARTNER_A, 6, receiver.url()))
    const simulationUniqueId = randomUUID()
    const id = publishStatus(simulationUniqueId)
    const [hook] = await receiver.waitFor(1)
    expect(hook!.verified).toBe(true)
    expect(hook!.id).toBe(id)
    expect(hook!.userAgent).toMatch(/^mortgage-sandbox\/\d+\.\d+\.\d+ \(\+webhooks\)$/)
    expect(hook!.contentType).toBe('application/json')
    expect(hook!.json).toEqual({
      notificationId: id,
      notificationTypeId: 6,
      notificationType: 'SIMULATION_STATUS_CHANGED',
      partnerUniqueID: PARTNER_A,
      simulationUniqueId,
      occurredAt: expect.any(String),
      data: { simulationStatusId: 3, simulationStatusDescription: 'Concluída' },
      test: false,
    })
    const delivery = await eventually(async () => ((await deliveryOf(id))?.status === 'delivered' ? deliveryOf(id) : undefined))
    expect(delivery.attemptList).toEqual([expect.objectContaining({ attemptNumber: 1, httpStatus: 204, error: null, callbackUrl: receiver.url() })])
    // The delivery log shows what the attempt sent, signature included: the same headers the receiver got.
    expect(delivery.attemptList[0].requestHeaders).toEqual({
      'Content-Type': 'application/json',
      'User-Agent': hook!.userAgent,
      'webhook-id': id,
      'webhook-timestamp': hook!.timestamp,
      'webhook-signature': hook!.signature,
    })
  })

  it('fails verification with the wrong secret (the signature really depends on it)', async () => {
    await sandbox.register(PARTNER_A, 6, receiver.url())
    receiver.setSecret('whsec_' + Buffer.alloc(32, 7).toString('base64'))
    publishStatus()
    const [hook] = await receiver.waitFor(1)
    expect(hook!.verified).toBe(false)
  })

  it('retries a receiver that fails twice: three attempts, one webhook-id, all signed', async () => {
    receiver.setSecret(await sandbox.register(PARTNER_A, 6, receiver.url()))
    receiver.onRequest((_hook, index) => (index < 2 ? { status: 500, body: 'database down' } : { status: 200, body: 'ok' }))
    const id = publishStatus()
    const hooks = await receiver.waitFor(3)
    expect(hooks.map((h) => h.id)).toEqual([id, id, id])
    expect(hooks.every((h) => h.verified)).toBe(true)
    expect(new Set(hooks.map((h) => h.body)).size).toBe(1)
    const delivery = await eventually(async () => ((await deliveryOf(id))?.status === 'delivered' ? deliveryOf(id) : undefined))
    expect(delivery.attempts).toBe(3)
    expect(delivery.attemptList.map((a: { httpStatus: number }) => a.httpStatus)).toEqual([500, 500, 200])
    expect(delivery.attemptList[0].responseExcerpt).toBe('database down')
    expect(delivery.attemptList[0].error).toBe(null)
    await sandbox.services.callbacks.worker.idle()
    expect(receiver.received).toHaveLength(3)
  })

  it('disables the configuration when the receiver answers 410 (Callback List then leaves it out), and Callback Update enables it again with the same secret', async () => {
    const secret = await sandbox.register(PARTNER_A, 6, receiver.url())
    receiver.setSecret(secret)
    receiver.onRequest(() => ({ status: 410 }))
    const id = publishStatus()
    await eventually(async () => ((await deliveryOf(id))?.status === 'disabled' ? true : undefined))
    // The document: Callback List "lists the active callback configurations".
    expect((await sandbox.call('GET', `/${PARTNER_A}/callbacks`)).json.callbackList).toEqual([])
    expect((await deliveryOf(id)).statusReason).toMatch(/410/)

    const later = publishStatus()
    expect((await deliveryOf(later)).status).toBe('disabled')
    await sandbox.services.callbacks.worker.idle()
    expect(receiver.received).toHaveLength(1)

    receiver.onRequest(() => ({ status: 200 }))
    const again = await sandbox.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: receiver.url() } })
    expect(again.status).toBe(200)
    expect(again.json.additionalData.signingSecret).toBe(secret)
    expect((await sandbox.call('GET', `/${PARTNER_A}/callbacks`)).json.callbackList).toEqual([expect.objectContaining({ notificationType: 6, status: 'active' })])
    const next = publishStatus()
    await receiver.waitFor((hooks) => hooks.some((h) => h.id === next && h.verified))
  })

  it('honours Retry-After (seconds, scaled like the schedule) instead of the shorter scheduled delay', async () => {
    receiver.setSecret(await sandbox.register(PARTNER_A, 6, receiver.url()))
    // 300 s × timeScale 0.001 = 300 ms, where the schedule alone would wait 5 s × 0.001 = 5 ms.
    receiver.onRequest((_hook, index) => (index === 0 ? { status: 429, headers: { 'Retry-After': '300' } } : { status: 204 }))
    publishStatus()
    const [first, second] = await receiver.waitFor(2)
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(290)
  })

  it('honours Retry-After given as an HTTP date', async () => {
    await sandbox.close()
    sandbox = await createCallbackSandbox({ callbackCaFile: ca.caFile, timeScale: 1 })
    receiver.setSecret(await sandbox.register(PARTNER_A, 6, receiver.url()))
    const retryAt = new Date(Date.now() + 60_000).toUTCString()
    receiver.onRequest(() => ({ status: 503, headers: { 'Retry-After': retryAt } }))
    const id = publishStatus()
    const pending = await eventually(async () => ((await deliveryOf(id))?.attempts === 1 ? deliveryOf(id) : undefined))
    // An HTTP date has whole seconds; the schedule alone would have waited about 5 s.
    const wait = Date.parse(pending.nextAttemptAt) - Date.parse(pending.attemptList[0].attemptedAt)
    expect(wait).toBeGreaterThan(58_000)
    expect(wait).toBeLessThanOrEqual(60_000)
    expect(pending.status).toBe('pending')
  })

  it('spaces the eight attempts of an always failing receiver by the schedule: at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', async () => {
    await sandbox.close()
    // 1/20,000 of real time: the whole schedule (27 h 35 min) takes about 5 s.
    const scale = 0.000_05
    sandbox = await createCallbackSandbox({ callbackCaFile: ca.caFile, timeScale: scale })
    receiver.setSecret(await sandbox.register(PARTNER_A, 6, receiver.url()))
    receiver.onRequest(() => ({ status: 503 }))
    const id = publishStatus()
    const hooks = await receiver.waitFor(8, 15_000)
    const gaps = hooks.slice(1).map((hook, i) => hook.receivedAt - hooks[i]!.receivedAt)
    // The schedule's delays after each failure, scaled, each with ±10% jitter; the first ones are
    // under a millisecond once scaled, so only the five longest are measured.
    RETRY_SCHEDULE_MS.slice(3).forEach((delay, i) => {
      const gap = gaps[i + 2]!
      expect(gap, `retry ${i + 3}`).toBeGreaterThanOrEqual(delay * scale * 0.9 - 2)
      expect(gap, `retry ${i + 3}`).toBeLessThanOrEqual(delay * scale * 1.1 + 60)
    })
    expect(hooks.every((hook) => hook.id === id && hook.verified)).toBe(true)
    const delivery = await eventually(async () => ((await deliveryOf(id))?.status === 'failed' ? deliveryOf(id) : undefined), 5_000)
    expect(delivery.attempts).toBe(8)
    expect(RETRY_SCHEDULE_MS).toHaveLength(8)
  })

  it('marks the notification failed after the eighth attempt', async () => {
    await sandbox.close()
    sandbox = await createCallbackSandbox({ callbackCaFile: ca.caFile, timeScale: 0.000_01 })
    receiver.setSecret(await sandbox.register(PARTNER_A, 6, receiver.url()))
    receiver.onRequest(() => ({ status: 503 }))
    const id = publishStatus()
    const delivery = await eventually(async () => ((await deliveryOf(id))?.status === 'failed' ? deliveryOf(id) : undefined), 10_000)
    expect(delivery.attempts).toBe(8)
    expect(delivery.statusReason).toBe('HTTP 503')
    expect(delivery.nextAttemptAt).toBe(null)
    expect(receiver.received).toHaveLength(8)
  })
})
