import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/platform/config.ts'
import { type RunningSandbox, startServer } from '../src/app/server.ts'

/**
 * The README's first hour, run as a partner runs it: every ```sh block of README.md, in order and as
 * written, by bash (with `set -euo pipefail`, so a failing command fails the test) in the checkout's
 * root, against a real server on a free port named by SANDBOX. Blocks that only illustrate are
 * ```console or ```text and are not run. The README's own background processes (its receiver and
 * `listen`) run in the script's process group, which the test ends whatever happened.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const README = readFileSync(join(ROOT, 'README.md'), 'utf8')

/** The ```sh blocks of a Markdown text, in order. */
function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```\s*$/gm)].map((match) => match[1]!)
}

/** The newest modification time of the files under a folder. */
function newestUnder(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => statSync(join(entry.parentPath, entry.name)).mtimeMs),
  )
}

/**
 * dist/ as `npm start` builds it: built here only when it is missing (a fresh checkout, CI). A bundle
 * older than the sources is used as it is, with a warning: rebuilding would empty dist/ under anyone
 * else running it, and fail on a source someone is halfway through editing.
 */
function ensureBuilt(): void {
  const built = (file: string) => {
    try {
      return statSync(join(ROOT, 'dist', file)).mtimeMs
    } catch {
      return undefined
    }
  }
  const [bundle, cli] = [built('app.cjs'), built('cli.js')]
  if (bundle === undefined || cli === undefined) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'pipe', timeout: 120_000 })
  } else if (Math.min(bundle, cli) < newestUnder(join(ROOT, 'src'))) {
    console.warn('readme-first-hour: dist/ is older than src/; `npm run build` runs the README against the sources as they are')
  }
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

interface Run {
  code: number | null
  stdout: string
  stderr: string
  /** What each block printed, by its index. */
  blocks: string[]
}

/** Runs the blocks as one bash script, each announced by a marker line; ends the script's process group when done. */
async function runBlocks(blocks: string[], env: Record<string, string>, timeoutMs: number): Promise<Run> {
  const script = ['set -euo pipefail', ...blocks.map((block, index) => `printf '\\n::block ${index}::\\n'\n${block}`)].join('\n')
  const file = join(env.TMPDIR!, 'first-hour.sh')
  writeFileSync(file, script)
  const child = spawn('bash', [file], { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const closed = new Promise((resolve) => child.once('close', resolve))
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  // 'exit', not 'close': a background process the script left running holds its output open.
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  clearTimeout(timer)
  try {
    process.kill(-child.pid!, 'SIGTERM') // what the script left running, if it stopped before its last block
  } catch {
    // the group is gone already: the README's last block ended its background processes
  }
  await closed
  const blocksOut: string[] = []
  for (const [, index, text] of stdout.matchAll(/::block (\d+)::\n([\s\S]*?)(?=\n::block \d+::|$)/g)) blocksOut[Number(index)] = text!
  return { code, stdout, stderr, blocks: blocksOut }
}

let sandbox: RunningSandbox
let work: string
let run: Run

beforeAll(async () => {
  for (const tool of ['bash', 'curl', 'jq']) expect(() => execFileSync('which', [tool]), `${tool} must be installed (.ci/run installs it)`).not.toThrow()
  ensureBuilt()
  sandbox = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', SANDBOX_DB: ':memory:', LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }))
  work = mkdtempSync(join(tmpdir(), 'readme-first-hour-'))
  run = await runBlocks(shellBlocks(README), { SANDBOX: sandbox.url, HOOKS_PORT: String(await freePort()), TMPDIR: work }, 120_000)
}, 300_000)

afterAll(async () => {
  await sandbox?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe("the README's first hour", () => {
  it('is a README a partner reads in ten minutes: at most 250 lines, with its blocks to run', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(250)
    expect(shellBlocks(README).length).toBeGreaterThanOrEqual(8)
  })

  it('runs every ```sh block as written, in order, without a failing command', () => {
    expect(run.code, `exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`).toBe(0)
    expect(run.blocks.length).toBe(shellBlocks(README).length)
  })

  it('logs in, reads a reference list, and starts listen with its signing secret', () => {
    expect(run.stdout).toContain('{"id":1,"description":"Purchase"}')
    expect(run.stdout).toMatch(/Ready! Your webhook signing secret is whsec_\S+/)
  })

  it('creates a simulation, reads it and downloads its ESIS', () => {
    expect(run.stdout).toMatch(/simulation [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\n/)
    expect(run.stdout).toContain('"status": "Simulated"')
    expect(run.stdout).toMatch(/ESIS: \S+\/esis\.pdf/)
  })

  it('completes a process, submits it and takes it to Approved with the clock', () => {
    expect(run.stdout).toMatch(/process [0-9a-f-]{36}, borrower [0-9a-f-]{36}, property [0-9a-f-]{36}/)
    expect(run.stdout).not.toContain('"documentUniqueID":null')
    expect(run.stdout).toContain('Submitted\n')
    expect(run.stdout).toContain('Draft → Submitted → In analysis → Approved')
  })

  it('receives every notification of the journey on the local receiver, through listen', () => {
    for (const type of ['PROCESS_CREATED', 'PROCESS_STATUS_CHANGED', 'PROCESS_DECISION', 'NEW_MESSAGE']) expect(run.stdout).toContain(`${type} {`)
  })

  it('certifies: the journey and the receiver (through listen) pass, no check fails, the go-live address still to do', () => {
    expect(run.stdout).toMatch(/PASS {2}journey-process-submitted/)
    expect(run.stdout).toMatch(/PASS {2}receiver-refuses-forgeries/)
    expect(run.stdout).toMatch(/PASS {2}journey-decision-followed/)
    expect(run.stdout).toMatch(/GO-LIVE TO DO {2}public-https-address/)
    expect(run.stdout).toMatch(/PASS {2}client-sends-accept-language/)
    expect(run.stdout).not.toMatch(/^ {2}FAIL /m)
    expect(run.stdout).toContain('certify exited 1')
  })
})
