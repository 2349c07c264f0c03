import { describe, expect, it } from 'vitest'
import { runCertifyCommand } from '../src/cli/commands/certify.ts'
import { commandLogin, DEFAULT_SANDBOX_URL, missingCredentials } from '../src/cli/command-login.ts'
import { runListenCommand } from '../src/cli/commands/listen.ts'
import { runScenariosCommand } from '../src/cli/commands/scenarios.ts'

const ENV = { SANDBOX_URL: 'https://env.example', SANDBOX_USERNAME: 'env-user', SANDBOX_PASSWORD: 'env-pass', SANDBOX_TOKEN: 'env-token' }

/** What a command prints and exits with. */
async function run(command: (argv: string[], env: Record<string, string | undefined>, out: (line: string) => void) => Promise<number>, argv: string[], env = {}) {
  const lines: string[] = []
  const code = await command(argv, env, (line) => lines.push(line))
  return { code, text: lines.join('\n') }
}

describe('commandLogin', () => {
  it('takes the flags first, then the environment, then this machine', () => {
    expect(commandLogin({}, {}, true)).toEqual({ url: DEFAULT_SANDBOX_URL, token: undefined, username: undefined, password: undefined })
    expect(commandLogin({}, ENV, true)).toEqual({ url: 'https://env.example', token: 'env-token', username: 'env-user', password: 'env-pass' })
    expect(commandLogin({ url: 'https://flag.example', username: 'u', password: 'p', token: 't' }, ENV, true)).toEqual({
      url: 'https://flag.example',
      token: 't',
      username: 'u',
      password: 'p',
    })
  })

  it('reads no token, not even SANDBOX_TOKEN, for a command that takes none', () => {
    const login = commandLogin({}, { SANDBOX_TOKEN: 'env-token' }, false)
    expect(login.token).toBeUndefined()
    expect(missingCredentials(login, false)).toMatch(/^--username and --password are required/)
    expect(missingCredentials(commandLogin({}, { SANDBOX_TOKEN: 'env-token' }, true), true)).toBeUndefined()
  })
})

describe('the commands that log in', () => {
  it.each([
    ['listen', runListenCommand, ['--url', '--username', '--password', '--token', '--forward-to', '--types']],
    ['scenarios', runScenariosCommand, ['--url', '--username', '--password', '--token', '--dir', '--prune', '--lang']],
    ['certify', runCertifyCommand, ['--url', '--username', '--password', '--checks', '--since', '--lang', '--report', '--timeout', '--json', '--check-report']],
  ] as const)('%s keeps its flags and its environment variables in its help', async (_name, command, flags) => {
    const help = await run(command, ['--help'])
    expect(help.code).toBe(0)
    for (const flag of flags) expect(help.text).toContain(`  ${flag} `)
    for (const variable of ['$SANDBOX_URL', '$SANDBOX_USERNAME', '$SANDBOX_PASSWORD']) expect(help.text).toContain(variable)
    expect(help.text.includes('$SANDBOX_TOKEN')).toBe(flags.includes('--token' as never))
  })

  it.each([
    ['listen', runListenCommand, ['--forward-to', 'http://localhost:3000/hooks']],
    ['scenarios', runScenariosCommand, ['push', '--dir', '.']],
    ['certify', runCertifyCommand, []],
  ] as const)('%s without credentials exits 2 saying what is required, before any request', async (_name, command, argv) => {
    const result = await run(command, [...argv, '--url', 'http://127.0.0.1:9'])
    expect(result.code).toBe(2)
    expect(result.text).toMatch(/^--(token, or --)?username and --password(,)? are required/)
  })

  it.each([
    ['listen', runListenCommand],
    ['scenarios', runScenariosCommand],
    ['certify', runCertifyCommand],
  ] as const)('%s refuses an unknown flag with its usage', async (_name, command) => {
    const result = await run(command, ['--nope'])
    expect(result.code).toBe(2)
    expect(result.text).toMatch(/Unknown option '--nope'[\s\S]*Usage: mortgage-sandbox/)
  })
})
