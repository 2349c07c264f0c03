import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../../support/test-app.ts'
import { draftProcess, notificationsOf, processPath } from '../process-fixtures.ts'

let s: TestSandbox
let processUniqueId: string
beforeAll(async () => {
  s = await createTestSandbox()
  processUniqueId = (await draftProcess(s)).processUniqueId
})

const messages = (id = processUniqueId) => processPath(id, '/message')
const send = (messageText: unknown, id = processUniqueId, token?: string) => s.call('POST', messages(id), { body: { messageText }, ...(token ? { token } : {}) })

describe('Processes Message Create and List', () => {
  it("sends a message of the token's user and lists it in the simulation messages' shape", async () => {
    const res = await send('Enviámos a certidão predial atualizada.', processUniqueId, s.tokens.a2)
    expect(res.status).toBe(201)
    expect(res.json).toEqual({
      operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operação efetuada com sucesso.' },
      additionalData: { messageUniqueID: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    })
    const list = (await s.call('GET', messages())).json
    expect(list).toEqual({
      totalRecords: 1,
      hasMoreResults: false,
      listMessageDetail: [
        {
          messageUniqueID: res.json.additionalData.messageUniqueID,
          messageText: 'Enviámos a certidão predial atualizada.',
          messageDate: s.clock.now().toISOString(),
          origin: 'BROKER',
          userId: 5002,
          userName: 'Rui Ferreira',
        },
      ],
    })
  })

  it('lists bank messages too, each raising notification 7', async () => {
    const { processUniqueId: id } = await draftProcess(s)
    const bankId = s.services.messages.process.addBankMessage({ brokerId: 1001 }, id, 'Falta a declaração de IRS do segundo titular.')
    const list = (await s.call('GET', messages(id))).json.listMessageDetail
    expect(list).toEqual([expect.objectContaining({ messageUniqueID: bankId, origin: 'BANK' })])
    expect(list[0]).not.toHaveProperty('userId')
    expect(list[0]).not.toHaveProperty('userName')
    expect(notificationsOf(s, 'process_unique_id', id).at(-1)).toMatchObject({ type: 7, body: { data: { messageUniqueId: bankId, origin: 'BANK' } } })
    expect(() => s.services.messages.process.addBankMessage({ brokerId: 2001 }, id, 'x')).toThrow()
  })

  it('pages newest first with messageUniqueID cursors', async () => {
    const { processUniqueId: id } = await draftProcess(s)
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      ids.push((await send(`m${i}`, id)).json.additionalData.messageUniqueID)
      s.clock.advance(1000)
    }
    const first = (await s.call('GET', `${messages(id)}?lineCount=2`)).json
    expect(first.listMessageDetail.map((m: { messageText: string }) => m.messageText)).toEqual(['m4', 'm3'])
    expect(first).toMatchObject({ totalRecords: 5, hasMoreResults: true })
    const next = (await s.call('GET', `${messages(id)}?lineCount=2&nextRecord=${ids[3]}`)).json
    expect(next.listMessageDetail.map((m: { messageText: string }) => m.messageText)).toEqual(['m2', 'm1'])
    const previous = (await s.call('GET', `${messages(id)}?lineCount=2&previousRecord=${ids[1]}`)).json
    expect(previous.listMessageDetail.map((m: { messageText: string }) => m.messageText)).toEqual(['m3', 'm2'])
    expect((await s.call('GET', `${messages(id)}?nextRecord=00000000-0000-4000-8000-000000000000`)).status).toBe(400)
  })

  it.each([
    ['an empty text', ''],
    ['a text too long', 'x'.repeat(2001)],
    ['a text that is not a string', 42],
  ])('refuses %s (400)', async (_, text) => {
    const res = await send(text)
    expect(res.status).toBe(400)
    expect(res.json.errors[0].errorField).toBe('messageText')
  })

  it('refuses a message once the process is final (400, 010301) but still lists', async () => {
    const { processUniqueId: id } = await draftProcess(s)
    s.services.processes.changeStatus(1001, id, 6, 'scenario')
    const res = await send('Obrigado.', id)
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorCode: '010301', errorField: 'processUniqueId' })
    expect((await s.call('GET', messages(id))).status).toBe(200)
  })

  it.each(['GET', 'POST'])('%s answers 404 for an unknown process', async (method) => {
    const res = await s.call(method, messages('00000000-0000-4000-8000-000000000000'), method === 'POST' ? { body: { messageText: 'x' } } : {})
    expect(res.status).toBe(404)
  })
})
