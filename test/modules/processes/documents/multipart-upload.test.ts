import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../src/common/api-error.ts'
import { webBodySource } from '../../../../src/common/body-source.ts'
import { sniffContentType } from '../../../../src/modules/processes/documents/file-type.ts'
import { multipartBoundary, readMultipart, type FormSink } from '../../../../src/modules/processes/documents/multipart-upload.ts'

describe('sniffContentType', () => {
  it.each([
    ['%PDF-1.7', 'application/pdf'],
    ['\n\n%PDF-1.4 after a preamble', 'application/pdf'],
    ['\xff\xd8\xff\xdb', 'image/jpeg'],
    ['\x89PNG\r\n\x1a\n', 'image/png'],
    ['\x89PNG\r\n', null],
    ['GIF89a', null],
    ['MZ\x90\x00', null],
    ['', null],
  ])('%j is %s', (text, expected) => {
    expect(sniffContentType(Buffer.from(text, 'latin1'))).toBe(expected)
  })
})

describe('multipartBoundary', () => {
  it.each([
    ['multipart/form-data; boundary=abc', 'abc'],
    ['Multipart/Form-Data; charset=utf-8; boundary="a b:c"', 'a b:c'],
    ['multipart/form-data', null],
    ['multipart/mixed; boundary=abc', null],
    ['application/json', null],
    [undefined, null],
  ])('of %j is %j', (header, expected) => {
    expect(multipartBoundary(header)).toBe(expected)
  })
})

/** A sink that records the parts in the order they complete, each with its bytes joined. */
function recorder() {
  const parts: Array<{ name: string; filename: string | null; contentType: string | null; text: string }> = []
  const sink: FormSink = {
    field: (name, text) => void parts.push({ name, filename: null, contentType: null, text }),
    file(part) {
      let text = ''
      return { data: (bytes) => void (text += bytes.toString('latin1')), end: () => void parts.push({ ...part, text }) }
    },
  }
  return { parts, sink }
}

/** A body delivered in chunks of `size` bytes, as a request's reader would. */
function chunked(text: string, size: number, contentLength: string | null = null) {
  const bytes = Buffer.from(text, 'latin1')
  let at = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.subarray(at, (at += size)))
    },
  })
  return { contentLength, source: webBodySource(stream) }
}

const LIMITS = { bodyBytes: 1024, bodyText: '1 KB', fieldBytes: 100 }

const BODY =
  'preamble to ignore\r\n' +
  '--XyZ\r\nContent-Disposition: form-data; name="documentTypeId"\r\n\r\n5\r\n' +
  '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a \\"b\\".pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-\r\n--X\r\n--XyY\r\n' +
  '--XyZ--\r\nepilogue'

describe('readMultipart (busboy)', () => {
  it.each([1, 2, 3, 5, 7, 11, 64, BODY.length])('answers the same parts whatever the chunk size (%i bytes)', async (size) => {
    const { parts, sink } = recorder()
    await readMultipart(chunked(BODY, size), 'XyZ', LIMITS, sink)
    expect(parts).toEqual([
      { name: 'documentTypeId', filename: null, contentType: null, text: '5' },
      { name: 'file', filename: 'a "b".pdf', contentType: 'application/pdf', text: '%PDF-\r\n--X\r\n--XyY' },
    ])
  })

  it.each([
    ['no boundary at all', 'hello'],
    ['no closing boundary', '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'],
    ['a part without a name', '--XyZ\r\nContent-Disposition: form-data\r\nContent-Type: text/plain\r\n\r\n1\r\n--XyZ--'],
    ['a file part without a name', '--XyZ\r\nContent-Disposition: form-data; filename="a.pdf"\r\n\r\n1\r\n--XyZ--'],
    ['a part without a header end', '--XyZ\r\nContent-Disposition: form-data; name="a"'],
    ['a boundary followed by junk', '--XyZjunk\r\n'],
    ['a broken part header', '--XyZ\r\nContent-Disposition form-data\r\n\r\n1\r\n--XyZ--'],
  ])('refuses %s with 400', async (_, text) => {
    const error = await readMultipart(chunked(text, 3), 'XyZ', LIMITS, recorder().sink).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
  })

  it.each([
    ['raw UTF-8, as browsers send it', 'filename="cart\u00c3\u00a3o.pdf"'],
    ['RFC 5987 (filename*)', 'filename="x.pdf"; filename*=UTF-8\'\'cart%C3%A3o.pdf'],
  ])('reads a file name in %s', async (_, param) => {
    const { parts, sink } = recorder()
    await readMultipart(chunked(`--XyZ\r\nContent-Disposition: form-data; name="file"; ${param}\r\n\r\n%PDF-\r\n--XyZ--`, 9), 'XyZ', LIMITS, sink)
    expect(parts[0]).toMatchObject({ name: 'file', filename: 'cartão.pdf' })
  })

  it('skips a part without a Content-Disposition header (the form then lacks what it carried)', async () => {
    const { parts, sink } = recorder()
    await readMultipart(chunked('--XyZ\r\nContent-Type: text/plain\r\n\r\n1\r\n--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n2\r\n--XyZ--', 4), 'XyZ', LIMITS, sink)
    expect(parts).toEqual([{ name: 'a', filename: null, contentType: null, text: '2' }])
  })

  it('marks a text field over its limit as truncated, at one byte over', async () => {
    const fields: Array<[string, string, boolean]> = []
    const body = (value: string) => `--XyZ\r\nContent-Disposition: form-data; name="d"\r\n\r\n${value}\r\n--XyZ--\r\n`
    const sink: FormSink = { field: (name, value, truncated) => void fields.push([name, value.slice(0, 3), truncated]), file: () => null }
    await readMultipart(chunked(body('x'.repeat(100)), 7), 'XyZ', LIMITS, sink)
    await readMultipart(chunked(body('x'.repeat(101)), 7), 'XyZ', LIMITS, sink)
    expect(fields).toEqual([
      ['d', 'xxx', false],
      ['d', 'xxx', true],
    ])
  })

  it('answers what a sink throws, and stops reading', async () => {
    const refusal = new ApiError('PAYLOAD_TOO_LARGE', { field: 'file', params: { limit: '1 B' } })
    const sink: FormSink = {
      field: () => undefined,
      file: () => ({
        data: () => {
          throw refusal
        },
        end: () => undefined,
      }),
    }
    await expect(readMultipart(chunked(BODY, 5), 'XyZ', LIMITS, sink)).rejects.toBe(refusal)
  })
})

describe('readMultipart', () => {
  const request = (body: string, headers: Record<string, string> = {}) => ({
    contentLength: headers['Content-Length'] ?? null,
    source: webBodySource(new Request('http://sandbox/x', { method: 'POST', body }).body),
  })

  it('streams a body within the limit into the sink', async () => {
    const { parts, sink } = recorder()
    await readMultipart(request(BODY), 'XyZ', { ...LIMITS, bodyBytes: BODY.length }, sink)
    expect(parts.map((p) => p.name)).toEqual(['documentTypeId', 'file'])
  })

  it.each([
    ['by Content-Length', { 'Content-Length': String(BODY.length) }],
    ['while reading', {}],
  ])('refuses a body over the limit %s with 413', async (_, headers) => {
    const error = await readMultipart(request(BODY, headers), 'XyZ', { ...LIMITS, bodyBytes: BODY.length - 1 }, recorder().sink).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(413)
  })
})
