import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fromRoot } from '../../../../src/platform/package-root.ts'

export interface SandboxProcess {
  url: string
  child: ChildProcess
  /** SIGKILL: no graceful stop, no chance to flush anything. */
  kill9(): Promise<void>
  stop(): Promise<void>
}

/**
 * Runs `mortgage-sandbox serve` in a child process (one process: node with the tsx loader) and waits
 * until it listens. Its passwords are hashed at the seeded users' cost, as in every other test.
 */
export async function startSandboxProcess(env: Record<string, string>): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fromRoot('src', 'cli.ts'), 'serve'], {
    cwd: fromRoot(),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SANDBOX_PASSWORD_COST: '4096', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${output}`)), 15_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const listening = output
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes('sandbox listening'))
        .map((line) => JSON.parse(line) as { msg: string; url: string })
        .find((line) => line.msg === 'sandbox listening')
      if (listening) {
        clearTimeout(timer)
        resolve(listening.url)
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`sandbox exited with ${code}:\n${output}`))
    })
  })
  const exited = () => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit').then(() => undefined))
  return {
    url,
    child,
    async kill9() {
      child.kill('SIGKILL')
      await exited()
    },
    async stop() {
      child.kill('SIGTERM')
      await exited()
    },
  }
}
