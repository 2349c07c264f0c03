import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { commandLogin, LOGIN_OR_TOKEN_OPTIONS, logIn, missingCredentials, parseCommand, type CommandLogin, type LoginAnswer } from '../command-login.ts'

const USAGE = `Usage: mortgage-sandbox scenarios <push|pull> --dir <folder> [options]

Your partner's own scenarios as files, one scenario document per <name>.json (the format of the
sandbox's scenario files; GET /sandbox/scenarios lists the effects).

  push   creates or replaces each *.json of the folder (PUT /sandbox/scenarios/<name>); an
         administrator of the partner's. With --prune, deletes the partner's scenarios the folder
         does not have.
  pull   writes each of the partner's own scenarios as <name>.json into the folder.

Exit code: 0 when every scenario went through, 1 when one was refused (each refusal is printed
with its fields), 2 on bad usage or when the sandbox cannot be reached.

Options:
  --dir <folder>         the folder of scenario files (required)
  --prune                push: delete the partner's scenarios absent from the folder
  --url <url>            the sandbox (default: $SANDBOX_URL, else http://localhost:8080)
  --token <token>        an access token of a user of your partner (default: $SANDBOX_TOKEN)
  --username <name>      else log in as this user (default: $SANDBOX_USERNAME)
  --password <password>  its password (default: $SANDBOX_PASSWORD)
  --lang <pt-PT|en>      the language of the refusals (default: en)`

export const SCENARIOS_OPTIONS = {
  dir: { type: 'string' },
  prune: { type: 'boolean' },
  ...LOGIN_OR_TOKEN_OPTIONS,
  lang: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

/** A problem that ends the command with exit code 2: bad usage, a folder, a login, the sandbox unreachable. */
class Stop extends Error {}

interface Answer {
  status: number
  body: any
}

function client(base: string, lang: string) {
  return async (path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<Answer> => {
    let res: Response
    try {
      res = await fetch(new URL(path, base), {
        method: init.method ?? 'GET',
        headers: {
          Accept: 'application/json',
          'Accept-Language': lang,
          ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      })
    } catch (error) {
      throw new Stop(`Cannot reach the sandbox at ${base}: ${(error as Error).message}`)
    }
    const text = await res.text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = text
    }
    return { status: res.status, body }
  }
}

const problem = (answer: Answer) =>
  `HTTP ${answer.status}${answer.body?.errors ? `\n${answer.body.errors.map((e: any) => `    ${e.errorField || '(request)'}: ${e.errorCode} ${e.errorMessage}`).join('\n')}` : ''}`

/** The token: given, or from a login with the username and password. */
async function tokenOf(base: string, credentials: CommandLogin): Promise<string> {
  const missing = missingCredentials(credentials, true)
  if (missing) throw new Stop(`${missing}\n\n${USAGE}`)
  if (credentials.token) return credentials.token
  let login: LoginAnswer
  try {
    login = await logIn(base, credentials.username!, credentials.password!)
  } catch (error) {
    throw new Stop(`Cannot reach the sandbox at ${base}: ${(error as Error).message}`)
  }
  if (login.accessToken === undefined) throw new Stop(`Login refused: ${problem(login)}`)
  return login.accessToken
}

/** The names of the partner's own scenarios. */
async function ownNames(call: ReturnType<typeof client>, token: string): Promise<string[]> {
  const list = await call('/sandbox/scenarios', { token })
  if (list.status !== 200) throw new Stop(`Cannot list the scenarios: ${problem(list)}`)
  return (list.body.scenarioList as Array<{ name: string; owner: string }>).filter((s) => s.owner === 'partner').map((s) => s.name)
}

function readFolder(dir: string): Array<{ file: string; name: string; document: unknown }> {
  let files: string[]
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
      .sort()
  } catch (error) {
    throw new Stop(`Cannot read the folder ${dir}: ${(error as Error).message}`)
  }
  return files.map((file) => {
    let document: unknown
    try {
      document = JSON.parse(readFileSync(join(dir, file), 'utf8'))
    } catch (error) {
      throw new Stop(`Cannot read ${join(dir, file)}: ${(error as Error).message}`)
    }
    // The file's own name, else the file name's: the sandbox refuses a name that is not kebab-case.
    const named = (document as { name?: unknown } | null)?.name
    return { file, name: typeof named === 'string' ? named : file.replace(/\.json$/, ''), document }
  })
}

async function push(call: ReturnType<typeof client>, token: string, dir: string, prune: boolean, out: (line: string) => void): Promise<number> {
  const files = readFolder(dir)
  let refused = 0
  for (const { file, name, document } of files) {
    const answer = await call(`/sandbox/scenarios/${encodeURIComponent(name)}`, { method: 'PUT', token, body: document })
    if (answer.status === 200 || answer.status === 201) out(`${answer.status === 201 ? 'created ' : 'replaced'}  ${name}  (${file})`)
    else {
      refused += 1
      out(`REFUSED   ${name}  (${file}): ${problem(answer)}`)
    }
  }
  if (prune) {
    const kept = new Set(files.map((f) => f.name))
    for (const name of await ownNames(call, token)) {
      if (kept.has(name)) continue
      const answer = await call(`/sandbox/scenarios/${encodeURIComponent(name)}`, { method: 'DELETE', token })
      if (answer.status === 200) out(`deleted   ${name}`)
      else {
        refused += 1
        out(`REFUSED   delete ${name}: ${problem(answer)}`)
      }
    }
  }
  return refused === 0 ? 0 : 1
}

async function pull(call: ReturnType<typeof client>, token: string, dir: string, out: (line: string) => void): Promise<number> {
  try {
    mkdirSync(dir, { recursive: true })
  } catch (error) {
    throw new Stop(`Cannot create the folder ${dir}: ${(error as Error).message}`)
  }
  for (const name of await ownNames(call, token)) {
    const answer = await call(`/sandbox/scenarios/${encodeURIComponent(name)}`, { token })
    if (answer.status !== 200) throw new Stop(`Cannot read the scenario ${name}: ${problem(answer)}`)
    const file = join(dir, `${name}.json`)
    try {
      writeFileSync(file, `${JSON.stringify(answer.body.scenario, null, 2)}\n`)
    } catch (error) {
      throw new Stop(`Cannot write ${file}: ${(error as Error).message}`)
    }
    out(`wrote     ${file}`)
  }
  return 0
}

/** The scenarios command; resolves with the exit code. */
export async function runScenariosCommand(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  const parsed = parseCommand(argv, SCENARIOS_OPTIONS, USAGE, out, true)
  if (typeof parsed === 'number') return parsed
  const { values, positionals } = parsed
  const [action] = positionals
  if ((action !== 'push' && action !== 'pull') || positionals.length !== 1 || !values.dir) {
    out(USAGE)
    return 2
  }
  const credentials = commandLogin(values, env, true)
  const call = client(credentials.url, values.lang ?? 'en')
  try {
    const token = await tokenOf(credentials.url, credentials)
    return action === 'push' ? await push(call, token, values.dir, values.prune === true, out) : await pull(call, token, values.dir, out)
  } catch (error) {
    if (!(error instanceof Stop)) throw error
    out(error.message)
    return 2
  }
}
