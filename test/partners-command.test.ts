import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runPartnersCommand } from '../src/cli/commands/partners.ts'
import { OPERATOR_TOKEN } from './modules/partners/partner-support.ts'
import { createTestSandbox, type TestSandbox } from './support/test-app.ts'

let s: TestSandbox
let server: ServerType
let url: string

beforeAll(async () => {
  s = await createTestSandbox({ operatorToken: OPERATOR_TOKEN })
  server = await new Promise<ServerType>((resolve) => {
    const listening = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening))
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  url = `http://127.0.0.1:${address.port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Runs `mortgage-sandbox partners …` against the listening sandbox; what it printed and its exit code. */
async function partners(...argv: string[]) {
  let stdout = ''
  let stderr = ''
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true))
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true))
  try {
    const code = await runPartnersCommand(argv, { SANDBOX_URL: url, SANDBOX_OPERATOR_TOKEN: OPERATOR_TOKEN })
    return { code, stdout, stderr }
  } finally {
    out.mockRestore()
    err.mockRestore()
  }
}

describe('mortgage-sandbox partners', () => {
  it('creates a partner whose printed credentials log in, and lists it', async () => {
    const created = await partners('create', '--name', 'Casa do Terminal', '--email', 'dev@terminal.example')
    expect(created.code, created.stderr).toBe(0)
    const credentials = JSON.parse(created.stdout) as { partnerUniqueID: string; username: string; password: string }
    expect(await s.login(credentials.username, credentials.password)).toMatch(/^ey/)

    const listed = await partners('list')
    expect(listed.code).toBe(0)
    const line = listed.stdout.split('\n').find((l) => l.startsWith(credentials.partnerUniqueID))
    expect(line).toMatch(/active\s+operator\s+1\s+0\s+0\s+Casa do Terminal$/)
    expect(listed.stdout.split('\n')[0]).toMatch(/^PARTNER\s+STATUS\s+ORIGIN\s+USERS\s+SIMULATIONS\s+PROCESSES\s+NAME$/)
  })

  it('suspends a partner so its logins stop, and resumes it', async () => {
    const created = JSON.parse((await partners('create', '--name', 'Suspensa', '--email', 'dev@suspensa.example')).stdout)
    const token = await s.login(created.username, created.password)

    expect((await partners('suspend', created.partnerUniqueID, '--reason', 'unpaid onboarding')).code).toBe(0)
    const refused = await s.call('GET', '/v1/simulations', { token })
    expect(refused.status).toBe(401)
    expect(refused.json.errors[0].errorCode).toBe('010508')

    expect((await partners('resume', created.partnerUniqueID)).code).toBe(0)
    expect((await s.call('GET', '/v1/simulations', { token })).status).toBe(200)
  })

  it('deletes a partner only when confirmed with --yes', async () => {
    const created = JSON.parse((await partners('create', '--name', 'Apagada', '--email', 'dev@apagada.example')).stdout)

    await expect(partners('delete', created.partnerUniqueID)).rejects.toThrow(/--yes/)
    const deleted = await partners('delete', created.partnerUniqueID, '--yes')
    expect(deleted.code, deleted.stderr).toBe(0)
    expect((await partners('list')).stdout).not.toContain(created.partnerUniqueID)
  })

  it('prints an invitation code once and lists the invitation without it', async () => {
    const invited = await partners('invite', '--note', 'Banco Parceiro', '--days', '3')
    expect(invited.code).toBe(0)
    const { invitationCode } = JSON.parse(invited.stdout) as { invitationCode: string }
    expect(invitationCode.length).toBeGreaterThan(10)

    const listed = await partners('invitations')
    expect(listed.stdout).toContain('Banco Parceiro')
    expect(listed.stdout).not.toContain(invitationCode)
  })

  it('exits 1 with the error body on a refusal, and 2 without a token or with an unknown command', async () => {
    const unknown = await partners('resume', '00000000-0000-0000-0000-000000000000')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/404 \d{6} /)

    expect(await runPartnersCommandWithout()).toBe(2)
    expect((await partners('promote')).code).toBe(2)
  })
})

async function runPartnersCommandWithout() {
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
  try {
    return await runPartnersCommand(['list'], { SANDBOX_URL: url })
  } finally {
    err.mockRestore()
  }
}
