import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_DOCUMENT_BYTES } from '../../../../src/modules/processes/documents/documents.schemas.ts'
import { createTestSandbox, type TestSandbox } from '../../../support/test-app.ts'
import { TRANSPORT } from '../../../support/transport.ts'
import { borrowerIds, draftProcess, JPEG, PDF, PNG, processPath, upload } from '../process-fixtures.ts'

let s: TestSandbox
let processUniqueId: string
let key: string
beforeAll(async () => {
  s = await createTestSandbox()
  processUniqueId = (await draftProcess(s)).processUniqueId
  key = (await borrowerIds(s, processUniqueId))[0]!
})

/** What loopback sockets hold while a server does not read (KiB): a client over a socket gets that far before the answer. */
const SOCKET_SLACK_KIB = 8 * 1024
const docs = () => processPath(processUniqueId, '/document')
const docPath = (id: string, rest = '') => processPath(processUniqueId, `/document/${id}${rest}`)
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const MiB = 1024 * 1024
const errorsOf = (res: { json: { errors: Array<{ errorCode: string; errorField: string }> } }) => res.json.errors.map((e) => [e.errorCode, e.errorField])

describe('Document Create', () => {
  it.each([
    ['a PDF', PDF, 'application/pdf'],
    ['a JPEG', JPEG, 'image/jpeg'],
    ['a PNG', PNG, 'image/png'],
  ])('stores %s, recognised by its content whatever its name and declared type', async (_, bytes, type) => {
    const res = await upload(s, docs(), { file: { bytes, name: 'scan.bin', type: 'text/plain' }, documentTypeId: 1, borrowerUniqueId: key, description: 'Cartão de Cidadão' })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({
      operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operação efetuada com sucesso.' },
      additionalData: { documentUniqueID: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    })
    const id = res.json.additionalData.documentUniqueID
    const meta = (await s.call('GET', docPath(id))).json
    expect(meta).toEqual({
      documentUniqueID: id,
      documentTypeID: 1,
      documentTypeDescription: expect.stringContaining('Documento de identificação'),
      documentCategoryID: 1,
      documentCategoryDescription: 'Identificação',
      borrowerUniqueID: key,
      description: 'Cartão de Cidadão',
      fileName: 'scan.bin',
      contentType: type,
      size: bytes.length,
      sha256: sha256(bytes),
      uploadDate: expect.any(String),
      lastUpdateDate: expect.any(String),
      userId: 5001,
      contentUrl: `/v1/processes/${processUniqueId}/document/${id}/content`,
    })
    const content = await s.request(meta.contentUrl, { headers: { Authorization: `Bearer ${s.tokens.a}` } })
    expect(content.status).toBe(200)
    expect(content.headers.get('content-type')).toBe(type)
    expect(content.headers.get('content-length')).toBe(String(bytes.length))
    expect(content.headers.get('etag')).toBe(`"${sha256(bytes)}"`)
    expect(content.headers.get('content-disposition')).toBe(`attachment; filename="scan.bin"; filename*=UTF-8''scan.bin`)
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('stores a property document without a borrower and keeps only the last segment of the file name', async () => {
    const res = await upload(s, docs(), { file: { bytes: PDF, name: 'C:\\docs/caderneta predial.pdf' }, documentTypeId: 21 })
    expect(res.status).toBe(201)
    const meta = (await s.call('GET', docPath(res.json.additionalData.documentUniqueID))).json
    expect(meta.fileName).toBe('caderneta predial.pdf')
    expect(meta).not.toHaveProperty('borrowerUniqueID')
    expect(meta).not.toHaveProperty('description')
  })

  it.each([
    ['a text file', Buffer.from('hello, I am not a PDF')],
    ['an executable', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03])],
    ['a GIF', Buffer.from('GIF89a')],
  ])('refuses %s with 415', async (_, bytes) => {
    const res = await upload(s, docs(), { file: { bytes, name: 'doc.pdf', type: 'application/pdf' }, documentTypeId: 1, borrowerUniqueId: key })
    expect(res.status).toBe(415)
    expect(errorsOf(res)).toEqual([['010602', 'file']])
  })

  it('refuses a body that is not multipart/form-data with 415', async () => {
    const res = await s.call('POST', docs(), { body: { documentTypeId: 1 } })
    expect(res.status).toBe(415)
    expect(errorsOf(res)).toEqual([['010602', 'Content-Type']])
  })

  it('refuses a declared Content-Length above 10 MiB with 413 before reading the body', async () => {
    let pulled = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(1024))
      },
    })
    const res = await s.request(docs(), {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.tokens.a}`, 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(11 * 1024 * 1024) },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(((await res.json()) as { errors: unknown[] }).errors[0]).toMatchObject({ errorCode: '010601', errorField: 'file' })
    // Through a socket, the client writes on until the kernel's buffers fill: the answer still comes
    // long before the 11 MiB, which the server never reads.
    expect(pulled).toBeLessThanOrEqual(TRANSPORT === 'node' ? SOCKET_SLACK_KIB : 1)
  })

  it('stops reading a body without Content-Length as soon as it passes the limit (413)', async () => {
    const chunk = new Uint8Array(1024 * 1024)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length
        controller.enqueue(chunk)
        if (sent > 100 * 1024 * 1024) controller.close()
      },
    })
    const res = await s.request(docs(), {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.tokens.a}`, 'Content-Type': 'multipart/form-data; boundary=x' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(sent).toBeLessThan(MAX_DOCUMENT_BYTES + 4 * chunk.length + (TRANSPORT === 'node' ? SOCKET_SLACK_KIB * 1024 : 0))
  })

  it('accepts a file of exactly 10 MiB and refuses one byte more (413)', async () => {
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES, 0x20)
    PDF.copy(big)
    expect((await upload(s, docs(), { file: { bytes: big, name: 'big.pdf' }, documentTypeId: 34 })).status).toBe(201)
    const bigger = Buffer.concat([big, Buffer.from(' ')])
    const res = await upload(s, docs(), { file: { bytes: bigger, name: 'bigger.pdf' }, documentTypeId: 34 })
    expect(res.status).toBe(413)
  })

  it.each<[string, () => Record<string, unknown>, string, string]>([
    ['no file', () => ({ documentTypeId: 1, borrowerUniqueId: key }), '010101', 'file'],
    ['a file given as text', () => ({ file: undefined, documentTypeId: 1, borrowerUniqueId: key, fileAsText: 'x' }), '010101', 'file'],
    ['an empty file', () => ({ file: { bytes: Buffer.alloc(0), name: 'e.pdf' }, documentTypeId: 1, borrowerUniqueId: key }), '010104', 'file'],
    ['no document type', () => ({ file: { bytes: PDF, name: 'a.pdf' } }), '010101', 'documentTypeId'],
    ['a document type that is not a number', () => ({ file: { bytes: PDF, name: 'a.pdf' }, documentTypeId: 'cc' }), '010102', 'documentTypeId'],
    ['an unknown document type', () => ({ file: { bytes: PDF, name: 'a.pdf' }, documentTypeId: 99 }), '010106', 'documentTypeId'],
    ['a borrower document without its borrower', () => ({ file: { bytes: PDF, name: 'a.pdf' }, documentTypeId: 5 }), '010101', 'borrowerUniqueId'],
    ['a property document with a borrower', () => ({ file: { bytes: PDF, name: 'a.pdf' }, documentTypeId: 21, borrowerUniqueId: key }), '010108', 'borrowerUniqueId'],
    [
      'a borrower of no process',
      () => ({ file: { bytes: PDF, name: 'a.pdf' }, documentTypeId: 5, borrowerUniqueId: '00000000-0000-4000-8000-000000000000' }),
      '010202',
      'borrowerUniqueId',
    ],
    ['a malformed borrower id', () => ({ file: { bytes: PDF, name: 'a.pdf' }, documentTypeId: 5, borrowerUniqueId: 'me' }), '010103', 'borrowerUniqueId'],
    ['a description too long', () => ({ file: { bytes: PDF, name: 'a.pdf' }, documentTypeId: 34, description: 'x'.repeat(501) }), '010104', 'description'],
    ['an unknown field', () => ({ file: { bytes: PDF, name: 'a.pdf' }, documentTypeId: 34, documentTypeID: 34 }), '010108', 'documentTypeID'],
  ])('refuses %s (400)', async (_, fields, code, field) => {
    const res = await upload(s, docs(), fields() as never)
    expect(res.status).toBe(400)
    expect(errorsOf(res)).toContainEqual([code, field])
  })

  it('stores a file of several slices and streams it back unchanged, as it does one stored in the 1 MiB slices of before', async () => {
    const bytes = Buffer.alloc(3.5 * 1024 * 1024)
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251
    PDF.copy(bytes)
    const res = await upload(s, docs(), { file: { bytes, name: 'escritura.pdf' }, documentTypeId: 34 })
    const id = res.json.additionalData.documentUniqueID
    const sliceSizes = () => s.db.prepare('SELECT length(content) FROM process_document_content WHERE document_unique_id = ? ORDER BY slice').pluck().all(id)
    expect(sliceSizes()).toEqual(Array(14).fill(MiB / 4))
    const readBack = async () => {
      const content = await s.request(docPath(id, '/content'), { headers: { Authorization: `Bearer ${s.tokens.a}` } })
      return Buffer.from(await content.arrayBuffer())
    }
    expect(sha256(await readBack())).toBe(sha256(bytes))
    expect((await s.call('GET', docPath(id))).json.sha256).toBe(sha256(bytes))

    s.db.prepare('DELETE FROM process_document_content WHERE document_unique_id = ?').run(id)
    const put = s.db.prepare('INSERT INTO process_document_content (document_unique_id, slice, content) VALUES (?, ?, ?)')
    for (let slice = 0; slice * MiB < bytes.length; slice++) put.run(id, slice, bytes.subarray(slice * MiB, (slice + 1) * MiB))
    expect(sliceSizes()).toEqual([MiB, MiB, MiB, MiB / 2])
    const back = await readBack()
    expect(back.length).toBe(bytes.length)
    expect(sha256(back)).toBe(sha256(bytes))
  })

  it('leaves no content behind when an upload is refused', async () => {
    const orphans = () =>
      s.db.prepare('SELECT COUNT(*) FROM process_document_content WHERE document_unique_id NOT IN (SELECT document_unique_id FROM process_document)').pluck().get()
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1)
    PDF.copy(big)
    expect((await upload(s, docs(), { file: { bytes: big, name: 'a.pdf' }, documentTypeId: 34 })).status).toBe(413)
    expect((await upload(s, docs(), { file: { bytes: Buffer.alloc(2 * 1024 * 1024, 0x41), name: 'a.pdf' }, documentTypeId: 34 })).status).toBe(415)
    expect((await upload(s, docs(), { file: { bytes: Buffer.alloc(2 * 1024 * 1024, 0x41), name: 'a.pdf' } })).status).toBe(400)
    expect(orphans()).toBe(0)
  })

  it('refuses a malformed multipart body (400)', async () => {
    const res = await s.request(docs(), {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.tokens.a}`, 'Content-Type': 'multipart/form-data; boundary=abc' },
      body: '--abc\r\nno headers end',
    })
    expect(res.status).toBe(400)
  })
})

describe('Document List, Update, Delete', () => {
  it('lists, replaces and deletes a document', async () => {
    const { processUniqueId: id } = await draftProcess(s)
    const path = processPath(id, '/document')
    const created = await upload(s, path, { file: { bytes: PDF, name: 'promessa.pdf' }, documentTypeId: 29, description: 'CPCV' })
    const documentId = created.json.additionalData.documentUniqueID
    const listed = (await s.call('GET', path)).json.documentList
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({ documentUniqueID: documentId, documentTypeID: 29, fileName: 'promessa.pdf' })

    s.clock.advance(1000)
    const replaced = await upload(s, `${path}/${documentId}`, { file: { bytes: PNG, name: 'promessa.png' }, documentTypeId: 29 }, { method: 'PUT', token: s.tokens.a2 })
    expect(replaced.status).toBe(200)
    expect(replaced.json).toEqual({ operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operação efetuada com sucesso.' } })
    const meta = (await s.call('GET', `${path}/${documentId}`)).json
    expect(meta).toMatchObject({ contentType: 'image/png', size: PNG.length, sha256: sha256(PNG), userId: 5002, uploadDate: listed[0].uploadDate })
    expect(meta).not.toHaveProperty('description')
    expect(meta.lastUpdateDate > meta.uploadDate).toBe(true)
    const bytes = Buffer.from(await (await s.request(meta.contentUrl, { headers: { Authorization: `Bearer ${s.tokens.a}` } })).arrayBuffer())
    expect(bytes.equals(PNG)).toBe(true)

    expect((await s.call('DELETE', `${path}/${documentId}`)).status).toBe(200)
    expect((await s.call('GET', path)).json.documentList).toEqual([])
    expect((await s.call('GET', `${path}/${documentId}`)).status).toBe(404)
    expect(s.db.prepare('SELECT COUNT(*) FROM process_document_content WHERE document_unique_id = ?').pluck().get(documentId)).toBe(0)
  })

  it.each([
    ['GET', ''],
    ['GET', '/content'],
    ['PUT', ''],
    ['DELETE', ''],
  ])('%s …/document/{unknown}%s answers 404', async (method, rest) => {
    const res =
      method === 'PUT'
        ? await upload(s, docPath('00000000-0000-4000-8000-000000000000'), { file: { bytes: PDF, name: 'a.pdf' }, documentTypeId: 34 }, { method })
        : await s.call(method, docPath('00000000-0000-4000-8000-000000000000', rest))
    expect(res.status).toBe(404)
    expect(res.json.errors[0]).toMatchObject({ errorCode: '010401', errorField: 'documentUniqueId' })
  })

  it('takes new documents after submission but deletes only in Draft', async () => {
    const { processUniqueId: id } = await draftProcess(s)
    const path = processPath(id, '/document')
    const documentId = (await upload(s, path, { file: { bytes: PDF, name: 'a.pdf' }, documentTypeId: 34 })).json.additionalData.documentUniqueID
    s.services.processes.changeStatus(1001, id, 3, 'scenario')
    expect((await upload(s, path, { file: { bytes: PDF, name: 'b.pdf' }, documentTypeId: 34 })).status).toBe(201)
    const refused = await s.call('DELETE', `${path}/${documentId}`)
    expect(refused.status).toBe(400)
    expect(errorsOf(refused)).toEqual([['010301', 'processUniqueId']])
    s.services.processes.changeStatus(1001, id, 5, 'scenario')
    expect((await upload(s, path, { file: { bytes: PDF, name: 'c.pdf' }, documentTypeId: 34 })).status).toBe(400)
  })
})
