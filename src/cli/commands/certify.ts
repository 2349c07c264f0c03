import { readFileSync, writeFileSync } from 'node:fs'
import { commandLogin, LOGIN_OPTIONS, logIn, missingCredentials, parseCommand } from '../command-login.ts'
import { verifyReport, type SignedReport } from '../../modules/certification/index.ts'

const USAGE = `Usage: mortgage-sandbox certify [options]

Runs a certification of your integration on a sandbox (hosted or local) and prints each check with
its evidence and advice. Exit code: 0 when every check passed, 1 when one failed or was not
exercised, 2 on bad usage or when the sandbox cannot be reached.

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
  'check-report': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

interface Check {
  id: string
  name: string
  status: string
  evidence: Array<{ text: string; requestId?: string; notificationId?: string }>
  advice: string | null
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
  window: { from: string; to: string | null }
  checks: Check[]
  checksLeftOut?: Array<{ id: string; name: string }>
}

function print(run: PrintedRun, out: (line: string) => void) {
  out(`Certification run ${run.runId}: ${run.status.toUpperCase()} (journal ${run.window.from} to ${run.window.to ?? 'now'})`)
  // A run of some checks says so first: a PASSED of 16 is not a PASSED of all 17.
  if (run.summary) out(`  ${run.summary}`)
  for (const check of run.checks) {
    out(`  ${MARK[check.status] ?? check.status}  ${check.id}  ${check.name}`)
    if (check.status === 'passed') continue
    for (const e of check.evidence.slice(0, 4)) out(`        ${e.text}${e.requestId ? ` [request ${e.requestId}]` : ''}${e.notificationId ? ` [webhook-id ${e.notificationId}]` : ''}`)
    if (check.advice) out(`        -> ${check.advice}`)
  }
  for (const check of run.checksLeftOut ?? []) out(`  LEFT OUT  ${check.id}  ${check.name}`)
}

/** A local file's failure, told apart from the sandbox being unreachable. */
class FileProblem extends Error {}

type ReportBody = { runId: string; partnerUniqueID: string; checks: unknown[]; checksInAll?: number; checksLeftOut?: string[] }

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
  const { checks, checksInAll, checksLeftOut } = signed.report
  const leftOut = checksLeftOut && checksLeftOut.length > 0 ? ` of ${checksInAll ?? checks.length + checksLeftOut.length}; left out: ${checksLeftOut.join(', ')}` : ''
  out(`VALID: run ${signed.report.runId} of partner ${signed.report.partnerUniqueID}, ${checks.length} checks passed${leftOut}, signed by key ${key.body.keyId}.`)
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
    const lang = values.lang ?? 'en'
    const timeoutMs = Number(values.timeout ?? 600) * 1000
    const login = await logIn(base, credentials.username!, credentials.password!)
    if (login.accessToken === undefined) {
      out(`Login refused: ${problem(login)}`)
      return 2
    }
    const token = login.accessToken
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
  } catch (error) {
    out(error instanceof FileProblem ? error.message : `Cannot reach the sandbox at ${base}: ${(error as Error).message}`)
    return 2
  }
}
