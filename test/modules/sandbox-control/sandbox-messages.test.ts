import { beforeEach, describe, expect, it } from 'vitest'
import { draftProcess, notificationsOf, processPath } from '../processes/process-fixtures.ts'
import { createSimulation } from '../simulations/simulation-fixtures.ts'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'

let s: TestSandbox
beforeEach(async () => {
  s = await createTestSandbox()
})

describe('POST /sandbox/{simulations|processes}/{id}/message', () => {
  it('writes a bank message on a simulation, listed with origin BANK, and raises notification 7', async () => {
    const { id } = await createSimulation(s)
    const res = await s.call('POST', `/sandbox/simulations/${id}/message`, { body: { messageText: '  Precisamos do último recibo.  ' } })
    expect(res.status).toBe(201)
    const messageUniqueID = res.json.additionalData.messageUniqueID
    const [message] = (await s.call('GET', `/v1/simulations/${id}/message`)).json.listMessageDetail
    expect(message).toEqual({ messageUniqueID, messageText: 'Precisamos do último recibo.', messageDate: expect.any(String), origin: 'BANK' })
    expect(notificationsOf(s, 'simulation_unique_id', id).at(-1)).toMatchObject({ type: 7, body: { data: { messageUniqueId: messageUniqueID, origin: 'BANK' } } })
  })

  it('writes a bank message on a process, even a final one, and raises notification 7', async () => {
    const { processUniqueId: id } = await draftProcess(s)
    await s.call('DELETE', processPath(id), { body: { proposalCancelReasonId: 1 } })
    const res = await s.call('POST', `/sandbox/processes/${id}/message`, { body: { messageText: 'Lamentamos a desistência.' } })
    expect(res.status).toBe(201)
    expect((await s.call('GET', processPath(id, '/message'))).json.listMessageDetail[0]).toMatchObject({ origin: 'BANK', messageText: 'Lamentamos a desistência.' })
    expect(notificationsOf(s, 'process_unique_id', id).at(-1)!.type).toBe(7)
  })

  it.each([
    ['an empty text', { messageText: '   ' }, '010104'],
    ['a text longer than 2,000 characters', { messageText: 'x'.repeat(2001) }, '010104'],
    ['an unknown field', { messageText: 'Olá', urgent: true }, '010105'],
  ])('refuses %s (400)', async (_, body, code) => {
    const { id } = await createSimulation(s)
    const res = await s.call('POST', `/sandbox/simulations/${id}/message`, { body })
    expect(res.status).toBe(400)
    expect(res.json.errors[0].errorCode).toBe(code)
  })

  it('answers 404 for an unknown simulation or process', async () => {
    const unknown = '0c0c0c0c-0000-4000-8000-000000000000'
    expect((await s.call('POST', `/sandbox/simulations/${unknown}/message`, { body: { messageText: 'Olá' } })).status).toBe(404)
    expect((await s.call('POST', `/sandbox/processes/${unknown}/message`, { body: { messageText: 'Olá' } })).status).toBe(404)
  })
})
