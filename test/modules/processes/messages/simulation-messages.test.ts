import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../../support/test-app.ts'
import { createSimulation, forceStatus } from '../../simulations/simulation-fixtures.ts'

let s: TestSandbox
let id: string
beforeAll(async () => {
  s = await createTestSandbox()
  id = (await createSimulation(s)).id
})

const post = (simulationId: string, body: unknown, token?: string) => s.call('POST', `/v1/simulations/${simulationId}/message`, { body, ...(token ? { token } : {}) })
const list = (simulationId: string, query = '') => s.call('GET', `/v1/simulations/${simulationId}/message${query}`)

describe('Simulations Message Create', () => {
  it('stores a message of the broker user: 201 with its id', async () => {
    const res = await post(id, { messageText: '  Podem confirmar o spread?  ' })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({
      operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operação efetuada com sucesso.' },
      additionalData: { messageUniqueID: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    })
    const first = (await list(id)).json.listMessageDetail[0]
    expect(first).toEqual({
      messageUniqueID: res.json.additionalData.messageUniqueID,
      messageText: 'Podem confirmar o spread?',
      messageDate: s.clock.now().toISOString(),
      origin: 'BROKER',
      userId: 5001,
      userName: 'Ana Martins',
    })
  })

  it.each([
    ['no text', {}, 'messageText', '010101'],
    ['an empty text', { messageText: '   ' }, 'messageText', '010104'],
    ['a text too long', { messageText: 'x'.repeat(2001) }, 'messageText', '010104'],
    ['a number', { messageText: 42 }, 'messageText', '010102'],
    ['another field', { messageText: 'ok', subject: 'x' }, 'body', '010105'],
  ])('refuses %s', async (_, body, field, code) => {
    const res = await post(id, body)
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorField: field, errorCode: code })
  })

  it.each(['CANCELLED', 'EXPIRED', 'COMPLETED'] as const)('refuses a message on a %s simulation', async (code) => {
    const closed = (await createSimulation(s)).id
    forceStatus(s, closed, code)
    const res = await post(closed, { messageText: 'Ainda está disponível?' })
    expect(res.status).toBe(400)
    expect(res.json.errors[0].errorCode).toBe('010301')
  })

  it('answers 404 for an unknown simulation', async () => {
    expect((await post('6a1b2c3d-0000-4000-8000-000000000000', { messageText: 'Olá' })).status).toBe(404)
  })
})

describe('Simulations Message List', () => {
  it('lists broker and bank messages newest first, paged both ways', async () => {
    const publish = vi.spyOn(s.services.callbacks.publisher, 'publish')
    const simulation = (await createSimulation(s)).id
    const texts: string[] = []
    for (let n = 1; n <= 5; n++) {
      s.clock.advance(1000)
      const text = `Mensagem ${n}`
      texts.push(text)
      if (n === 3) s.services.messages.simulation.addBankMessage({ brokerId: 1001 }, simulation, text)
      else await post(simulation, { messageText: text }, n === 4 ? s.tokens.a2 : undefined)
    }
    const newest = [...texts].reverse()
    const all = await list(simulation)
    expect(all.json.totalRecords).toBe(5)
    expect(all.json.listMessageDetail.map((m: { messageText: string }) => m.messageText)).toEqual(newest)
    const bank = all.json.listMessageDetail.find((m: { origin: string }) => m.origin === 'BANK')
    expect(bank.messageText).toBe('Mensagem 3')
    expect(bank).not.toHaveProperty('userId')
    expect(bank).not.toHaveProperty('userName')
    expect(all.json.listMessageDetail[1]).toMatchObject({ userId: 5002, userName: 'Rui Ferreira' })

    const page1 = await list(simulation, '?lineCount=2')
    expect(page1.json).toMatchObject({ totalRecords: 5, hasMoreResults: true })
    const ids = page1.json.listMessageDetail.map((m: { messageUniqueID: string }) => m.messageUniqueID)
    const page2 = await list(simulation, `?lineCount=2&nextRecord=${ids[1]}`)
    expect(page2.json.listMessageDetail.map((m: { messageText: string }) => m.messageText)).toEqual(newest.slice(2, 4))
    const back = await list(simulation, `?lineCount=2&previousRecord=${page2.json.listMessageDetail[0].messageUniqueID}`)
    expect(back.json.listMessageDetail.map((m: { messageText: string }) => m.messageText)).toEqual(newest.slice(0, 2))
    expect(back.json.hasMoreResults).toBe(false)

    const notified = publish.mock.calls.map(([event]) => event).filter((e) => e.notificationTypeId === 7)
    expect(notified).toEqual([
      {
        partnerUniqueID: PARTNER_A,
        brokerId: 1001,
        notificationTypeId: 7,
        simulationUniqueId: simulation,
        data: { messageUniqueId: bank.messageUniqueID, messageText: 'Mensagem 3', origin: 'BANK' },
      },
    ])
    publish.mockRestore()
  })

  it('refuses a cursor of another simulation', async () => {
    const other = (await createSimulation(s)).id
    const message = (await post(other, { messageText: 'Outra' })).json.additionalData.messageUniqueID
    const res = await list(id, `?nextRecord=${message}`)
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorField: 'nextRecord', errorCode: '010105' })
  })
})
