import { parseArgs } from 'node:util'

const USAGE = `Usage: mortgage-sandbox partners <command> [options]

The operator's side of a hosted sandbox, through its operator API.

Commands:
  list                                   every partner, with its status and what it stores
  create --name <name> --email <email>   a partner, its first broker and administrator (prints the password once)
  suspend <partnerUniqueID> [--reason <text>]
  resume <partnerUniqueID>
  delete <partnerUniqueID> --yes         the partner and all its data
  invite [--note <text>] [--days <n>]    an invitation code for sign-up (prints it once)
  invitations                            the invitations, without their codes

Options:
  --url <url>              the sandbox (default: $SANDBOX_URL, else http://localhost:8080)
  --operator-token <token> the operator token (default: $SANDBOX_OPERATOR_TOKEN)
  --json                   print the answer as JSON`

interface Answer {
  status: number
  body: any
}

async function call(base: string, token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(new URL(path, base), {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}

const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/** Runs the partners command; resolves with the exit code. */
export async function runPartnersCommand(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      'operator-token': { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      reason: { type: 'string' },
      note: { type: 'string' },
      days: { type: 'string' },
      yes: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const [command, id] = positionals
  if (values.help || !command) {
    process.stdout.write(USAGE + '\n')
    return command || values.help ? 0 : 2
  }
  const base = values.url ?? env.SANDBOX_URL ?? 'http://localhost:8080'
  const token = values['operator-token'] ?? env.SANDBOX_OPERATOR_TOKEN
  if (!token) {
    process.stderr.write('mortgage-sandbox partners: the operator token is missing (--operator-token or SANDBOX_OPERATOR_TOKEN)\n')
    return 2
  }
  const needId = () => {
    if (!id) throw new Error(`"${command}" needs a partnerUniqueID`)
    return encodeURIComponent(id)
  }
  let answer: Answer
  switch (command) {
    case 'list':
      answer = await call(base, token, 'GET', '/sandbox/operator/partners')
      break
    case 'create':
      if (!values.name || !values.email) throw new Error('"create" needs --name and --email')
      answer = await call(base, token, 'POST', '/sandbox/operator/partners', { partnerName: values.name, contactEmail: values.email })
      break
    case 'suspend':
      answer = await call(base, token, 'POST', `/sandbox/operator/partners/${needId()}/suspend`, values.reason ? { reason: values.reason } : {})
      break
    case 'resume':
      answer = await call(base, token, 'POST', `/sandbox/operator/partners/${needId()}/resume`)
      break
    case 'delete':
      if (!values.yes) throw new Error('"delete" removes the partner and all its data: confirm with --yes')
      answer = await call(base, token, 'DELETE', `/sandbox/operator/partners/${needId()}`)
      break
    case 'invite':
      answer = await call(base, token, 'POST', '/sandbox/operator/invitations', {
        ...(values.note ? { note: values.note } : {}),
        ...(values.days ? { expiresInDays: Number(values.days) } : {}),
      })
      break
    case 'invitations':
      answer = await call(base, token, 'GET', '/sandbox/operator/invitations')
      break
    default:
      process.stderr.write(`Unknown partners command "${command}".\n\n${USAGE}\n`)
      return 2
  }
  if (answer.status >= 400) {
    const errors = (answer.body?.errors ?? []) as Array<{ errorCode: string; errorMessage: string }>
    process.stderr.write(`mortgage-sandbox partners: ${answer.status} ${errors.map((e) => `${e.errorCode} ${e.errorMessage}`).join('; ') || JSON.stringify(answer.body)}\n`)
    return 1
  }
  if (values.json || command !== 'list') process.stdout.write(JSON.stringify(answer.body, null, 2) + '\n')
  else {
    const rows = (
      answer.body.partnerList as Array<{ partnerUniqueID: string; name: string; status: string; origin: string; users: number; usage: { simulations: number; processes: number } }>
    ).map((p) => [p.partnerUniqueID, p.status, p.origin, String(p.users), String(p.usage.simulations), String(p.usage.processes), p.name])
    process.stdout.write(table([['PARTNER', 'STATUS', 'ORIGIN', 'USERS', 'SIMULATIONS', 'PROCESSES', 'NAME'], ...rows]) + '\n')
  }
  return 0
}
