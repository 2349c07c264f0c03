import { readFileSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls'
import { ConfigError } from '../../platform/config.ts'
import type { ResolvedAddress } from './address-policy.ts'

export const RESPONSE_EXCERPT_BYTES = 1024
// Read past the excerpt so the connection can be reused, but not without end.
const MAX_RESPONSE_BYTES = 256 * 1024

export interface WebhookRequest {
  url: URL
  /** The address the policy checked: the connection goes there and nowhere else. */
  address: ResolvedAddress
  headers: Record<string, string>
  body: string
  timeoutMs: number
  signal?: AbortSignal
}

export interface WebhookOutcome {
  httpStatus: number | null
  latencyMs: number
  error: string | null
  responseExcerpt: string | null
  retryAfter: string | undefined
}

/**
 * The default roots plus the CA file, so partners' private certificates can be trusted. Built once:
 * a `ca` option instead would be parsed per connection and hashed into the agent's key per request.
 */
function trustedContext(caFile: string | undefined): SecureContext | undefined {
  if (!caFile) return undefined
  let extra: string
  try {
    extra = readFileSync(caFile, 'utf8')
  } catch (error) {
    throw new ConfigError(`Invalid configuration: SANDBOX_CALLBACK_CA_FILE=${JSON.stringify(caFile)}: ${(error as Error).message}`)
  }
  try {
    return createSecureContext({ ca: [...rootCertificates, extra] })
  } catch (error) {
    throw new ConfigError(`Invalid configuration: SANDBOX_CALLBACK_CA_FILE=${JSON.stringify(caFile)}: not PEM certificates (${(error as Error).message})`)
  }
}

const pinnedLookup =
  ({ address, family }: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [{ address, family }])
    else callback(null, address, family)
  }

const errorText = (error: Error) => {
  const code = (error as NodeJS.ErrnoException).code
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message
}

/**
 * Sends one webhook POST and reports what happened; never throws. Redirects are not followed,
 * keep-alive connections are reused across deliveries.
 */
export function createWebhookSender(options: { caFile?: string | undefined }) {
  const secureContext = trustedContext(options.caFile)
  // Idle connections are dropped before common servers' 5 s keep-alive timeout closes them under a request.
  const pool = { keepAlive: true, maxSockets: 64, timeout: 4000 }
  const httpsAgent = new https.Agent({ ...pool, ...(secureContext ? { secureContext } : {}) })
  const httpAgent = new http.Agent(pool)

  function send(request: WebhookRequest): Promise<WebhookOutcome> {
    if (request.signal?.aborted) {
      return Promise.resolve({ httpStatus: null, latencyMs: 0, error: 'aborted: the sandbox is stopping', responseExcerpt: null, retryAfter: undefined })
    }
    const started = performance.now()
    const elapsed = () => Math.round((performance.now() - started) * 10) / 10
    return new Promise((resolve) => {
      let settled = false
      const finish = (outcome: Omit<WebhookOutcome, 'latencyMs'>) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        request.signal?.removeEventListener('abort', onAbort)
        resolve({ ...outcome, latencyMs: elapsed() })
      }
      const fail = (error: string) => finish({ httpStatus: null, error, responseExcerpt: null, retryAfter: undefined })

      const { url } = request
      const client = url.protocol === 'https:' ? https : http
      const req = client.request({
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) },
        agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
        lookup: pinnedLookup(request.address),
      })
      const timer = setTimeout(() => {
        req.destroy()
        fail(`no answer within ${request.timeoutMs / 1000} s`)
      }, request.timeoutMs)
      const onAbort = () => {
        req.destroy()
        fail('aborted: the sandbox is stopping')
      }
      request.signal?.addEventListener('abort', onAbort, { once: true })

      req.on('error', (error) => fail(errorText(error)))
      req.on('response', (res) => {
        const chunks: Buffer[] = []
        let kept = 0
        let read = 0
        res.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (kept < RESPONSE_EXCERPT_BYTES) {
            chunks.push(chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept))
            kept += Math.min(chunk.length, RESPONSE_EXCERPT_BYTES - kept)
          }
          if (read > MAX_RESPONSE_BYTES) res.destroy()
        })
        const done = () => {
          const status = res.statusCode ?? 0
          const location = res.headers.location
          finish({
            httpStatus: status,
            error: status >= 300 && status < 400 ? `redirect not followed${location ? ` (Location: ${location})` : ''}` : null,
            responseExcerpt: kept > 0 ? Buffer.concat(chunks).toString('utf8') : null,
            retryAfter: res.headers['retry-after'],
          })
        }
        res.on('end', done)
        res.on('close', done)
        res.on('error', done)
      })
      req.end(request.body)
    })
  }

  return {
    send,
    close() {
      httpsAgent.destroy()
      httpAgent.destroy()
    },
  }
}

export type WebhookSender = ReturnType<typeof createWebhookSender>
