import { Agent, EnvHttpProxyAgent, fetch, type Dispatcher } from 'undici'
import { commandLogin, LOGIN_OR_TOKEN_OPTIONS, logIn, missingCredentials, parseCommand } from '../command-login.ts'

const USAGE = `Usage: mortgage-sandbox listen --forward-to <url> [options]

Receives your partner's notifications on this machine and forwards each to a local address, signed
as a direct delivery is (Standard Webhooks), with the secret printed at start. Every answer of the
local server is reported to the sandbox and shown in its delivery log. Ctrl-C stops.

Options:
  --forward-to <url>     where to POST each notification (e.g. http://localhost:3000/hooks)
  --url <url>            the sandbox (default: $SANDBOX_URL, else http://localhost:8080)
  --username <name>      a user of your partner (default: $SANDBOX_USERNAME)
  --password <password>  its password (default: $SANDBOX_PASSWORD)
  --token <token>        a bearer token instead of a password (default: $SANDBOX_TOKEN)
  --types <1,7,...>      the notification types to receive (default: all)
  --since <duration>     how far back to replay what reached no receiver before this listener
                         connected (no listener, no address): 90s, 15m, 1h, up to 24h (the default)
  --no-replay            no replay: only what happens from now on

The sandbox is reached over HTTPS (plain http only on this machine), through HTTPS_PROXY when set.
Exit codes: 0 stopped, 1 refused (the listeners quota), 2 bad usage or credentials, 3 the sandbox
ended the stream because the user lost its rights (it prints why).`

export const LISTEN_OPTIONS = {
  ...LOGIN_OR_TOKEN_OPTIONS,
  'forward-to': { type: 'string' },
  types: { type: 'string' },
  since: { type: 'string' },
  'no-replay': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

/** What the command line gets of a notification from the stream. */
interface Forwarded {
  attemptId: string
  notificationId: string
  notificationType: string
  headers: Record<string, string>
  body: string
  /** Kept since it happened, when no receiver took it: sent again now, its webhook-id unchanged. */
  replayed?: boolean
}

/** What the stream's ready event says of the listener. */
export interface ListenReady {
  listenerId: string
  signingSecret: string
  scope: string
}

export interface ListenCommandOptions {
  /** Ends the command (Ctrl-C does, by default). */
  signal?: AbortSignal
  /** Reconnection backoff: the first wait and the longest. */
  backoff?: { firstMs: number; maxMs: number }
  /** How long the local server has to answer. */
  forwardTimeoutMs?: number
  /** Told each time the stream is ready (`certify --listen` starts its run then). */
  onReady?: (ready: ListenReady) => void
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i
const EXCERPT_CHARS = 1024

class Refused extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message)
  }
}

/** A certification run's probe carries this header: the line says so (its webhook-id is made up). */
const CERTIFICATION_HEADER = 'x-sandbox-certification'
const DURATION = /^\d{1,5}[smh]$/

/** One line a delivery: time, type, id, the local status and latency; a replayed one or a certification probe says so. */
const deliveryLine = (n: Forwarded, status: number | null, latencyMs: number, error: string | null) => {
  const probe = Object.keys(n.headers).some((name) => name.toLowerCase() === CERTIFICATION_HEADER)
  const mark = n.replayed ? '  (replayed)' : probe ? '  (certification probe)' : ''
  return `${new Date().toISOString().replace('T', ' ').slice(0, 19)}  ${n.notificationType.padEnd(24)} ${n.notificationId}  → ${status ?? `failed (${error})`}  ${Math.round(latencyMs)} ms${mark}`
}

/** The events of a Server-Sent Events body, as they arrive. */
async function* serverSentEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const decoder = new TextDecoder()
  let buffer = ''
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true }).replaceAll('\r\n', '\n')
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      let event = 'message'
      const data: string[] = []
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim()
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
      }
      if (data.length > 0) yield { event, data: data.join('\n') }
    }
  }
}

/**
 * The listen command; resolves with the exit code: 0 when stopped, 1 when the sandbox refused the
 * listener (quota), 2 on bad usage or credentials, 3 when the sandbox ended the stream because its
 * user lost its rights (demoted, revoked, reset, deactivated, suspended).
 */
export async function runListenCommand(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  options: ListenCommandOptions = {},
): Promise<number> {
  const parsed = parseCommand(argv, LISTEN_OPTIONS, USAGE, out)
  if (typeof parsed === 'number') return parsed
  const { values } = parsed
  const credentials = commandLogin(values, env, true)
  const { url: base, username, password } = credentials
  const forwardTo = values['forward-to']
  let token = credentials.token
  const types = values.types
  let sandboxUrl: URL
  try {
    sandboxUrl = new URL(base)
    if (!forwardTo) throw new Error('--forward-to is required')
    new URL(forwardTo)
    if (values.since !== undefined && !DURATION.test(values.since)) throw new Error(`--since takes a duration such as 90s, 15m, 1h or 24h, not ${values.since}`)
    if (values.since !== undefined && values['no-replay']) throw new Error('--since and --no-replay exclude each other')
  } catch (error) {
    out(`${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  if (sandboxUrl.protocol !== 'https:' && !(sandboxUrl.protocol === 'http:' && LOOPBACK.test(sandboxUrl.hostname))) {
    out(`The sandbox must be reached over HTTPS: ${base}`)
    return 2
  }
  const missing = missingCredentials(credentials, true)
  if (missing) {
    out(`${missing}\n\n${USAGE}`)
    return 2
  }

  const stop = new AbortController()
  const onSignal = () => stop.abort()
  if (options.signal) options.signal.addEventListener('abort', onSignal, { once: true })
  else process.once('SIGINT', onSignal)
  // To the sandbox: through HTTPS_PROXY / NO_PROXY. To the local server: straight.
  const toSandbox: Dispatcher = new EnvHttpProxyAgent()
  const toLocal: Dispatcher = new Agent()
  const backoff = options.backoff ?? { firstMs: 500, maxMs: 15_000 }
  const forwardTimeoutMs = options.forwardTimeoutMs ?? 10_000

  async function login(): Promise<string> {
    if (!username || !password) throw new Refused('The token was refused (expired?): give --username and --password to log in again.', 2)
    const login = await logIn(sandboxUrl, username, password, (url, init) => fetch(url, { ...init, dispatcher: toSandbox, signal: stop.signal }))
    if (login.accessToken !== undefined) return login.accessToken
    if (login.status === 401 || login.status === 400) throw new Refused(`Login of ${username} refused (HTTP ${login.status}).`, 2)
    throw new Error(`login answered HTTP ${login.status}`)
  }

  /** A request to the sandbox with the token; logs in again once when it was refused. */
  async function authorized(path: string, init: { method?: string; body?: string; accept?: string }) {
    for (let attempt = 0; ; attempt += 1) {
      token ??= await login()
      const res = await fetch(new URL(path, sandboxUrl), {
        method: init.method ?? 'GET',
        headers: { Authorization: `Bearer ${token}`, Accept: init.accept ?? 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
        ...(init.body ? { body: init.body } : {}),
        dispatcher: toSandbox,
        signal: stop.signal,
      })
      if (res.status !== 401 || attempt > 0) return res
      await res.body?.cancel()
      token = await login()
    }
  }

  /** Reports an attempt; a 429 is honoured and retried, anything else given up (the sandbox then retries the delivery). */
  async function report(listenerId: string, body: Record<string, unknown>): Promise<void> {
    for (let tries = 0; tries < 5 && !stop.signal.aborted; tries += 1) {
      const res = await authorized(`/sandbox/listen/${encodeURIComponent(listenerId)}/attempts`, { method: 'POST', body: JSON.stringify(body) })
      await res.body?.cancel()
      if (res.status !== 429) return
      const seconds = Number(res.headers.get('retry-after') ?? 1)
      await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 10) * 1000))
    }
  }

  async function forward(listenerId: string, n: Forwarded): Promise<void> {
    const started = performance.now()
    let httpStatus: number | null = null
    let responseExcerpt: string | null = null
    let error: string | null = null
    try {
      const res = await fetch(forwardTo!, {
        method: 'POST',
        headers: n.headers,
        body: n.body,
        dispatcher: toLocal,
        redirect: 'manual',
        signal: AbortSignal.any([stop.signal, AbortSignal.timeout(forwardTimeoutMs)]),
      })
      httpStatus = res.status
      responseExcerpt = (await res.text()).slice(0, EXCERPT_CHARS)
    } catch (caught) {
      if (stop.signal.aborted) return
      const cause = (caught as { cause?: { code?: string; message?: string } }).cause
      error = cause?.code ?? cause?.message ?? (caught as Error).message
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10
    out(deliveryLine(n, httpStatus, latencyMs, error))
    await report(listenerId, { attemptId: n.attemptId, httpStatus, latencyMs, responseExcerpt, error }).catch(() => undefined)
  }

  /** One connection: resolves when the stream ends; throws Refused when it must not be tried again. */
  async function listenOnce(onReady: () => void): Promise<void> {
    const query = new URLSearchParams({ forwardTo: forwardTo! })
    if (types) query.set('types', types)
    if (values.since) query.set('since', values.since)
    if (values['no-replay']) query.set('replay', 'false')
    const res = await authorized(`/sandbox/listen?${query}`, { accept: 'text/event-stream' })
    if (res.status !== 200) {
      const body = (await res.json().catch(() => undefined)) as { errors?: Array<{ errorCode: string; errorMessage: string }> } | undefined
      const detail = body?.errors?.map((e) => `${e.errorCode} ${e.errorMessage}`).join('; ') ?? ''
      if (res.status === 409) throw new Refused(`The sandbox refused the listener: ${detail}`, 1)
      if (res.status >= 400 && res.status < 500 && res.status !== 429) throw new Refused(`The sandbox refused the listener (HTTP ${res.status}): ${detail}`, 2)
      throw new Error(`HTTP ${res.status} ${detail}`)
    }
    let listenerId = ''
    for await (const { event, data } of serverSentEvents(res.body!)) {
      if (event === 'ready') {
        const ready = JSON.parse(data) as ListenReady
        listenerId = ready.listenerId
        const whose = ready.scope === 'partner' ? "the whole partner's" : "your broker's"
        if (printedSecret === undefined) out(`Ready! Your webhook signing secret is ${ready.signingSecret} (${whose} notifications, forwarded to ${forwardTo}; ^C to quit)`)
        // The user's rights changed while the stream was cut (its last event lost): the local server must verify with the new secret.
        else if (printedSecret !== ready.signingSecret) out(`Reconnected, with other rights: your webhook signing secret is now ${ready.signingSecret} (${whose} notifications).`)
        else out('Reconnected.')
        printedSecret = ready.signingSecret
        onReady()
        options.onReady?.(ready)
      } else if (event === 'replay') {
        const replay = JSON.parse(data) as { notifications: number; since: string }
        out(
          `Replaying ${replay.notifications} notification${replay.notifications === 1 ? '' : 's'} that reached no receiver since ${replay.since.replace('T', ' ').slice(0, 19)}, oldest first.`,
        )
      } else if (event === 'notification' && listenerId) {
        void forward(listenerId, JSON.parse(data) as Forwarded)
      } else if (event === 'closed') {
        const ending = JSON.parse(data) as { reason: string; message: string }
        // An expired token: a new login (when the command has a password) and the stream again.
        if (ending.reason === 'token-expired') {
          token = undefined
          return
        }
        // The user lost what the stream was opened with: listening again, a new login included, would not help.
        throw new Refused(`The sandbox ended the stream (${ending.reason}): ${ending.message}.`, 3)
      }
    }
  }

  let printedSecret: string | undefined
  let wait = backoff.firstMs
  try {
    while (!stop.signal.aborted) {
      try {
        await listenOnce(() => (wait = backoff.firstMs))
        if (!stop.signal.aborted) out('The stream ended; reconnecting…')
      } catch (error) {
        if (error instanceof Refused) {
          out(error.message)
          return error.exitCode
        }
        if (stop.signal.aborted) break
        out(`Cannot reach ${sandboxUrl.origin}: ${(error as Error).message}; retrying in ${(wait / 1000).toFixed(1)} s`)
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait)
        stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
      })
      wait = Math.min(backoff.maxMs, wait * 2)
    }
    return 0
  } finally {
    process.off('SIGINT', onSignal)
    options.signal?.removeEventListener('abort', onSignal)
    await Promise.all([toSandbox.close(), toLocal.close()]).catch(() => undefined)
  }
}
