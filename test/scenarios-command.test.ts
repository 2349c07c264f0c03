import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runScenariosCommand } from '../src/cli/commands/scenarios.ts'
import { PARTNER_A } from './support/test-app.ts'
import { listenOnLoopback } from './support/listening-app.ts'
import { tempDir } from './support/temp-dir.ts'
import { createTestSandbox, type TestSandbox } from './support/test-app.ts'

let s: TestSandbox
let server: Awaited<ReturnType<typeof listenOnLoopback>>
let url: string
let dir: string

beforeAll(async () => {
  s = await createTestSandbox()
  server = await listenOnLoopback(s.app)
  url = server.url
  dir = tempDir('scenarios-command')
})
afterAll(() => server.close())

/** Runs `mortgage-sandbox scenarios …` against the listening sandbox: what it printed and its exit code. */
async function scenarios(env: Record<string, string>, ...argv: string[]) {
  const lines: string[] = []
  const code = await runScenariosCommand(argv, { SANDBOX_URL: url, ...env }, (line) => lines.push(line))
  return { code, text: lines.join('\n') }
}
const asAdmin = { SANDBOX_USERNAME: 'broker-a', SANDBOX_PASSWORD: 'sandbox' }

const documentOf = (name: string, ms: number) => ({
  name,
  description: { 'pt-PT': `Lento ${ms}`, en: `Slow ${ms}` },
  triggers: { header: true, magicValues: [] },
  effects: [{ type: 'latency', ms }],
})

describe('mortgage-sandbox scenarios', () => {
  it('pushes a folder, replaces and prunes on a second push, and pulls back the same documents', async () => {
    const source = join(dir, 'source')
    mkdirSync(source)
    writeFileSync(join(source, 'slow-one.json'), JSON.stringify(documentOf('slow-one', 1)))
    writeFileSync(join(source, 'slow-two.json'), JSON.stringify(documentOf('slow-two', 2)))
    const first = await scenarios(asAdmin, 'push', '--dir', source)
    expect([first.code, first.text]).toEqual([0, expect.stringMatching(/created\s+slow-one[\s\S]*created\s+slow-two/)])

    // The folder changed: one replaced, one gone, one new; --prune deletes the one no longer there.
    writeFileSync(join(source, 'slow-one.json'), JSON.stringify(documentOf('slow-one', 10)))
    writeFileSync(join(source, 'slow-two.json'), '')
    writeFileSync(join(source, 'slow-three.json'), JSON.stringify({ ...documentOf('slow-three', 3), name: undefined }))
    const unreadable = await scenarios(asAdmin, 'push', '--dir', source)
    expect([unreadable.code, unreadable.text]).toEqual([2, expect.stringContaining('slow-two.json')])
    writeFileSync(join(source, 'slow-two.json'), '{}')
    const second = await scenarios(asAdmin, 'push', '--dir', source, '--prune')
    expect(second.code, second.text).toBe(1)
    expect(second.text).toMatch(/replaced\s+slow-one/)
    expect(second.text).toMatch(/created\s+slow-three/)
    expect(second.text).toMatch(/REFUSED\s+slow-two\s+\(slow-two\.json\): HTTP 400\n\s+description: 010101 Missing required field/)
    // A refused file is not absent: its scenario stays.
    expect(second.text).not.toMatch(/deleted\s+slow-two/)
    writeFileSync(join(source, 'slow-two.json'), JSON.stringify(documentOf('slow-two', 2)))
    expect((await scenarios(asAdmin, 'push', '--dir', join(source), '--prune')).code).toBe(0)

    // A token instead of a login; pull writes each of the partner's own, the sandbox's none.
    const target = join(dir, 'target')
    const pulled = await scenarios({ SANDBOX_TOKEN: s.tokens.a2 }, 'pull', '--dir', target)
    expect(pulled.code, pulled.text).toBe(0)
    expect(readdirSync(target).sort()).toEqual(['slow-one.json', 'slow-three.json', 'slow-two.json'])
    for (const file of readdirSync(target)) {
      const expected = JSON.parse(readFileSync(join(source, file), 'utf8'))
      expect(JSON.parse(readFileSync(join(target, file), 'utf8'))).toEqual({ ...expected, name: file.replace('.json', '') })
    }
    expect(s.services.scenarios.get(PARTNER_A, 'slow-one')?.effects).toEqual([{ type: 'latency', ms: 10 }])

    // Pruning a folder with none of them deletes them all.
    const empty = join(dir, 'empty')
    mkdirSync(empty)
    const pruned = await scenarios(asAdmin, 'push', '--dir', empty, '--prune')
    expect([pruned.code, pruned.text.split('\n')]).toEqual([0, ['deleted   slow-one', 'deleted   slow-three', 'deleted   slow-two']])
  })

  it('exits 1 when a user who does not administer the partner pushes, and 2 without credentials or a folder', async () => {
    const source = join(dir, 'not-admin')
    mkdirSync(source)
    writeFileSync(join(source, 'x.json'), JSON.stringify(documentOf('not-admin', 1)))
    const refused = await scenarios({ SANDBOX_USERNAME: 'broker-a2', SANDBOX_PASSWORD: 'sandbox' }, 'push', '--dir', source)
    expect([refused.code, refused.text]).toEqual([1, expect.stringContaining('HTTP 403')])
    expect((await scenarios({}, 'pull', '--dir', source)).code).toBe(2)
    expect((await scenarios(asAdmin, 'pull')).code).toBe(2)
  })
})
