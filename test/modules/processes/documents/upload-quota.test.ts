import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Config } from '../../../../src/platform/config.ts'
import { createTestSandbox, type TestSandbox } from '../../../support/test-app.ts'
import { tempDir } from '../../../support/temp-dir.ts'
import { TRANSPORT } from '../../../support/transport.ts'
import { draftProcess, PDF, processPath, upload } from '../process-fixtures.ts'

const MiB = 1024 * 1024
/** What loopback sockets hold while a server does not read: a client over a socket gets that far before the answer. */
const SOCKET_SLACK = 8 * MiB

/** A sandbox whose partners may store `bytes` of documents, and nothing else limited. */
const withRoom = (bytes: number, kind: 'documentBytes' | 'storageBytes' = 'documentBytes', more: Partial<Config> = {}) =>
  createTestSandbox({
    quotas: { simulations: null, processes: null, documentBytes: null, callbackConfigurations: null, scenarios: null, storageBytes: null, [kind]: bytes },
    // The journal's ring is kept room inside the storage quota: none here, so the room is the quota's.
    journal: { maxEntries: 0, maxBytes: 0, maxPerSecond: 0 },
    ...more,
  })

const BOUNDARY = 'quota-test-boundary'
const formHead = (documentTypeId = 34) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="documentTypeId"\r\n\r\n${documentTypeId}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  )
const formTail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)

/** A multipart body of a PDF of `fileBytes`, pulled in chunks of `chunkBytes`; `gate` holds it after `holdAfter` chunks. */
function streamedForm(fileBytes: number, chunkBytes: number, options: { holdAfter?: number; gate?: Promise<void> } = {}) {
  const file = Buffer.alloc(fileBytes, 0x20)
  PDF.copy(file)
  const whole = Buffer.concat([formHead(), file, formTail])
  let offset = 0
  let chunks = 0
  const progress = { sent: 0 }
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (options.gate && chunks === options.holdAfter) await options.gate
        if (offset >= whole.length) return controller.close()
        const chunk = whole.subarray(offset, offset + chunkBytes)
        offset += chunk.length
        chunks += 1
        progress.sent = offset
        controller.enqueue(new Uint8Array(chunk))
      },
    },
    { highWaterMark: 0 },
  )
  return { body, progress, length: whole.length }
}

const send = async (s: TestSandbox, path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) => {
  const res = await s.request(path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${s.tokens.a}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    body,
    duplex: 'half',
  } as RequestInit)
  return { status: res.status, json: (await res.json()) as { errors?: Array<{ errorCode: string; errorField: string }> } }
}
const errorsOf = (res: { json: { errors?: Array<{ errorCode: string; errorField: string }> } }) => res.json.errors?.map((e) => [e.errorCode, e.errorField])
const stored = (s: TestSandbox) => s.db.prepare('SELECT COUNT(*) AS documents, (SELECT COUNT(*) FROM process_document_content) AS slices FROM process_document').get()

describe("an upload against the room left in the partner's quotas", () => {
  it('answers 409 naming the quota before reading when Content-Length cannot fit the room left', async () => {
    const s = await withRoom(1 * MiB)
    const { processUniqueId } = await draftProcess(s)
    const { body, progress, length } = streamedForm(3 * MiB, 64 * 1024)
    const res = await send(s, processPath(processUniqueId, '/document'), body, { 'Content-Length': String(length) })
    expect([res.status, errorsOf(res)]).toEqual([409, [['010605', 'documentBytes']]])
    expect(progress.sent).toBeLessThanOrEqual(TRANSPORT === 'node' ? SOCKET_SLACK : 0)
    expect(stored(s)).toEqual({ documents: 0, slices: 0 })
  })

  it('stops a body without Content-Length the moment it passes the room left, and keeps nothing of it', async () => {
    const s = await withRoom(512 * 1024, 'storageBytes')
    const { processUniqueId } = await draftProcess(s)
    // What the draft stored already (its notifications, kept for a listener, take room too).
    const before = (await s.call('GET', '/sandbox/account')).json.quotas.storageBytes.used as number
    const { body, progress, length } = streamedForm(4 * MiB, 64 * 1024)
    const res = await send(s, processPath(processUniqueId, '/document'), body)
    expect([res.status, errorsOf(res)]).toEqual([409, [['010605', 'storageBytes']]])
    if (TRANSPORT === 'web') expect(progress.sent).toBeLessThan(512 * 1024 + 3 * 64 * 1024)
    expect(progress.sent).toBeLessThan(length)
    expect(stored(s)).toEqual({ documents: 0, slices: 0 })
    expect((await s.call('GET', '/sandbox/account')).json.quotas.storageBytes).toMatchObject({ used: before })
  })

  it('leaves the database file as it was after refused uploads (page count on a file database)', async () => {
    const s = await withRoom(900 * 1024, 'storageBytes', { dbPath: join(tempDir('upload-quota'), 'sandbox.db') })
    const { processUniqueId } = await draftProcess(s)
    const path = processPath(processUniqueId, '/document')
    const pages = () => s.db.pragma('page_count', { simple: true }) as number
    const pageSize = s.db.pragma('page_size', { simple: true }) as number
    const before = pages()
    let afterFirst = 0
    for (let n = 0; n < 5; n++) {
      const declared = streamedForm(2 * MiB, 256 * 1024)
      expect((await send(s, path, declared.body, { 'Content-Length': String(declared.length) })).status).toBe(409)
      const chunked = streamedForm(3 * MiB, 256 * 1024)
      expect((await send(s, path, chunked.body)).status).toBe(409)
      if (n === 0) afterFirst = pages()
    }
    // A refused upload's slices, staged within the room, are discarded: the next one reuses their
    // pages, so the file grows once by at most the room, never by each refusal.
    expect(afterFirst - before).toBeLessThanOrEqual(Math.ceil((900 * 1024) / pageSize) + 16)
    expect(pages()).toBe(afterFirst)
    expect(stored(s)).toEqual({ documents: 0, slices: 0 })
  })

  it('holds the bytes of an upload under way: a second upload cannot take the room the first is using', async () => {
    const s = await withRoom(5 * MiB)
    const { processUniqueId } = await draftProcess(s)
    const path = processPath(processUniqueId, '/document')
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    // 4 MiB each, the room 5 MiB: either fits alone, not both. The first stops half-way and waits.
    const first = streamedForm(4 * MiB, 512 * 1024, { holdAfter: 4, gate })
    const firstAnswer = send(s, path, first.body)
    await expect.poll(() => first.progress.sent, { timeout: 5000 }).toBeGreaterThanOrEqual(2 * MiB)
    const second = await send(s, path, streamedForm(4 * MiB, 512 * 1024).body)
    expect([second.status, errorsOf(second)]).toEqual([409, [['010605', 'documentBytes']]])
    open()
    expect((await firstAnswer).status).toBe(201)
    expect((await s.call('GET', '/sandbox/account')).json.quotas.documentBytes.used).toBe(4 * MiB)
  })

  it('counts the file a Document Update replaces as room', async () => {
    const s = await withRoom(PDF.length)
    const { processUniqueId } = await draftProcess(s)
    const created = await upload(s, processPath(processUniqueId, '/document'), { file: { bytes: PDF, name: 'a.pdf' }, documentTypeId: 34 })
    expect(created.status).toBe(201)
    const id = created.json.additionalData.documentUniqueID as string
    const replaced = await upload(s, processPath(processUniqueId, `/document/${id}`), { file: { bytes: PDF, name: 'b.pdf' }, documentTypeId: 34 }, { method: 'PUT' })
    expect(replaced.status, replaced.text).toBe(200)
    const bigger = await upload(
      s,
      processPath(processUniqueId, `/document/${id}`),
      { file: { bytes: Buffer.concat([PDF, Buffer.from(' ')]), name: 'c.pdf' }, documentTypeId: 34 },
      { method: 'PUT' },
    )
    expect(bigger.status).toBe(409)
  })
})
