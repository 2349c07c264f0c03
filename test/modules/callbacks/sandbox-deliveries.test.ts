import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { eventOf } from '../../../src/modules/callbacks/notification-events.ts'
import { createTestSandbox, PARTNER_A, PARTNER_B, type TestSandbox } from '../../support/test-app.ts'

let sandbox: TestSandbox
let ids: string[]

beforeEach(async () => {
  sandbox = await createTestSandbox()
  await sandbox.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: 'https://partner.example.com/hooks' } })
  const publish = sandbox.services.callbacks.publisher.publish
  ids = sandbox.db.transaction(() => [
    ...[1, 2, 3, 4, 5].map((s) =>
      publish(
        eventOf('SIMULATION_STATUS_CHANGED', {
          partnerUniqueID: PARTNER_A,
          brokerId: 1001,
          simulationUniqueId: randomUUID(),
          simulationStatusId: s,
          simulationStatusDescription: 'x',
        }),
      ),
    ),
    publish(
      eventOf('NEW_MESSAGE', { partnerUniqueID: PARTNER_A, brokerId: 1001, simulationUniqueId: randomUUID(), messageUniqueId: randomUUID(), messageText: 'hi', origin: 'BANK' }),
    ),
    publish(
      eventOf('NEW_MESSAGE', { partnerUniqueID: PARTNER_B, brokerId: 2001, simulationUniqueId: randomUUID(), messageUniqueId: randomUUID(), messageText: 'hi', origin: 'BANK' }),
    ),
  ])()
})

const list = async (query = '') => {
  const res = await sandbox.call('GET', `/sandbox/deliveries${query}`)
  expect(res.status).toBe(200)
  return res.json
}
const idsOf = (page: { deliveryList: Array<{ notificationId: string }> }) => page.deliveryList.map((d) => d.notificationId)

describe('GET /sandbox/deliveries', () => {
  it("lists the caller partner's notifications, newest first, with status and attempts", async () => {
    const page = await list()
    expect(page.totalRecords).toBe(6)
    expect(page.hasMoreResults).toBe(false)
    expect(idsOf(page)).toEqual(ids.slice(0, 6).reverse())
    expect(page.deliveryList[0]).toMatchObject({ notificationTypeId: 7, notificationType: 'NEW_MESSAGE', status: 'skipped', attempts: 0, attemptList: [] })
    expect(page.deliveryList[1]).toMatchObject({ notificationTypeId: 6, status: 'pending', nextAttemptAt: expect.any(String) })
  })

  it('filters by status and by type', async () => {
    expect(idsOf(await list('?status=skipped'))).toEqual([ids[5]])
    expect((await list('?notificationTypeId=6')).totalRecords).toBe(5)
    expect((await list('?notificationTypeId=6&status=skipped')).totalRecords).toBe(0)
    expect((await sandbox.call('GET', '/sandbox/deliveries?status=lost')).status).toBe(400)
  })

  it('pages by keyset with nextRecord and previousRecord', async () => {
    const first = await list('?lineCount=2')
    expect(idsOf(first)).toEqual([ids[5], ids[4]])
    expect(first.hasMoreResults).toBe(true)
    const second = await list(`?lineCount=2&nextRecord=${ids[4]}`)
    expect(idsOf(second)).toEqual([ids[3], ids[2]])
    const last = await list(`?lineCount=2&nextRecord=${ids[2]}`)
    expect(idsOf(last)).toEqual([ids[1], ids[0]])
    expect(last.hasMoreResults).toBe(false)
    const back = await list(`?lineCount=2&previousRecord=${ids[1]}`)
    expect(idsOf(back)).toEqual([ids[3], ids[2]])
    expect(back.hasMoreResults).toBe(true)
  })

  it("refuses a cursor that is not one of the caller's notifications", async () => {
    expect((await sandbox.call('GET', `/sandbox/deliveries?nextRecord=${ids[6]}`)).status).toBe(400)
    expect((await sandbox.call('GET', '/sandbox/deliveries?lineCount=101')).status).toBe(400)
  })

  it('shows partner B only its own', async () => {
    const res = await sandbox.call('GET', '/sandbox/deliveries', { token: sandbox.tokens.b })
    expect(idsOf(res.json)).toEqual([ids[6]])
  })

  it('needs a token', async () => {
    expect((await sandbox.call('GET', '/sandbox/deliveries', { token: null })).status).toBe(401)
  })
})

describe('the OpenAPI document', () => {
  it('documents the callback operations, the control API under the Sandbox tag, and the pushed notification', async () => {
    const doc = (await sandbox.call('GET', '/openapi.json')).json
    const own = (await sandbox.call('GET', '/openapi/sandbox.json')).json
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/{partnerUniqueID}/callbacks/{notificationType}', '/{partnerUniqueID}/callbacks', '/v1/callbacks/echo/{partnerUniqueID}/{notificationTypeID}']),
    )
    expect(Object.keys(own.paths)).toEqual(expect.arrayContaining(['/sandbox/deliveries', '/sandbox/deliveries/{notificationId}/retry']))
    expect(own.paths['/sandbox/deliveries'].get.tags).toEqual(['Sandbox'])
    expect(own.tags.find((t: { name: string }) => t.name === 'Sandbox').description).toMatch(/not part of the bank's API/)
    expect(Object.keys(doc.webhooks)).toHaveLength(1)
  })

  it('has a Callback Update example that works as is', async () => {
    const doc = (await sandbox.call('GET', '/openapi.json')).json
    const schema = doc.components.schemas.CallbackUpdateRequest
    const res = await sandbox.call('PUT', `/${PARTNER_A}/callbacks/7`, { body: { callbackUrl: schema.properties.callbackUrl.example } })
    expect(res.status).toBe(201)
  })
})
