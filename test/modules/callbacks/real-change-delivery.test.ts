import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SIMULATION_INPUT_EXAMPLE } from '../../../src/modules/simulations/simulation-input.schemas.ts'
import { createCallbackSandbox, PARTNER_A, type CallbackSandbox } from './support/callback-sandbox.ts'
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

describe('notifications of real changes, and echo on a real resource', () => {
  it('pushes the status of a new simulation (type 6), then echoes it from its id alone', async () => {
    receiver.setSecret(await sandbox.register(PARTNER_A, 6, receiver.url()))
    const created = await sandbox.call('POST', '/v1/simulations', { body: SIMULATION_INPUT_EXAMPLE })
    expect(created.status).toBe(201)
    const simulationUniqueId = created.json.additionalData.simulationUniqueID
    const [change] = await receiver.waitFor(1)
    expect(change!.verified).toBe(true)
    expect(change!.json).toMatchObject({
      notificationTypeId: 6,
      partnerUniqueID: PARTNER_A,
      simulationUniqueId,
      data: { simulationStatusId: 1 },
      test: false,
    })
    expect(change!.json.data).not.toHaveProperty('previousSimulationStatusId')

    const echo = await sandbox.call('POST', `/v1/callbacks/echo/${PARTNER_A}/6`, { body: { simulationUniqueId } })
    expect(echo.status).toBe(200)
    const [, test] = await receiver.waitFor(2)
    expect(test!.id).toBe(echo.json.additionalData.notificationId)
    expect(test!.json).toMatchObject({ simulationUniqueId, data: { simulationStatusId: 1 }, test: true })
  })
})
