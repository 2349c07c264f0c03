/**
 * The behaviour the bank expects of a partner's client, as a fetch wrapper the reference client takes
 * (`createPartnerClient({ fetch })`): it authenticates, authenticates again on an expired token
 * (401, 010502) and repeats the request with the new token, waits for Retry-After on a 429 or a 503
 * before repeating, and sends Accept-Language. The sandbox's certification checks exactly this
 * (docs/certification.md). `wait` is how the client waits: a timer in production, a test's clock.
 */
export interface ResilientFetchOptions {
  baseUrl: string
  username: string
  password: string
  language?: 'pt-PT' | 'en'
  /** Waits that many seconds before repeating a refusal of that status; the default is a timer. */
  wait?: (seconds: number, status: number) => Promise<void>
  /** Attempts per request, the first included. */
  maxAttempts?: number
  /** Headers for the next request only, first attempt only (a sandbox scenario: X-Sandbox-Scenario). */
  nextHeaders?: () => Record<string, string> | undefined
  fetch?: typeof fetch
}

const EXPIRED_TOKEN = '010502'
const sleep = (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000))

/** Seconds of a Retry-After header: delta-seconds or an HTTP date; 1 when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number {
  if (!value) return 1
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const date = Date.parse(value)
  return Number.isNaN(date) ? 1 : Math.max(0, Math.ceil((date - now) / 1000))
}

async function errorCodeOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { errors?: Array<{ errorCode?: string }> }
    return body.errors?.[0]?.errorCode
  } catch {
    return undefined
  }
}

export function resilientFetch(options: ResilientFetchOptions): typeof fetch {
  const send = options.fetch ?? fetch
  const wait = options.wait ?? sleep
  const maxAttempts = options.maxAttempts ?? 4
  let token: string | undefined

  async function login(): Promise<string> {
    const response = await send(`${options.baseUrl.replace(/\/$/, '')}/v1/authentication`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(options.language ? { 'Accept-Language': options.language } : {}) },
      body: JSON.stringify({ username: options.username, password: options.password }),
    })
    if (!response.ok) throw new Error(`authentication failed: HTTP ${response.status}`)
    token = ((await response.json()) as { accessToken: string }).accessToken
    return token
  }

  return async (input, init = {}) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.endsWith('/v1/authentication')) return send(input, init)
    const once = options.nextHeaders?.() ?? {}
    for (let attempt = 1; ; attempt += 1) {
      const headers = new Headers(init.headers)
      headers.set('Authorization', `Bearer ${token ?? (await login())}`)
      if (options.language) headers.set('Accept-Language', options.language)
      if (attempt === 1) for (const [name, value] of Object.entries(once)) headers.set(name, value)
      const response = await send(input, { ...init, headers })
      if (attempt >= maxAttempts) return response
      if (response.status === 401 && (await errorCodeOf(response)) === EXPIRED_TOKEN) {
        await login()
        continue
      }
      if (response.status === 429 || response.status === 503) {
        await wait(retryAfterSeconds(response.headers.get('retry-after')), response.status)
        continue
      }
      return response
    }
  }
}
