import { wholePartner } from '../../../src/db/broker-scope.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import { BORROWER_REQUEST_EXAMPLE } from '../../../src/modules/processes/borrowers/borrower-request.schemas.ts'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { borrowerIds, draftProcess, PDF, processPath, upload } from './process-fixtures.ts'

/**
 * Broker B's token on every process, borrower, document, property, message and ESIS path of broker
 * A's process: 404 (400 with the document's validation error, 010201, on borrower paths), never any
 * of A's data, and A's process unchanged.
 */

let s: TestSandbox
let id: string
let borrower: string
let documentId: string
let propertyId: string
let secrets: string[]
beforeAll(async () => {
  s = await createTestSandbox()
  id = (await draftProcess(s)).processUniqueId
  borrower = (await borrowerIds(s, id))[1]!
  documentId = (await upload(s, processPath(id, '/document'), { file: { bytes: PDF, name: 'cc-joao.pdf' }, documentTypeId: 1, borrowerUniqueId: borrower, description: 'CC João' }))
    .json.additionalData.documentUniqueID
  propertyId = (await s.call('GET', processPath(id, '/property'))).json.propertyList[0].propertyUniqueId
  await s.call('POST', processPath(id, '/message'), { body: { messageText: 'Mensagem confidencial de A' } })
  const key = (await s.call('GET', processPath(id, `/borrower/${(await borrowerIds(s, id))[0]}`))).json.borrowerPersonalData
  secrets = ['Ana Sofia', 'João Pedro', key.taxID, 'cc-joao.pdf', 'CC João', 'confidencial', 'Casa Certa', propertyId, documentId, borrower]
})

const MULTIPART = 'multipart form'
const P = '/v1/processes/{p}'
/** [method, path template ({p} process, {b} borrower, {d} document, {pr} property), body, status, code] */
const MATRIX: Array<[string, string, unknown, number, string]> = [
  ['GET', P, undefined, 404, '010401'],
  ['PUT', P, { loanProcessRequest: { loanAmount: 150000 } }, 404, '010401'],
  ['DELETE', P, { proposalCancelReasonId: 1 }, 404, '010401'],
  ['POST', `${P}/submit`, undefined, 404, '010401'],
  ['GET', `${P}/borrower`, undefined, 400, '010201'],
  ['POST', `${P}/borrower`, BORROWER_REQUEST_EXAMPLE, 400, '010201'],
  ['GET', `${P}/borrower/{b}`, undefined, 400, '010201'],
  ['PUT', `${P}/borrower/{b}`, { personalDataBorrowerRequest: { name: 'B' } }, 400, '010201'],
  ['DELETE', `${P}/borrower/{b}`, undefined, 400, '010201'],
  ['GET', `${P}/document`, undefined, 404, '010401'],
  ['POST', `${P}/document`, MULTIPART, 404, '010401'],
  ['GET', `${P}/document/{d}`, undefined, 404, '010401'],
  ['GET', `${P}/document/{d}/content`, undefined, 404, '010401'],
  ['PUT', `${P}/document/{d}`, MULTIPART, 404, '010401'],
  ['DELETE', `${P}/document/{d}`, undefined, 404, '010401'],
  ['GET', `${P}/property`, undefined, 404, '010401'],
  ['PUT', `${P}/property/{pr}`, { address: 'Rua de B' }, 404, '010401'],
  ['GET', `${P}/message`, undefined, 404, '010401'],
  ['POST', `${P}/message`, { messageText: 'de B' }, 404, '010401'],
  ['GET', `${P}/esis`, undefined, 404, '010401'],
  ['GET', `${P}/esis/email?email=b%40example.pt`, undefined, 404, '010401'],
]

describe("broker B on broker A's process", () => {
  it.each(MATRIX)("%s %s answers %i and none of A's data", async (method, template, body, status, code) => {
    const path = template.replace('{p}', id).replace('{b}', borrower).replace('{d}', documentId).replace('{pr}', propertyId)
    const res =
      body === MULTIPART
        ? await upload(s, path, { file: { bytes: PDF, name: 'b.pdf' }, documentTypeId: 34 }, { method, token: s.tokens.b })
        : await s.call(method, path, { token: s.tokens.b, ...(body === undefined ? {} : { body }) })
    expect(res.status).toBe(status)
    expect(res.json.errors.map((e: { errorCode: string }) => e.errorCode)).toEqual([code])
    for (const secret of secrets) expect(res.text).not.toContain(secret)
  })

  it("leaves A's process, borrowers, documents, property and messages as they were", async () => {
    const detail = (await s.call('GET', processPath(id))).json
    expect(detail.processDetail.processStatusId).toBe(1)
    expect(detail.loanProcessDetail.loanAmount).toBe(200000)
    expect(detail.borrowers).toHaveLength(2)
    expect(detail.documents.map((d: { documentUniqueID: string }) => d.documentUniqueID)).toEqual([documentId])
    expect(detail.propertyProcessDetail).not.toHaveProperty('address')
    expect((await s.call('GET', processPath(id, '/message'))).json.totalRecords).toBe(1)
    expect(s.services.mailbox.list(wholePartner('c2f9e8d7-6a5b-4c3d-8e2f-1a0b9c8d7e6f'), { lineCount: 100 }).mailList).toEqual([])
  })

  it("lists none of A's processes for B, and B's own are not A's", async () => {
    const own = await draftProcess(s, s.tokens.b)
    const forB = (await s.call('GET', '/v1/processes', { token: s.tokens.b })).json
    expect(forB.listProcessDetail.map((p: { processUniqueID: string }) => p.processUniqueID)).toEqual([own.processUniqueId])
    expect((await s.call('GET', processPath(own.processUniqueId))).status).toBe(404)
  })
})
