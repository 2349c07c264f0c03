import { randomUUID } from 'node:crypto'
import type { Duplex } from 'node:stream'
import type { Logger } from '../../platform/logger.ts'
import { ApiError, renderError } from '../../common/api-error.ts'
import { API_SECURITY_HEAD } from '../pipeline/security-headers.ts'

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 431: 'Request Header Fields Too Large' }

/** The refusal of a request Node's HTTP parser could not take, by the parser's error code. */
function refusalOf(code: string | undefined): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError('HEADERS_TOO_LARGE', { field: 'headers', params: { limit: '16 KB' } })
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return new ApiError('REQUEST_TIMEOUT', { field: '' })
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError('PAYLOAD_TOO_LARGE', { field: 'body', params: { limit: '16 KB of chunk extensions' } })
    default:
      return new ApiError('MALFORMED_REQUEST', { field: '', params: { detail: code ?? 'unknown' } })
  }
}

/**
 * Node's own refusals (a request line and headers over 16 KB, a request it cannot parse, a client
 * too slow to send its headers) happen before the app runs; without this they go out as a bare
 * status line. Here they carry the error body and a request id, like every other answer, in pt-PT
 * (the headers that would choose a language were never read), and close the connection.
 */
export function answerClientError(logger: Logger) {
  return (error: NodeJS.ErrnoException, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const refusal = refusalOf(error.code)
    const requestId = randomUUID()
    const body = JSON.stringify(renderError(refusal, 'pt-PT'))
    logger.info('request refused by the HTTP parser', { requestId, status: refusal.status, code: error.code })
    socket.end(
      `HTTP/1.1 ${refusal.status} ${REASONS[refusal.status] ?? 'Bad Request'}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\n` +
        `Content-Language: pt-PT\r\n${API_SECURITY_HEAD}Connection: close\r\n\r\n${body}`,
    )
  }
}
