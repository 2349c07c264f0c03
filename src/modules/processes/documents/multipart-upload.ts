import busboy from 'busboy'
import { ApiError } from '../../../common/api-error.ts'
import type { BodySource } from '../../../common/body-source.ts'

/**
 * multipart/form-data (RFC 7578) read with busboy: the body is pulled chunk by chunk from the request
 * and written into the parser, and each file part's bytes are handed on as they arrive, so an upload
 * never has to sit in memory whole. A Content-Length above the limit is refused before reading (413);
 * a body without one is refused as soon as it passes the limit, the rest left unread.
 */

export interface PartInfo {
  name: string
  filename: string
  /** As declared by the part (text/plain when it declares none), never trusted for the stored type. */
  contentType: string
}

/** Where a file part's bytes go, in order; each chunk is valid only during the call. */
export interface FileSink {
  data(bytes: Buffer): void
  end(): void
}

/** What the form's parts are handed to. Each callback may throw (an ApiError): reading stops, the error is answered. */
export interface FormSink {
  /** A text part, complete; `truncated` when it had more than the field limit's bytes. */
  field(name: string, value: string, truncated: boolean): void
  /** A file part begins (a part with a filename): where its bytes go, 'field' to read it as a text field, or null to skip it. */
  file(part: PartInfo): FileSink | 'field' | null
}

export interface MultipartLimits {
  /** Bytes of the whole body (413 past it). */
  bodyBytes: number
  /** The limit as the 413 names it ("10 MB"). */
  bodyText: string
  /** Bytes of a text field; one more and it is reported `truncated`. */
  fieldBytes: number
}

/**
 * 413. No `Connection: close`: closing a socket with unread upload bytes makes TCP reset it, and the
 * client may lose the answer; @hono/node-server discards the rest of the body instead (bounded).
 */
export const tooLarge = (limit: string) => new ApiError('PAYLOAD_TOO_LARGE', { field: 'file', params: { limit } })

const malformed = (detail: string) =>
  new ApiError('INVALID_VALUE', {
    field: 'body',
    message: { 'pt-PT': `O corpo multipart/form-data não é válido: ${detail}.`, en: `The multipart/form-data body is not valid: ${detail}.` },
  })

/** busboy's words for a broken body, in the error body's. */
const BUSBOY_ERRORS: Record<string, string> = {
  'Unexpected end of form': 'the closing boundary is missing',
  'Unexpected end of file': 'the closing boundary is missing',
  'Malformed part header': 'a part header is malformed or too long',
  'Malformed content type': 'the boundary is not valid',
}
const malformedFrom = (error: Error) => malformed(BUSBOY_ERRORS[error.message] ?? error.message)
const NAMELESS = 'a part has no Content-Disposition form-data name'

/** The boundary of a multipart/form-data Content-Type, or null when the type is anything else. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType)
  return match ? (match[1] ?? match[2] ?? null) : null
}

/** A part read as a text field: its first `maxBytes` bytes (one more marks it truncated), as UTF-8. */
function textField(name: string, maxBytes: number, sink: FormSink): FileSink {
  const chunks: Buffer[] = []
  let bytes = 0
  return {
    data(chunk) {
      const room = maxBytes + 1 - bytes
      if (room > 0) chunks.push(Buffer.from(chunk.subarray(0, room)))
      bytes += chunk.length
    },
    end: () => sink.field(name, Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8'), bytes > maxBytes),
  }
}

/** busboy, told the boundary we read (quoted, so any boundary we accept is one it accepts). @throws ApiError 400 */
function parserFor(boundary: string, fieldBytes: number): busboy.Busboy {
  try {
    return busboy({
      headers: { 'content-type': `multipart/form-data; boundary="${boundary.replace(/[\\"]/g, '\\$&')}"` },
      // Browsers and curl send file names as raw UTF-8; the path is cut by the service itself.
      defParamCharset: 'utf8',
      preservePath: true,
      limits: { fieldSize: fieldBytes + 1 },
      // A request's chunks (64 KiB from a socket) pass in one write each, without a wait for 'drain'.
      highWaterMark: 256 * 1024,
    })
  } catch (error) {
    throw malformedFrom(error as Error)
  }
}

/**
 * Reads a multipart/form-data body into a sink, at most `limits.bodyBytes` bytes in all; resolves
 * once every part has been handed over.
 * @throws ApiError 413 past the limit, declared or read; 400 when malformed; whatever the sink throws;
 *   the body's own error when the client goes away.
 */
export async function readMultipart(body: { contentLength: string | null; source: BodySource }, boundary: string, limits: MultipartLimits, sink: FormSink): Promise<void> {
  const declared = body.contentLength
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limits.bodyBytes) throw tooLarge(limits.bodyText)
  const form = parserFor(boundary, limits.fieldBytes)
  // The first failure wins: from the parser, a sink or the body; it ends the wait under way (the
  // `interrupt` of a wait already over is harmless: its promise is settled).
  let failure: { error: unknown } | null = null
  let interrupt: ((error: unknown) => void) | null = null
  const fail = (error: unknown) => {
    if (failure) return
    failure = { error }
    interrupt?.(error)
  }
  const until = <T>(promise: Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure.error)
      interrupt = reject
      promise.then(resolve, reject)
    })
  const guard = (fn: () => void) => {
    if (failure) return
    try {
      fn()
    } catch (error) {
      fail(error)
    }
  }

  form.on('error', (error: Error) => fail(malformedFrom(error)))
  form.on('field', (name: string | undefined, value, info) =>
    guard(() => {
      if (name === undefined) throw malformed(NAMELESS)
      sink.field(name, value, info.valueTruncated)
    }),
  )
  form.on('file', (name: string | undefined, stream, info: { filename?: string; mimeType: string }) => {
    let target: FileSink | null = null
    guard(() => {
      if (name === undefined) throw malformed(NAMELESS)
      // busboy counts an application/octet-stream part without a file name as a file: it is a text field here.
      const wanted = info.filename === undefined ? 'field' : sink.file({ name, filename: info.filename, contentType: info.mimeType })
      target = wanted === 'field' ? textField(name, limits.fieldBytes, sink) : wanted
    })
    // Errors of the stream are the parser's, reported by its own 'error' event.
    stream.on('error', () => undefined)
    const into = target as FileSink | null
    if (!into || failure) return void stream.resume()
    stream.on('data', (bytes: Buffer) => guard(() => into.data(bytes)))
    stream.on('end', () => guard(() => into.end()))
  })
  const finished = new Promise<void>((resolve) => form.once('finish', resolve))

  let total = 0
  try {
    for (let chunk = await until(body.source.next()); chunk !== null; chunk = await until(body.source.next())) {
      total += chunk.byteLength
      if (total > limits.bodyBytes) throw tooLarge(limits.bodyText)
      if (!form.write(chunk)) await until(new Promise((resolve) => form.once('drain', resolve)))
    }
    form.end()
    await until(finished)
  } catch (error) {
    fail(error)
    form.destroy()
    throw error
  } finally {
    body.source.release()
  }
}
