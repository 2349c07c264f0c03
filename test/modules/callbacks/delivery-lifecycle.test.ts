import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eventOf } from '../../../src/modules/callbacks/notification-events.ts'
import { createCallbackSandbox, eventually, PARTNER_A, PARTNER_B, type CallbackSandbox } from './support/callback-sandbox.ts'
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

const statusEvent = (simulationUniqueId: string, statusId: number, partnerUniqueID = PARTNER_A) =>
  eventOf('SIMULATION_STATUS_CHANGED', {
    partnerUniqueID,
    brokerId: partnerUniqueID === PARTNER_A ? 1001 : 2001,
    simulationUniqueId,
    simulationStatusId: statusId,
    simulationStatusDescription: `status ${statusId}`,
  })

const publish = (...events: Array<ReturnType<typeof statusEvent>>) => sandbox.db.transaction(() => events.map((e) => sandbox.services.callbacks.publisher.publish(e)))()

const statusOf = async (id: string) => (await sandbox.deliveries()).deliveryList.find((d: { notificationId: string }) => d.notificationId === id)?.status

describe('delivery order and outbox semantics', () => {
  it('keeps the order of one resource even when its first notification needs a retry', async () => {
    receiver.setSecret(await sandbox.register(PARTNER_A, 6, receiver.url()))
    const simulation = randomUUID()
    receiver.onRequest((hook, index) => (index === 0 ? { status: 503 } : { status: 204 }))
    const ids = publish(...[1, 2, 3, 4, 5].map((s) => statusEvent(simulation, s)))
    const hooks = await receiver.waitFor(6)
    expect(hooks.map((h) => h.json.data.simulationStatusId)).toEqual([1, 1, 2, 3, 4, 5])
    expect(hooks.map((h) => h.id)).toEqual([ids[0], ...ids])
  })

  it('delivers different resources concurrently: a slow resource does not hold the others back', async () => {
    receiver.setSecret(await sandbox.register(PARTNER_A, 6, receiver.url()))
    const slow = randomUUID()
    receiver.onRequest((hook) => (hook.json.simulationUniqueId === slow ? 'hang' : { status: 204 }))
    publish(statusEvent(slow, 1))
    await receiver.waitFor(1)
    const others = publish(...[1, 2, 3].map(() => statusEvent(randomUUID(), 1)))
    const hooks = await receiver.waitFor(4)
    expect(
      hooks
        .slice(1)
        .map((h) => h.id)
        .sort(),
    ).toEqual([...others].sort())
  })

  it('writes nothing when the change rolls back', async () => {
    receiver.setSecret(await sandbox.register(PARTNER_A, 6, receiver.url()))
    expect(() =>
      sandbox.db.transaction(() => {
        sandbox.services.callbacks.publisher.publish(statusEvent(randomUUID(), 1))
        throw new Error('the change failed')
      })(),
    ).toThrow('the change failed')
    await sandbox.services.callbacks.worker.idle()
    expect(receiver.received).toHaveLength(0)
    expect((await sandbox.deliveries()).totalRecords).toBe(0)
  })

  it('logs a notification without configuration as skipped and sends nothing', async () => {
    const [id] = publish(statusEvent(randomUUID(), 1))
    expect(await statusOf(id!)).toBe('skipped')
    await sandbox.services.callbacks.worker.idle()
    expect(receiver.received).toHaveLength(0)
  })

  it('pushes nothing of a type after Callback Delete, even what was waiting for a retry', async () => {
    await sandbox.close()
    sandbox = await createCallbackSandbox({ callbackCaFile: ca.caFile, timeScale: 1 })
    receiver.setSecret(await sandbox.register(PARTNER_A, 6, receiver.url()))
    receiver.onRequest(() => ({ status: 500 }))
    const [id] = publish(statusEvent(randomUUID(), 1))
    await receiver.waitFor(1)
    await eventually(async () => ((await statusOf(id!)) === 'pending' ? true : undefined))
    expect((await sandbox.call('DELETE', `/${PARTNER_A}/callbacks/6`)).status).toBe(200)
    const delivery = (await sandbox.deliveries()).deliveryList[0]
    expect(delivery).toMatchObject({ status: 'skipped', statusReason: 'callback configuration deleted', nextAttemptAt: null })
  })

  it('sends messages of type 7 for a process or a simulation', async () => {
    receiver.setSecret(await sandbox.register(PARTNER_A, 7, receiver.url()))
    const process = randomUUID()
    const messageUniqueId = randomUUID()
    publish(eventOf('NEW_MESSAGE', { partnerUniqueID: PARTNER_A, brokerId: 1001, processUniqueId: process, messageUniqueId, messageText: 'Falta o IRS.', origin: 'BANK' }))
    const [hook] = await receiver.waitFor(1)
    expect(hook!.json).toMatchObject({ notificationTypeId: 7, processUniqueId: process, data: { messageUniqueId, messageText: 'Falta o IRS.', origin: 'BANK' } })
    expect(hook!.json).not.toHaveProperty('simulationUniqueId')
  })
})

describe('POST /sandbox/deliveries/{notificationId}/retry', () => {
  it('redelivers a delivered notification with the same webhook-id and body', async () => {
    receiver.setSecret(await sandbox.register(PARTNER_A, 6, receiver.url()))
    const [id] = publish(statusEvent(randomUUID(), 1))
    await receiver.waitFor(1)
    await eventually(async () => ((await statusOf(id!)) === 'delivered' ? true : undefined))
    const res = await sandbox.call('POST', `/sandbox/deliveries/${id}/retry`)
    expect(res.status).toBe(200)
    expect(res.json.additionalData).toEqual({ notificationId: id, status: 'pending' })
    const hooks = await receiver.waitFor(2)
    expect(hooks[1]!.id).toBe(id)
    expect(hooks[1]!.body).toBe(hooks[0]!.body)
    expect(hooks[1]!.verified).toBe(true)
    const delivery = await eventually(async () => {
      const d = (await sandbox.deliveries()).deliveryList[0]
      return d.attempts === 2 && d.status === 'delivered' ? d : undefined
    })
    expect(delivery.attemptList.map((a: { attemptNumber: number }) => a.attemptNumber)).toEqual([1, 2])
  })

  it('gives a failed notification one more attempt', async () => {
    await sandbox.close()
    sandbox = await createCallbackSandbox({ callbackCaFile: ca.caFile, timeScale: 0.000_01 })
    receiver.setSecret(await sandbox.register(PARTNER_A, 6, receiver.url()))
    receiver.onRequest(() => ({ status: 500 }))
    const [id] = publish(statusEvent(randomUUID(), 1))
    await eventually(async () => ((await statusOf(id!)) === 'failed' ? true : undefined), 10_000)
    receiver.onRequest(() => ({ status: 200 }))
    expect((await sandbox.call('POST', `/sandbox/deliveries/${id}/retry`)).status).toBe(200)
    await eventually(async () => ((await statusOf(id!)) === 'delivered' ? true : undefined))
    expect(receiver.received).toHaveLength(9)
  })

  it("answers 404 for another partner's notification and for an unknown id", async () => {
    await sandbox.register(PARTNER_A, 6, receiver.url())
    const [id] = publish(statusEvent(randomUUID(), 1))
    expect((await sandbox.call('POST', `/sandbox/deliveries/${id}/retry`, { token: sandbox.tokens.b })).status).toBe(404)
    expect((await sandbox.call('POST', '/sandbox/deliveries/msg_nope/retry')).status).toBe(404)
    expect((await sandbox.call('GET', '/sandbox/deliveries', { token: sandbox.tokens.b })).json.totalRecords).toBe(0)
  })

  it('answers 400 when the type has no configuration any more', async () => {
    const [id] = publish(statusEvent(randomUUID(), 1, PARTNER_B))
    const res = await sandbox.call('POST', `/sandbox/deliveries/${id}/retry`, { token: sandbox.tokens.b, headers: { 'Accept-Language': 'en' } })
    expect(res.status).toBe(400)
    expect(res.json.errors[0].errorMessage).toMatch(/no callback configuration/)
  })
})
