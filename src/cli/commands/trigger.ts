import { commandLogin, LOGIN_OR_TOKEN_OPTIONS, logIn, missingCredentials, parseCommand } from '../command-login.ts'

const USAGE = `Usage: mortgage-sandbox trigger <type> [--simulation ID | --process ID] [options]

Makes the sandbox send one real notification of a type (a code such as PROCESS_DECISION, or its id):
the bank's side acts on the simulation or process named, or on records the sandbox creates for it
(your broker's, counted in your quotas). It goes through the outbox like any other notification:
to the address registered for the type and to \`mortgage-sandbox listen\`, signed. Prints its id and
where it went. Exit code: 0 sent, 1 refused by the sandbox (the record's status, a quota, an unknown
id), 2 on bad usage, an unknown type, refused credentials or a sandbox out of reach.

Options:
  --simulation <id>      a simulation of your broker to make it from
  --process <id>         a process of your broker to make it from
  --url <url>            the sandbox (default: $SANDBOX_URL, else http://localhost:8080)
  --username <name>      a user of your partner (default: $SANDBOX_USERNAME)
  --password <password>  its password (default: $SANDBOX_PASSWORD)
  --token <token>        a bearer token instead of a password (default: $SANDBOX_TOKEN)
  --json                 print the sandbox's answer as JSON`

/** The options of `trigger` (the CI examples' test checks their commands against these). */
export const TRIGGER_OPTIONS = {
  ...LOGIN_OR_TOKEN_OPTIONS,
  simulation: { type: 'string' },
  process: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

interface Answer {
  status: number
  body: any
}

async function post(base: string, token: string, body: unknown): Promise<Answer> {
  const res = await fetch(new URL('/sandbox/trigger', base), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Accept-Language': 'en', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  let parsed: unknown
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    parsed = text
  }
  return { status: res.status, body: parsed }
}

const problems = (answer: Answer) =>
  Array.isArray(answer.body?.errors)
    ? answer.body.errors.map((e: { errorCode: string; errorField: string; errorMessage: string }) => `${e.errorCode} ${e.errorField}: ${e.errorMessage}`).join('; ')
    : `HTTP ${answer.status}`

/** What the sandbox answered, as lines: the notification, what was created for it, where it went. */
function describe(result: any): string[] {
  const about = result.processUniqueId ? `process ${result.processUniqueId}` : `simulation ${result.simulationUniqueId}`
  const lines = [`${result.notificationType} (${result.notificationTypeId}) ${result.notificationId} on ${about}`]
  if (result.created.length > 0) lines.push(`  created: ${result.created.map((c: { kind: string; uniqueId: string }) => `${c.kind} ${c.uniqueId}`).join(', ')}`)
  const { delivery } = result
  lines.push(
    delivery.callbackUrl
      ? `  → ${delivery.callbackUrl} (${delivery.status})`
      : `  → no address registered for type ${result.notificationTypeId} (${delivery.status}: ${delivery.statusReason ?? ''})`,
  )
  lines.push(`  → ${delivery.listeners} listener(s) of mortgage-sandbox listen connected`)
  return lines
}

/** The trigger command; resolves with the exit code. */
export async function runTriggerCommand(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  const parsed = parseCommand(argv, TRIGGER_OPTIONS, USAGE, out, true)
  if (typeof parsed === 'number') return parsed
  const { values, positionals } = parsed
  const [type, ...extra] = positionals
  if (!type || extra.length > 0) {
    out(`${type ? `One type only: ${positionals.join(' ')}` : 'The notification type is required.'}\n\n${USAGE}`)
    return 2
  }
  if (values.simulation && values.process) {
    out(`--simulation or --process, not both.\n\n${USAGE}`)
    return 2
  }
  const credentials = commandLogin(values, env, true)
  const missing = missingCredentials(credentials, true)
  if (missing) {
    out(`${missing}\n\n${USAGE}`)
    return 2
  }
  const base = credentials.url
  try {
    let token = credentials.token
    if (!token) {
      const login = await logIn(base, credentials.username!, credentials.password!)
      if (login.accessToken === undefined) {
        out(`Login refused: HTTP ${login.status}`)
        return 2
      }
      token = login.accessToken
    }
    const body = {
      notificationType: /^\d+$/.test(type) ? Number(type) : type,
      ...(values.simulation ? { simulationUniqueId: values.simulation } : {}),
      ...(values.process ? { processUniqueId: values.process } : {}),
    }
    const answer = await post(base, token, body)
    if (answer.status === 201) {
      if (values.json) out(JSON.stringify(answer.body.additionalData, null, 2))
      else for (const line of describe(answer.body.additionalData)) out(line)
      return 0
    }
    out(`The sandbox refused it: ${problems(answer)}`)
    // An unknown type is the caller's usage; the sandbox's answer lists the known ones.
    const unknownType = answer.status === 400 && answer.body?.errors?.some((e: { errorField: string }) => e.errorField === 'notificationType')
    return unknownType || answer.status === 401 ? 2 : 1
  } catch (error) {
    out(`Cannot reach the sandbox at ${base}: ${(error as Error).message}`)
    return 2
  }
}
