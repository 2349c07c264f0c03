import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { createTestSandbox, PARTNER_A, PARTNER_B, type TestSandbox } from '../../support/test-app.ts'
import { insertOwnedResource } from './support/owned-resources.ts'

let sandbox: TestSandbox
let simulation: string
let process: string
const en = { 'Accept-Language': 'en' }

beforeEach(async () => {
  sandbox = await createTestSandbox()
  simulation = randomUUID()
  process = randomUUID()
  insertOwnedResource(sandbox.db, 'simulation', { id: simulation, brokerId: 1001, statusId: 2 })
  insertOwnedResource(sandbox.db, 'process', { id: process, brokerId: 1001, statusId: 3 })
  for (const type of [5, 6, 7]) {
    await sandbox.call('PUT', `/${PARTNER_A}/callbacks/${type}`, { body: { callbackUrl: 'https://partner.example.com/hooks' } })
  }
})

const echo = (type: number | string, body: unknown, options: { token?: string; partner?: string } = {}) =>
  sandbox.call('POST', `/v1/callbacks/echo/${options.partner ?? PARTNER_A}/${type}`, { body, headers: en, ...(options.token ? { token: options.token } : {}) })

const sentBody = async (notificationId: string) => {
  const log = await sandbox.call('GET', '/sandbox/deliveries')
  return log.json.deliveryList.find((d: { notificationId: string }) => d.notificationId === notificationId)
}

describe('POST /v1/callbacks/echo/{partnerUniqueID}/{notificationTypeID}', () => {
  it('queues a test notification of type 6 from the simulation id alone, with its current status', async () => {
    const res = await echo(6, { simulationUniqueId: simulation })
    expect(res.status).toBe(200)
    expect(res.json.operationStatus.operationStatusCode).toBe('020101')
    const { notificationId } = res.json.additionalData
    expect(notificationId).toMatch(/^msg_/)
    const delivery = await sentBody(notificationId)
    expect(delivery).toMatchObject({ status: 'pending', test: true, notificationTypeId: 6, simulationUniqueId: simulation, processUniqueId: null })
    expect(delivery.notification).toMatchObject({
      notificationId,
      notificationType: 'SIMULATION_STATUS_CHANGED',
      partnerUniqueID: PARTNER_A,
      simulationUniqueId: simulation,
      data: { simulationStatusId: 2, simulationStatusDescription: 'Not eligible' },
      test: true,
    })
  })

  it('takes the type-specific fields when given', async () => {
    const six = await echo(6, { simulationUniqueId: simulation, simulationStatusId: 4, simulationStatusDescription: 'Anulada pelo cliente' })
    expect((await sentBody(six.json.additionalData.notificationId)).notification.data).toMatchObject({
      simulationStatusId: 4,
      simulationStatusDescription: 'Anulada pelo cliente',
    })
    const five = await echo(5, { processUniqueId: process })
    expect((await sentBody(five.json.additionalData.notificationId)).notification).toMatchObject({
      processUniqueId: process,
      data: { processStatusId: 3, processStatusDescription: 'In analysis' },
    })
    const seven = await echo(7, { processUniqueId: process, messageText: 'Falta o recibo.' })
    expect((await sentBody(seven.json.additionalData.notificationId)).notification.data).toMatchObject({ messageText: 'Falta o recibo.', origin: 'BANK' })
    const defaultText = await echo(7, { simulationUniqueId: simulation })
    expect((await sentBody(defaultText.json.additionalData.notificationId)).notification.data.messageText).toBe(
      'Test message sent by the sandbox (Callback Echo).',
    )
  })

  it.each([1, 4, 8, 12])('refuses type %i: echo simulates 5, 6 and 7 only', async (type) => {
    const res = await echo(type, { simulationUniqueId: simulation })
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorField: 'notificationTypeID', errorMessage: 'Callback Echo simulates notification types 5, 6 and 7 only.' })
  })

  it.each([
    ['99', '010106'],
    ['x', '010102'],
  ])('refuses the unknown type %s', async (type, code) => {
    const res = await echo(type, { simulationUniqueId: simulation })
    expect(res.status).toBe(400)
    expect(res.json.errors[0].errorCode).toBe(code)
  })

  it('refuses both ids and neither id with 400', async () => {
    const both = await echo(7, { simulationUniqueId: simulation, processUniqueId: process })
    expect(both.status).toBe(400)
    expect(both.json.errors[0].errorMessage).toBe('Give exactly one of processUniqueId or simulationUniqueId.')
    const neither = await echo(7, { messageText: 'hello' })
    expect(neither.status).toBe(400)
    expect(neither.json.errors[0]).toMatchObject({ errorCode: '010101', errorMessage: 'Give exactly one of processUniqueId or simulationUniqueId.' })
    expect((await echo(7, {})).status).toBe(400)
  })

  it('refuses the id of the wrong resource for the type, and fields of another type', async () => {
    const wrongResource = await echo(6, { processUniqueId: process })
    expect(wrongResource.status).toBe(400)
    expect(wrongResource.json.errors[0].errorMessage).toBe('Notification type 6 is about a simulation: use simulationUniqueId.')
    const foreign = await echo(6, { simulationUniqueId: simulation, messageText: 'hi' })
    expect(foreign.status).toBe(400)
    expect(foreign.json.errors[0]).toMatchObject({ errorField: 'messageText', errorMessage: 'Field messageText does not apply to notification type 6.' })
  })

  it('refuses a status id that is not in its list', async () => {
    const res = await echo(6, { simulationUniqueId: simulation, simulationStatusId: 77 })
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorCode: '010106', errorField: 'simulationStatusId' })
  })

  it("answers 404 for an id that is not the caller partner's, or does not exist", async () => {
    const other = randomUUID()
    insertOwnedResource(sandbox.db, 'simulation', { id: other, brokerId: 2001, statusId: 1 })
    expect((await echo(6, { simulationUniqueId: other })).status).toBe(404)
    expect((await echo(6, { simulationUniqueId: randomUUID() })).status).toBe(404)
    expect((await echo(5, { processUniqueId: randomUUID() })).status).toBe(404)
  })

  it("answers 403 on another partner's path", async () => {
    expect((await echo(6, { simulationUniqueId: simulation }, { partner: PARTNER_B })).status).toBe(403)
  })

  it('answers 400 with a clear message when the type has no configuration', async () => {
    await sandbox.call('DELETE', `/${PARTNER_A}/callbacks/6`)
    const res = await echo(6, { simulationUniqueId: simulation })
    expect(res.status).toBe(400)
    expect(res.json.errors[0].errorMessage).toBe(
      `There is no callback configuration for type 6: register an address with PUT /${PARTNER_A}/callbacks/6 before using Callback Echo.`,
    )
  })

  it('refuses a malformed id', async () => {
    const res = await echo(6, { simulationUniqueId: 'SIM-1' })
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorCode: '010103', errorField: 'simulationUniqueId' })
  })
})
