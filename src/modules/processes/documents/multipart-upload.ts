import { ApiError } from '../../../http/api-error.ts'
import type { BodySource } from '../../../http/body-source.ts'

/**
 * A streaming multipart/form-data reader (RFC 7578): the body is read chunk by chunk and each part's
 * bytes are handed on as they arrive, so an upload never has to sit in memory whole. A Content-Length
 * above the limit is refused before reading (413); a body without one is refused as soon as it
 * passes the limit, the rest left unread.
 */

export interface PartInfo {
  name: string
  filename: string | null
  contentType: string | null
}

export interface PartSink {
  /** A part begins. */
  start(part: PartInfo): void
  /** Bytes of the current part, in order; a view valid only during the call. */
  data(bytes: Buffer): void
  /** The current part is complete. */
  end(): void
}

const MAX_HEADER_BYTES = 16 * 1024

/**
 * 413. No `Connection: close`: closing a socket with unread upload bytes makes TCP reset it, and the
 * client may lose the answer; @hono/node-server discards the rest of the body instead (bounded).
 */
export const tooLarge = (limit: string) => new ApiError('PAYLOAD_TOO_LARGE', { field: 'file', params: { limit } })

const malformed = (detail: string) =>
  new ApiError('INVALID_VALUE', { field: 'body', message: { 'pt-PT': `O corpo multipart/form-data não é válido: ${detail}.`, en: `The multipart/form-data body is not valid: ${detail}.` } })

/** The boundary of a multipart/form-data Content-Type, or null when the type is anything else. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType)
  return match ? (match[1] ?? match[2] ?? null) : null
}

function dispositionParam(disposition: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(disposition) ?? new RegExp(`;\\s*${name}=([^;\\s]+)`, 'i').exec(disposition)
  return match ? match[1]!.replace(/\\(.)/g, '$1') : null
}

function partInfo(block: string): PartInfo {
  const headers = new Map<string, string>()
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const disposition = headers.get('content-disposition') ?? ''
  const name = dispositionParam(disposition, 'name')
  if (!/^form-data/i.test(disposition) || name === null) throw malformed('a part has no Content-Disposition form-data name')
  return { name, filename: dispositionParam(disposition, 'filename'), contentType: headers.get('content-type') ?? null }
}

type State = 'preamble' | 'boundary-end' | 'headers' | 'body' | 'done'

/** The parser: feed it chunks with write(), then call finish(). @throws ApiError 400 when the body breaks the format. */
export class MultipartParser {
  private state: State = 'preamble'
  // The stream is read as if it started with CRLF, so the first boundary looks like the others.
  private carry: Buffer = Buffer.from('\r\n')
  private readonly delimiter: Buffer

  constructor(
    boundary: string,
    private readonly sink: PartSink,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`)
  }

  write(chunk: Uint8Array): void {
    let input = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    if (this.carry.length > 0) input = this.joinCarry(input)
    while (input.length > 0 && this.state !== 'done') input = this.step(input)
  }

  /**
   * Resolves the few bytes kept from the previous chunk against the start of this one, without
   * copying the chunk (a 10 MB upload would otherwise be copied once more, 64 KB at a time).
   */
  private joinCarry(input: Buffer): Buffer {
    const carry = this.carry
    this.carry = Buffer.alloc(0)
    const scanning = this.state === 'preamble' || this.state === 'body'
    if (!scanning || input.length < this.delimiter.length) return Buffer.concat([carry, input])
    const junction = Buffer.concat([carry, input.subarray(0, this.delimiter.length)])
    const at = junction.indexOf(this.delimiter)
    if (at >= 0 && at < carry.length) {
      if (this.state === 'body') {
        if (at > 0) this.sink.data(junction.subarray(0, at))
        this.sink.end()
      }
      this.state = 'boundary-end'
      return input.subarray(at + this.delimiter.length - carry.length)
    }
    // No delimiter starts in the carried bytes: they are data (or preamble) for sure.
    if (this.state === 'body') this.sink.data(carry)
    return input
  }

  finish(): void {
    if (this.state !== 'done') throw malformed(this.state === 'preamble' ? 'no boundary found' : 'the closing boundary is missing')
  }

  /** Consumes what it can of the input and answers the rest (kept as carry when it needs more bytes). */
  private step(input: Buffer): Buffer {
    switch (this.state) {
      case 'preamble':
      case 'body': {
        const at = input.indexOf(this.delimiter)
        if (at < 0) {
          // Keep the bytes that could begin a delimiter cut by the chunk edge.
          const safe = Math.max(0, input.length - (this.delimiter.length - 1))
          if (this.state === 'body' && safe > 0) this.sink.data(input.subarray(0, safe))
          this.carry = Buffer.from(input.subarray(safe))
          return Buffer.alloc(0)
        }
        if (this.state === 'body') {
          if (at > 0) this.sink.data(input.subarray(0, at))
          this.sink.end()
        }
        this.state = 'boundary-end'
        return input.subarray(at + this.delimiter.length)
      }
      case 'boundary-end': {
        if (input.length < 2) {
          this.carry = Buffer.from(input)
          return Buffer.alloc(0)
        }
        const next = input.toString('latin1', 0, 2)
        if (next === '--') {
          this.state = 'done'
          return Buffer.alloc(0)
        }
        if (next !== '\r\n') throw malformed('a boundary line is not followed by CRLF')
        this.state = 'headers'
        return input.subarray(2)
      }
      case 'headers': {
        const end = input.indexOf('\r\n\r\n', 0, 'latin1')
        if (end < 0) {
          if (input.length > MAX_HEADER_BYTES) throw malformed('a part header is too long')
          this.carry = Buffer.from(input)
          return Buffer.alloc(0)
        }
        this.sink.start(partInfo(input.toString('utf8', 0, end)))
        this.state = 'body'
        return input.subarray(end + 4)
      }
      default:
        return Buffer.alloc(0)
    }
  }
}

/**
 * Reads a multipart/form-data body into a sink, at most `limit` bytes in all.
 * @throws ApiError 413 past the limit, declared or read; 400 when malformed.
 */
export async function readMultipart(
  body: { contentLength: string | null; source: BodySource },
  boundary: string,
  limit: number,
  limitText: string,
  sink: PartSink,
): Promise<void> {
  const declared = body.contentLength
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) throw tooLarge(limitText)
  const parser = new MultipartParser(boundary, sink)
  let total = 0
  try {
    for (let chunk = await body.source.next(); chunk !== null; chunk = await body.source.next()) {
      total += chunk.byteLength
      if (total > limit) throw tooLarge(limitText)
      parser.write(chunk)
    }
  } finally {
    body.source.release()
  }
  parser.finish()
}
