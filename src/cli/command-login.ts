import { parseArgs, type ParseArgsConfig } from 'node:util'

/** Where a command finds the sandbox when neither `--url` nor SANDBOX_URL says. */
export const DEFAULT_SANDBOX_URL = 'http://localhost:8080'

/** The flags of a command that logs in as a user of the partner: `--url`, `--username`, `--password`. */
export const LOGIN_OPTIONS = {
  url: { type: 'string' },
  username: { type: 'string' },
  password: { type: 'string' },
} as const

/** Those, and `--token` for a command that also takes a bearer token instead of a password. */
export const LOGIN_OR_TOKEN_OPTIONS = { ...LOGIN_OPTIONS, token: { type: 'string' } } as const

/** Where the sandbox is and who logs in, flags first, then the environment. */
export interface CommandLogin {
  url: string
  /** A bearer token given (`--token`, SANDBOX_TOKEN); only for a command that takes one. */
  token: string | undefined
  username: string | undefined
  password: string | undefined
}

type LoginValues = { url?: string | undefined; username?: string | undefined; password?: string | undefined; token?: string | undefined }

/** Parsed arguments, or the exit code when they are bad (2, usage printed) or `--help` asked (0). */
export function parseCommand<const Options extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: Options,
  usage: string,
  out: (line: string) => void,
  allowPositionals = false,
): ReturnType<typeof parseArgs<{ args: string[]; options: Options; allowPositionals: boolean }>> | number {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: Options; allowPositionals: boolean }>>
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals })
  } catch (error) {
    out(`${(error as Error).message}\n\n${usage}`)
    return 2
  }
  if ((parsed.values as { help?: boolean }).help) {
    out(usage)
    return 0
  }
  return parsed
}

/**
 * The sandbox and the credentials: `--url` or SANDBOX_URL, else this machine; `--username`,
 * `--password` or SANDBOX_USERNAME, SANDBOX_PASSWORD; and when the command takes one, `--token` or
 * SANDBOX_TOKEN.
 */
export function commandLogin(values: LoginValues, env: Record<string, string | undefined>, takesToken: boolean): CommandLogin {
  return {
    url: values.url ?? env.SANDBOX_URL ?? DEFAULT_SANDBOX_URL,
    token: takesToken ? (values.token ?? env.SANDBOX_TOKEN) : undefined,
    username: values.username ?? env.SANDBOX_USERNAME,
    password: values.password ?? env.SANDBOX_PASSWORD,
  }
}

/** What the command says when it cannot log in with what it was given; undefined when enough is given. */
export function missingCredentials(login: CommandLogin, takesToken: boolean): string | undefined {
  if (login.token || (login.username && login.password)) return undefined
  return takesToken
    ? '--token, or --username and --password, are required (or SANDBOX_TOKEN, or SANDBOX_USERNAME and SANDBOX_PASSWORD).'
    : '--username and --password are required (or SANDBOX_USERNAME and SANDBOX_PASSWORD).'
}

/** A fetch: the global one, or undici's with a dispatcher (a proxy) and a signal. */
export type CommandFetch = (url: URL, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{ status: number; text(): Promise<string> }>

/** Login's answer: the access token, or the status and body of a refusal. */
export type LoginAnswer =
  { accessToken: string } | { accessToken?: undefined; status: number; body: { errors?: Array<{ errorCode: string; errorField: string; errorMessage: string }> } | undefined }

/** `POST /v1/authentication` with the username and password; throws only when the sandbox cannot be reached. */
export async function logIn(url: string | URL, username: string, password: string, send: CommandFetch = fetch): Promise<LoginAnswer> {
  const res = await send(new URL('/v1/authentication', url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  const text = await res.text()
  let body: { accessToken?: unknown } | undefined
  try {
    body = text ? (JSON.parse(text) as typeof body) : undefined
  } catch {
    body = undefined
  }
  if (res.status === 200 && typeof body?.accessToken === 'string') return { accessToken: body.accessToken }
  return { status: res.status, body: body as Exclude<LoginAnswer, { accessToken: string }>['body'] }
}
