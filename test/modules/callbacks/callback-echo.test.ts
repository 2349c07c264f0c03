import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { createTestSandbox, PARTNER_A, PARTNER_B, type TestSandbox } from '../../support/test-app.ts'
import { eventually } from './support/callback-sandbox.ts'
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
    expect((await sentBody(defaultText.json.additionalData.notificationId)).notification.data.messageText).toBe('Test message sent by the sandbox (Callback Echo).')
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
      `There is no callback configuration for type 6: register an address with PUT /${PARTNER_A}/callbacks/6, or run mortgage-sandbox listen --forward-to <your local receiver>, before using Callback Echo.`,
    )
  })

  it("sends the echo to the partner's listener when no address is registered, delivered in the log with the listener named", async () => {
    await sandbox.call('DELETE', `/${PARTNER_A}/callbacks/6`)
    sandbox.services.callbacks.worker.start()
    try {
      // A listener as `mortgage-sandbox listen` opens one, its local server answering 204 to what it forwards.
      const auth = sandbox.services.partners.auth.authenticate(`Bearer ${sandbox.tokens.a}`)
      const listener = sandbox.services.callbacks.listen.open(auth, { forwardTo: 'http://localhost:3000/hooks' })
      const forwarded: Array<{ notificationId: string; replayed: boolean }> = []
      listener.attach({
        send: (event) => {
          if (event.event !== 'notification') return true
          const n = JSON.parse(event.data) as { attemptId: string; notificationId: string; replayed: boolean }
          forwarded.push(n)
          queueMicrotask(() =>
            sandbox.services.callbacks.listen.report(auth, listener.ready.listenerId, { attemptId: n.attemptId, httpStatus: 204, latencyMs: 3, responseExcerpt: '', error: null }),
          )
          return true
        },
        close: () => undefined,
      })
      const res = await echo(6, { simulationUniqueId: simulation })
      expect(res.status, JSON.stringify(res.json)).toBe(200)
      const id = res.json.additionalData.notificationId as string
      const entry = await eventually(async () => {
        const d = await sentBody(id)
        return d?.status === 'delivered' ? d : undefined
      })
      expect(forwarded).toEqual([expect.objectContaining({ notificationId: id, replayed: false })])
      expect(entry.statusReason).toBe(`delivered through mortgage-sandbox listen: listener ${listener.ready.listenerId}, forwarding to http://localhost:3000/hooks`)
      expect(entry.listen).toEqual({ status: 'delivered', nextAttemptAt: null, replayed: false })
      expect(entry.attemptList).toEqual([expect.objectContaining({ through: 'listen', httpStatus: 204, callbackUrl: 'http://localhost:3000/hooks' })])
      listener.detach()
      // The console's log says so too.
      const login = await sandbox.request('/console/login', {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
        body: new URLSearchParams({ username: 'broker-a', password: 'sandbox' }).toString(),
      })
      const cookie = `sandbox_console=${/sandbox_console=([^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]}`
      const page = await (await sandbox.request('/console/deliveries', { headers: { Cookie: cookie } })).text()
      const row = page.slice(page.indexOf(`data-notification-id="${id}"`)).split('</tr>')[0]!
      expect(row).toContain('<td class="ok">delivered <span class="muted">(listen)</span></td>')
    } finally {
      await sandbox.services.callbacks.worker.stop(100)
    }
  })

  it('refuses a malformed id', async () => {
    const res = await echo(6, { simulationUniqueId: 'SIM-1' })
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorCode: '010103', errorField: 'simulationUniqueId' })
  })
})
