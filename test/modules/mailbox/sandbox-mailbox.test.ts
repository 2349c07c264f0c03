import { wholePartner } from '../../../src/db/broker-scope.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSimulation } from '../simulations/simulation-fixtures.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'

let s: TestSandbox
let simulationId: string
const sent: string[] = []

beforeAll(async () => {
  s = await createTestSandbox()
  simulationId = (await createSimulation(s)).id
  for (const email of ['ana.martins@example.com', 'joao.almeida@example.com', 'rita.costa@example.com']) {
    s.clock.advance(1000)
    const res = await s.call('GET', `/v1/simulations/${simulationId}/esis/email?email=${email}`)
    expect(res.status, res.text).toBe(200)
    sent.push(res.json.additionalData.emailUniqueID)
  }
})

const list = async (query = '', token?: string) => {
  const res = await s.call('GET', `/sandbox/mailbox${query}`, token ? { token } : {})
  expect(res.status, res.text).toBe(200)
  return res.json
}
const ids = (page: { mailList: Array<{ messageId: string }> }) => page.mailList.map((m) => m.messageId)
const download = (path: string, token = s.tokens.a) => s.request(path, { headers: { Authorization: `Bearer ${token}` } })

describe('GET /sandbox/mailbox', () => {
  it("lists the partner's captured ESIS e-mails newest first, each naming its PDF and where to download it", async () => {
    const page = await list()
    expect(page.totalRecords).toBe(3)
    expect(page.hasMoreResults).toBe(false)
    expect(ids(page)).toEqual([...sent].reverse())
    expect(page.mailList[0]).toEqual({
      messageId: sent[2],
      sentAt: expect.any(String),
      from: 'Banco Sandbox <nao-responder@banco-sandbox.example>',
      to: 'rita.costa@example.com',
      subject: expect.stringMatching(/^FINE - simulação de crédito habitação n\.º \d+$/),
      text: expect.stringContaining('Ficha de Informação Normalizada Europeia'),
      simulationUniqueId: simulationId,
      processUniqueId: null,
      relayStatus: 'captured',
      relayError: null,
      attachments: [
        {
          position: 0,
          filename: expect.stringMatching(/^FINE-simulacao-\d+\.pdf$/),
          contentType: 'application/pdf',
          size: expect.any(Number),
          url: `/sandbox/mailbox/${sent[2]}/attachment`,
        },
      ],
    })
  })

  it('pages by keyset with nextRecord and previousRecord', async () => {
    const first = await list('?lineCount=2')
    expect(ids(first)).toEqual([sent[2], sent[1]])
    expect(first.hasMoreResults).toBe(true)
    const second = await list(`?lineCount=2&nextRecord=${sent[1]}`)
    expect(ids(second)).toEqual([sent[0]])
    expect(second.hasMoreResults).toBe(false)
    expect(ids(await list(`?lineCount=1&previousRecord=${sent[0]}`))).toEqual([sent[1]])
    expect((await s.call('GET', '/sandbox/mailbox?nextRecord=not-a-message')).status).toBe(400)
  })

  it("shows another partner none of the partner's e-mails", async () => {
    expect(await list('', s.tokens.b)).toEqual({ totalRecords: 0, hasMoreResults: false, mailList: [] })
  })
})

describe('GET /sandbox/mailbox/{messageId}/attachment', () => {
  it('downloads the ESIS PDF with its content type and file name', async () => {
    const [mail] = (await list()).mailList
    const res = await download(mail.attachments[0].url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${mail.attachments[0].filename}"`)
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(bytes.length).toBe(mail.attachments[0].size)
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(s.services.mailbox.find(mail.messageId, wholePartner(PARTNER_A))!.attachments[0]!.content.equals(bytes)).toBe(true)
  })

  it("answers 404 for another partner's e-mail and for a position the e-mail does not have", async () => {
    expect((await download(`/sandbox/mailbox/${sent[0]}/attachment`, s.tokens.b)).status).toBe(404)
    expect((await download(`/sandbox/mailbox/${sent[0]}/attachment?position=1`)).status).toBe(404)
    expect((await download('/sandbox/mailbox/0c0c0c0c-0000-4000-8000-000000000000/attachment')).status).toBe(404)
  })
})
