import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../src/http/api-error.ts'
import { webBodySource } from '../../../../src/http/body-source.ts'
import { sniffContentType } from '../../../../src/modules/processes/documents/file-type.ts'
import { multipartBoundary, MultipartParser, readMultipart, type PartInfo, type PartSink } from '../../../../src/modules/processes/documents/multipart-upload.ts'

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

/** A sink that records the parts with their bytes joined. */
function recorder() {
  const parts: Array<PartInfo & { text: string }> = []
  const sink: PartSink = {
    start: (part) => void parts.push({ ...part, text: '' }),
    data: (bytes) => void (parts.at(-1)!.text += bytes.toString('latin1')),
    end: () => undefined,
  }
  return { parts, sink }
}

const BODY =
  'preamble to ignore\r\n' +
  '--XyZ\r\nContent-Disposition: form-data; name="documentTypeId"\r\n\r\n5\r\n' +
  '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a \\"b\\".pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-\r\n--X\r\n--XyY\r\n' +
  '--XyZ--\r\nepilogue'

describe('MultipartParser', () => {
  it.each([1, 2, 3, 5, 7, 11, 64, BODY.length])('answers the same parts whatever the chunk size (%i bytes)', (size) => {
    const { parts, sink } = recorder()
    const parser = new MultipartParser('XyZ', sink)
    const bytes = Buffer.from(BODY, 'latin1')
    for (let at = 0; at < bytes.length; at += size) parser.write(bytes.subarray(at, at + size))
    parser.finish()
    expect(parts).toEqual([
      { name: 'documentTypeId', filename: null, contentType: null, text: '5' },
      { name: 'file', filename: 'a "b".pdf', contentType: 'application/pdf', text: '%PDF-\r\n--X\r\n--XyY' },
    ])
  })

  it.each([
    ['no boundary at all', 'hello'],
    ['no closing boundary', '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'],
    ['a part without a name', '--XyZ\r\nContent-Type: text/plain\r\n\r\n1\r\n--XyZ--'],
    ['a part without a header end', '--XyZ\r\nContent-Disposition: form-data; name="a"'],
    ['a boundary followed by junk', '--XyZjunk\r\n'],
  ])('refuses %s with 400', (_, text) => {
    const parser = new MultipartParser('XyZ', recorder().sink)
    expect(() => {
      parser.write(Buffer.from(text))
      parser.finish()
    }).toThrow(ApiError)
  })
})

describe('readMultipart', () => {
  const request = (body: string, headers: Record<string, string> = {}) => ({
    contentLength: headers['Content-Length'] ?? null,
    source: webBodySource(new Request('http://sandbox/x', { method: 'POST', body }).body),
  })

  it('streams a body within the limit into the sink', async () => {
    const { parts, sink } = recorder()
    await readMultipart(request(BODY), 'XyZ', BODY.length, '1 KB', sink)
    expect(parts.map((p) => p.name)).toEqual(['documentTypeId', 'file'])
  })

  it.each([
    ['by Content-Length', { 'Content-Length': String(BODY.length) }],
    ['while reading', {}],
  ])('refuses a body over the limit %s with 413', async (_, headers) => {
    const error = await readMultipart(request(BODY, headers), 'XyZ', BODY.length - 1, '1 KB', recorder().sink).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(413)
  })
})
