import { readFileSync, writeFileSync } from 'node:fs'
import { commandLogin, LOGIN_OPTIONS, logIn, missingCredentials, parseCommand } from '../command-login.ts'
import { verifyReport, type SignedReport } from '../../modules/certification/index.ts'
import { runListenCommand } from './listen.ts'

const USAGE = `Usage: mortgage-sandbox certify [options]

Runs a certification of your integration on a sandbox (hosted or local) and prints each check with
its evidence and advice, then what the bank still needs before production (GO-LIVE: a public HTTPS
address), which never fails a run. Exit code: 0 when every check passed, 1 when one failed or was
not exercised, 2 on bad usage or when the sandbox (or, with --listen, the listener) cannot be reached.

Options:
  --url <url>            the sandbox (default: $SANDBOX_URL, else http://localhost:8080)
  --username <name>      a user of your partner (default: $SANDBOX_USERNAME)
  --password <password>  its password (default: $SANDBOX_PASSWORD)
  --checks <a,b,...>     the checks to run (default: all; the ids are in the run's answer)
  --since <date-time>    start of the journal window the client checks read (default: 24 hours ago)
  --lang <pt-PT|en>      the language of names, evidence and advice (default: en)
  --report <file>        when the run passes, write its signed report there
  --timeout <seconds>    how long to wait for the run (default: 600)
  --json                 print the run as JSON
  --listen               test your local receiver: connect a listener (as mortgage-sandbox listen does)
                         for the run, forwarding to --forward-to; its lines are printed with "listen:"
  --forward-to <url>     where that listener forwards to (e.g. http://localhost:3000/hooks)

  --start                instead: open a certification window. Then run your client, then certify:
                         the run reads your requests from the window's start (not the last 24 hours),
                         and when your client marks them with the header it prints
                         (X-Sandbox-Certification: <window id>), it judges those alone
  --check-report <file>  instead: check a signed report against the sandbox's published key`

/** The options of `certify` (the CI examples' test checks their commands against these). */
export const CERTIFY_OPTIONS = {
  ...LOGIN_OPTIONS,
  checks: { type: 'string' },
  since: { type: 'string' },
  lang: { type: 'string' },
  report: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  listen: { type: 'boolean' },
  'forward-to': { type: 'string' },
  'check-report': { type: 'string' },
  start: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

interface Check {
  id: string
  name: string
  status: string
  evidence: Evidence[]
  advice: string | null
}

interface Evidence {
  text: string
  requestId?: string
  notificationId?: string
  at?: string
  request?: string
  status?: number
}

/** An evidence line: a request cited by when it came, what it was and its status, then what it shows. */
function evidenceLine(e: Evidence): string {
  const request = e.request ? `${e.at ? `${e.at}  ` : ''}${e.request}${e.status === undefined ? '' : ` -> ${e.status}`}: ` : ''
  return `${request}${e.text}${e.requestId ? ` [request ${e.requestId}]` : ''}${e.notificationId ? ` [webhook-id ${e.notificationId}]` : ''}`
}

const MARK: Record<string, string> = { passed: 'PASS', failed: 'FAIL', 'not-exercised': 'SKIP', running: '....' }

async function request(base: string, path: string, init: { method?: string; token?: string; body?: unknown; lang?: string } = {}) {
  const res = await fetch(new URL(path, base), {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.lang ? { 'Accept-Language': init.lang } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  const text = await res.text()
  let body: any
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  return { status: res.status, body }
}

const problem = (answer: { status: number; body: any }) =>
  `HTTP ${answer.status}${answer.body?.errors ? `: ${answer.body.errors.map((e: any) => `${e.errorCode} ${e.errorField} ${e.errorMessage}`).join('; ')}` : ''}`

interface PrintedRun {
  runId: string
  status: string
  summary?: string
  window: { from: string; to: string | null; marker?: string | null }
  checks: Check[]
  checksLeftOut?: Array<{ id: string; name: string }>
  goLive?: Array<{ id: string; name: string; status: string; evidence: Array<{ text: string }>; advice: string | null }>
}

function print(run: PrintedRun, out: (line: string) => void) {
  const judged = run.window.marker ? `; only the requests marked X-Sandbox-Certification: ${run.window.marker}` : ''
  out(`Certification run ${run.runId}: ${run.status.toUpperCase()} (journal ${run.window.from} to ${run.window.to ?? 'now'}${judged})`)
  // A run of some checks says so first: a PASSED of 16 is not a PASSED of all 17.
  if (run.summary) out(`  ${run.summary}`)
  for (const check of run.checks) {
    out(`  ${MARK[check.status] ?? check.status}  ${check.id}  ${check.name}`)
    if (check.status === 'passed') continue
    // Every request a failed check cites (at most ten), each by its time, method, path and status.
    for (const e of check.evidence.slice(0, check.status === 'failed' ? undefined : 4)) out(`        ${evidenceLine(e)}`)
    if (check.advice) out(`        -> ${check.advice}`)
  }
  for (const check of run.checksLeftOut ?? []) out(`  LEFT OUT  ${check.id}  ${check.name}`)
  // Not a check: what the bank still needs before production, whatever the run's status.
  for (const item of run.goLive ?? []) {
    out(`  GO-LIVE ${item.status === 'ready' ? 'READY' : 'TO DO'}  ${item.id}  ${item.name}`)
    if (item.status === 'ready') continue
    for (const e of item.evidence.slice(0, 4)) out(`        ${e.text}`)
    if (item.advice) out(`        -> ${item.advice}`)
  }
}

/** How long `certify --listen` waits for its listener's stream. */
const LISTENER_READY_MS = 30_000

/**
 * `certify --listen`: a listener of the user's for the run, forwarding the probes to the local
 * receiver. No replay: a notification of the past delivered now (a decision) would be judged as if
 * the client had not read after it. Resolves once the stream is ready, or with an exit code (its
 * lines printed then). `quiet` (--json): only a listener that did not start prints its lines.
 */
async function startListener(base: string, credentials: { token: string; username: string; password: string }, forwardTo: string, out: (line: string) => void, quiet: boolean) {
  const stop = new AbortController()
  const early: string[] = []
  let started = false
  let ready!: () => void
  const readied = new Promise<'ready'>((resolve) => (ready = () => resolve('ready')))
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), LISTENER_READY_MS)))
  const print = (line: string): void => {
    if (!started) early.push(`listen: ${line}`)
    else if (!quiet) out(`listen: ${line}`)
  }
  const args = ['--url', base, '--forward-to', forwardTo, '--no-replay', '--token', credentials.token, '--username', credentials.username, '--password', credentials.password]
  const exit = runListenCommand(args, {}, print, { signal: stop.signal, onReady: ready })
  const first = await Promise.race([readied, exit, late])
  clearTimeout(timer)
  if (first === 'ready') {
    started = true
    if (!quiet) for (const line of early) out(line)
    return { stop: () => (stop.abort(), exit) }
  }
  if (first === 'late') {
    stop.abort()
    await exit
  }
  for (const line of early) out(line)
  out(`The listener did not connect${first === 'late' ? ` within ${LISTENER_READY_MS / 1000} s` : ''}: the run was not started.`)
  return first === 'late' || first === 0 ? 2 : first
}

/** A local file's failure, told apart from the sandbox being unreachable. */
class FileProblem extends Error {}

type ReportBody = { runId: string; partnerUniqueID: string; checks: unknown[]; checksInAll?: number; checksLeftOut?: string[]; goLive?: Array<{ id: string; status: string }> }

function readReport(file: string): SignedReport<ReportBody> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SignedReport<ReportBody>
  } catch (error) {
    throw new FileProblem(`Cannot read the report ${file}: ${(error as Error).message}`)
  }
}

async function checkReport(base: string, file: string, out: (line: string) => void): Promise<number> {
  const signed = readReport(file)
  const key = await request(base, '/sandbox/certification/signing-key')
  if (key.status !== 200) {
    out(`Cannot read the sandbox's signing key: ${problem(key)}`)
    return 2
  }
  if (key.body.keyId !== signed.signature?.keyId || !verifyReport(signed, key.body.publicKeyPem)) {
    out(`INVALID: ${file} is not a report signed by this sandbox's key ${key.body.keyId}, or it was changed.`)
    return 1
  }
  const { checks, checksInAll, checksLeftOut, goLive } = signed.report
  const leftOut = checksLeftOut && checksLeftOut.length > 0 ? ` of ${checksInAll ?? checks.length + checksLeftOut.length}; left out: ${checksLeftOut.join(', ')}` : ''
  const toDo = (goLive ?? []).filter((item) => item.status !== 'ready').map((item) => item.id)
  out(
    `VALID: run ${signed.report.runId} of partner ${signed.report.partnerUniqueID}, ${checks.length} checks passed${leftOut}, signed by key ${key.body.keyId}.${toDo.length > 0 ? ` Before going live: ${toDo.join(', ')}.` : ''}`,
  )
  return 0
}

/** The certify command; resolves with the exit code. The run is read every half second until it ends. */
export async function runCertifyCommand(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  const parsed = parseCommand(argv, CERTIFY_OPTIONS, USAGE, out)
  if (typeof parsed === 'number') return parsed
  const { values } = parsed
  const credentials = commandLogin(values, env, false)
  const base = credentials.url
  try {
    if (values['check-report']) return await checkReport(base, values['check-report'], out)
    const missing = missingCredentials(credentials, false)
    if (missing) {
      out(`${missing}\n\n${USAGE}`)
      return 2
    }
    if (values.listen && !values['forward-to']) {
      out(`--listen needs --forward-to, the address of your local receiver\n\n${USAGE}`)
      return 2
    }
    const lang = values.lang ?? 'en'
    const timeoutMs = Number(values.timeout ?? 600) * 1000
    const login = await logIn(base, credentials.username!, credentials.password!)
    if (login.accessToken === undefined) {
      out(`Login refused: ${problem(login)}`)
      return 2
    }
    const token = login.accessToken
    if (values.start) return await openWindow(base, token, values.json === true, out)
    if (values.listen) {
      const listener = await startListener(base, { token, username: credentials.username!, password: credentials.password! }, values['forward-to']!, out, values.json === true)
      if (typeof listener === 'number') return listener
      try {
        return await certify(base, token, values, lang, timeoutMs, out)
      } finally {
        await listener.stop()
      }
    }
    return await certify(base, token, values, lang, timeoutMs, out)
  } catch (error) {
    out(error instanceof FileProblem ? error.message : `Cannot reach the sandbox at ${base}: ${(error as Error).message}`)
    return 2
  }
}

/** `certify --start`: opens the partner's certification window and says what to do next. */
async function openWindow(base: string, token: string, json: boolean, out: (line: string) => void): Promise<number> {
  const opened = await request(base, '/sandbox/certification/window', { method: 'POST', token })
  if (opened.status !== 201) {
    out(`The window was refused: ${problem(opened)}`)
    return 2
  }
  const { windowId, openedAt, markerHeader } = opened.body as { windowId: string; openedAt: string; markerHeader: string }
  if (json) {
    out(JSON.stringify(opened.body, null, 2))
    return 0
  }
  out(`Certification window ${windowId} open since ${openedAt}.`)
  out(`Now run your client. To have only its requests judged, have it send the header:`)
  out(`  ${markerHeader}: ${windowId}`)
  out(`Then run: mortgage-sandbox certify`)
  return 0
}

/** One run: started, read every half second until it ends, printed, its report written when it passed. */
async function certify(
  base: string,
  token: string,
  values: { checks?: string | undefined; since?: string | undefined; json?: boolean | undefined; report?: string | undefined },
  lang: string,
  timeoutMs: number,
  out: (line: string) => void,
): Promise<number> {
  const body = { ...(values.checks ? { checks: values.checks.split(',').map((c) => c.trim()) } : {}), ...(values.since ? { since: values.since } : {}) }
  const started = await request(base, '/sandbox/certification/runs', { method: 'POST', token, body, lang })
  if (started.status !== 202) {
    out(`The run was refused: ${problem(started)}`)
    return 2
  }
  let run = started.body
  const deadline = Date.now() + timeoutMs
  while (run.status === 'running') {
    if (Date.now() > deadline) {
      out(`The run ${run.runId} did not finish within ${timeoutMs / 1000} s.`)
      return 1
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
    const read = await request(base, `/sandbox/certification/runs/${run.runId}`, { token, lang })
    if (read.status !== 200) {
      out(`Cannot read the run: ${problem(read)}`)
      return 2
    }
    run = read.body
  }
  if (values.json) out(JSON.stringify(run, null, 2))
  else print(run, out)
  if (run.status === 'passed' && values.report) {
    const report = await request(base, `/sandbox/certification/runs/${run.runId}/report`, { token })
    try {
      writeFileSync(values.report, `${JSON.stringify(report.body, null, 2)}\n`)
    } catch (error) {
      throw new FileProblem(`Cannot write the report to ${values.report}: ${(error as Error).message}`)
    }
    out(`Signed report written to ${values.report}`)
  }
  return run.status === 'passed' ? 0 : 1
}
