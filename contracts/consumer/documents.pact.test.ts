import { MatchersV3 } from '@pact-foundation/pact'
import { describe, expect, it } from 'vitest'
import { authorized, clientFor, IDS, isoDateTime, jsonContentType, newPact, PROCESS_STATE, success } from './pact-support.ts'

const { eachLike, integer, regex, string, uuid } = MatchersV3
const pact = newPact()
const path = (documentId?: string) => `/v1/processes/${IDS.process}/document${documentId ? `/${documentId}` : ''}`
const DOCUMENT_STATE = { ...PROCESS_STATE, documentUniqueId: IDS.document }

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'
const BOUNDARY = 'partner-client-boundary'
/** The upload as the pact records it: the verifier replays these bytes with this boundary. */
const MULTIPART = [
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="documentTypeId"\r\n\r\n1\r\n`,
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="borrowerUniqueId"\r\n\r\n${IDS.keyBorrower}\r\n`,
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cartao-de-cidadao.pdf"\r\nContent-Type: application/pdf\r\n\r\n${PDF}\r\n`,
  `--${BOUNDARY}--\r\n`,
].join('')

const DOCUMENT = {
  documentUniqueID: uuid(IDS.document),
  documentTypeID: integer(1),
  documentTypeDescription: string('Documento de identificação válido'),
  borrowerUniqueID: uuid(IDS.keyBorrower),
  fileName: string('cartao-de-cidadao.pdf'),
  contentType: 'application/pdf',
  size: integer(77),
  uploadDate: isoDateTime(),
}

describe('Documents of a process', () => {
  it('uploads an identification document of the key borrower (multipart/form-data)', async () => {
    pact
      .given('a process exists', PROCESS_STATE)
      .uponReceiving('a request to upload a document of the key borrower')
      .withRequest({
        method: 'POST',
        path: path(),
        // The client's own boundary differs on every upload: only the media type is part of the contract.
        headers: { ...authorized, 'Content-Type': regex(/^multipart\/form-data; *boundary=.+$/, `multipart/form-data; boundary=${BOUNDARY}`) },
        body: MULTIPART,
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      })
      .willRespondWith({ status: 201, headers: jsonContentType, body: success({ documentUniqueID: uuid(IDS.document) }) })
    await pact.executeTest(async (server) => {
      const uploaded = await clientFor(server).documents.upload(IDS.process, {
        documentTypeId: 1,
        borrowerUniqueId: IDS.keyBorrower,
        file: { bytes: new TextEncoder().encode(PDF), fileName: 'cartao-de-cidadao.pdf', contentType: 'application/pdf' },
      })
      expect(uploaded.additionalData?.documentUniqueID).toBe(IDS.document)
    })
  })

  it('lists the documents of a process', async () => {
    pact
      .given('a document exists', DOCUMENT_STATE)
      .uponReceiving('a request for the documents of a process')
      .withRequest({ method: 'GET', path: path(), headers: authorized })
      .willRespondWith({ status: 200, headers: jsonContentType, body: { documentList: eachLike(DOCUMENT) } })
    await pact.executeTest(async (server) => {
      expect((await clientFor(server).documents.list(IDS.process)).documentList[0]?.documentUniqueID).toBe(IDS.document)
    })
  })

  it('reads a document', async () => {
    pact
      .given('a document exists', DOCUMENT_STATE)
      .uponReceiving('a request for a document of a process')
      .withRequest({ method: 'GET', path: path(IDS.document), headers: authorized })
      .willRespondWith({ status: 200, headers: jsonContentType, body: DOCUMENT })
    await pact.executeTest(async (server) => {
      expect((await clientFor(server).documents.get(IDS.process, IDS.document)).contentType).toBe('application/pdf')
    })
  })

  it('deletes a document of a Draft process', async () => {
    pact
      .given('a document exists', DOCUMENT_STATE)
      .uponReceiving('a request to delete a document of a process')
      .withRequest({ method: 'DELETE', path: path(IDS.document), headers: authorized })
      .willRespondWith({ status: 200, headers: jsonContentType, body: success() })
    await pact.executeTest(async (server) => {
      await clientFor(server).documents.remove(IDS.process, IDS.document)
    })
  })
})
