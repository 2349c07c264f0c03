import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { HostResolver } from '../../../src/modules/callbacks/address-policy.ts'
import { eventOf } from '../../../src/modules/callbacks/notification-events.ts'
import { createCallbackSandbox, eventually, PARTNER_A, type CallbackSandbox } from './support/callback-sandbox.ts'
import { createThrowawayCa, type ThrowawayCa } from './support/throwaway-ca.ts'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts'

let ca: ThrowawayCa
let receiver: WebhookReceiver
let sandbox: CallbackSandbox | undefined

beforeAll(() => {
  ca = createThrowawayCa()
})
afterAll(() => ca.remove())
beforeEach(async () => {
  receiver = await startWebhookReceiver({ cert: ca.cert, key: ca.key })
})
afterEach(async () => {
  await sandbox?.close()
  await receiver.close()
})

const publish = (s: CallbackSandbox) =>
  s.db.transaction(() =>
    s.services.callbacks.publisher.publish(
      eventOf('SIMULATION_STATUS_CHANGED', {
        partnerUniqueID: PARTNER_A,
        brokerId: 1001,
        simulationUniqueId: randomUUID(),
        simulationStatusId: 1,
        simulationStatusDescription: 'Simulada',
      }),
    ),
  )()

const firstAttempt = (s: CallbackSandbox) => eventually(async () => (await s.deliveries()).deliveryList[0]?.attemptList[0] as Record<string, unknown> | undefined)

describe('address checks at delivery time', () => {
  it('connects to the address the policy checked, whatever the system resolver would say', async () => {
    const resolver: HostResolver = async (host) => (host === 'hooks.partner.test' ? [{ address: '127.0.0.1', family: 4 }] : [])
    sandbox = await createCallbackSandbox({ callbackCaFile: ca.caFile }, { resolver })
    const url = `https://hooks.partner.test:${receiver.port}/hooks`
    receiver.setSecret(await sandbox.register(PARTNER_A, 6, url))
    const id = publish(sandbox)
    const [hook] = await receiver.waitFor(1)
    expect(hook).toMatchObject({ id, verified: true })
  })

  it('refuses a name rebound to loopback after registration, recording the attempt', async () => {
    let answer = '93.184.216.34'
    const resolver: HostResolver = async () => [{ address: answer, family: 4 }]
    sandbox = await createCallbackSandbox({ callbackCaFile: ca.caFile, callbackAllowPrivate: false }, { resolver })
    await sandbox.register(PARTNER_A, 6, `https://hooks.partner.test:${receiver.port}/hooks`)
    answer = '127.0.0.1'
    publish(sandbox)
    const attempt = await firstAttempt(sandbox)
    expect(attempt).toMatchObject({ httpStatus: null, error: 'the callback host resolves to 127.0.0.1, a loopback address' })
    expect((await sandbox.deliveries()).deliveryList[0].status).toBe('pending')
    expect(receiver.received).toHaveLength(0)
  })

  it('does not trust the private CA without SANDBOX_CALLBACK_CA_FILE', async () => {
    sandbox = await createCallbackSandbox({ callbackCaFile: undefined })
    await sandbox.register(PARTNER_A, 6, receiver.url())
    publish(sandbox)
    const attempt = await firstAttempt(sandbox)
    expect(attempt.httpStatus).toBe(null)
    expect(attempt.error).toMatch(/certificate/i)
    expect(receiver.received).toHaveLength(0)
  })

  it('records a connection refused as a failed attempt and keeps retrying', async () => {
    sandbox = await createCallbackSandbox({ callbackCaFile: ca.caFile })
    const url = receiver.url()
    await receiver.close()
    await sandbox.register(PARTNER_A, 6, url)
    publish(sandbox)
    const attempts = await eventually(async () => {
      const list = (await sandbox!.deliveries()).deliveryList[0]?.attemptList
      return list?.length >= 2 ? list : undefined
    })
    expect(attempts[0].error).toMatch(/ECONNREFUSED/)
    receiver = await startWebhookReceiver({ cert: ca.cert, key: ca.key })
  })
})
