#!/usr/bin/env node
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { codeCacheState, saveCodeCache } from './cli/code-cache.ts'
import { ConfigError, loadConfig } from './platform/config.ts'
import { packageVersion } from './platform/package-root.ts'
import { startServer } from './app/server.ts'

const USAGE = `Usage: mortgage-sandbox <command>

Commands:
  serve     run the sandbox (default); configuration from the environment (docs/configuration.md)
  verify    verify Pact contracts against the sandbox (mortgage-sandbox verify --help)
  partners  the operator's side of a hosted sandbox: list, create, suspend, resume, delete, invite (mortgage-sandbox partners --help)
  certify   certify your integration on a sandbox; exits 1 on a failed check (mortgage-sandbox certify --help)
  listen    receive your notifications on this machine, forwarded to a local address (mortgage-sandbox listen --help)
  trigger   make the sandbox send one real notification of a type (mortgage-sandbox trigger --help)
  scenarios your partner's own scenarios as files: push or pull a folder (mortgage-sandbox scenarios --help)
  backup    a checked copy of the database, safe while the server runs (mortgage-sandbox backup --to FILE)
  restore   a backup into an empty data folder, before the server starts (mortgage-sandbox restore --from FILE)
  openapi   print the bank's OpenAPI document (--sandbox: the sandbox's own)
  asyncapi  print the AsyncAPI document of the callbacks (--url <public URL>: the server it names)
  code-cache start once on a throw-away database and keep the compiled code, so later starts are faster (image builds run it)
  version   print the sandbox's version (what GET /v1/health/version answers; verify publishes it)`

async function serveCommand() {
  const sandbox = await startServer(loadConfig())
  const stop = (signal: string) => {
    sandbox.logger.info('stopping', { signal })
    // Exit once the last log line is written: stdout may be a pipe that writes asynchronously.
    void sandbox.close().then(() => process.stdout.write('', () => process.exit(0)))
  }
  process.once('SIGTERM', () => stop('SIGTERM'))
  process.once('SIGINT', () => stop('SIGINT'))
}

async function openapiCommand() {
  const { openApiDocuments } = await import('./app/openapi-document.ts')
  const { bank, sandbox } = openApiDocuments()
  process.stdout.write(JSON.stringify(process.argv.includes('--sandbox') ? sandbox : bank, null, 2) + '\n')
}

async function verifyCommand(args: string[]) {
  // Loaded on demand: serve does not pay for the Pact core.
  const { runVerify } = await import('./cli/verify/verify-command.ts')
  process.exitCode = await runVerify(args)
}

async function partnersCommand(args: string[]) {
  const { runPartnersCommand } = await import('./cli/commands/partners.ts')
  process.exitCode = await runPartnersCommand(args)
}

async function certifyCommand(args: string[]) {
  const { runCertifyCommand } = await import('./cli/commands/certify.ts')
  process.exitCode = await runCertifyCommand(args)
}

async function listenCommand(args: string[]) {
  const { runListenCommand } = await import('./cli/commands/listen.ts')
  process.exitCode = await runListenCommand(args)
}

async function triggerCommand(args: string[]) {
  const { runTriggerCommand } = await import('./cli/commands/trigger.ts')
  process.exitCode = await runTriggerCommand(args)
}

async function asyncapiCommand(args: string[]) {
  const { asyncApiDocumentText } = await import('./app/openapi-document.ts')
  const at = args.indexOf('--url')
  process.stdout.write(asyncApiDocumentText(at >= 0 ? args[at + 1] : undefined) + '\n')
}

async function scenariosCommand(args: string[]) {
  const { runScenariosCommand } = await import('./cli/commands/scenarios.ts')
  process.exitCode = await runScenariosCommand(args)
}

async function backupCommand(args: string[]) {
  const { runBackupCommand } = await import('./cli/commands/backup.ts')
  process.exitCode = await runBackupCommand(args)
}

async function restoreCommand(args: string[]) {
  const { runRestoreCommand } = await import('./cli/commands/backup.ts')
  process.exitCode = await runRestoreCommand(args)
}

async function codeCacheCommand() {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-code-cache-'))
  try {
    const sandbox = await startServer(loadConfig({ ...process.env, SANDBOX_DB: join(dir, 'sandbox.db'), HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn' }))
    // One answer, so the request path's code is compiled too.
    await (await fetch(`${sandbox.url}/v1/health`)).arrayBuffer()
    const file = saveCodeCache()
    await sandbox.close()
    process.stdout.write(file ? `code cache written: ${file}\n` : `no code cache written (${codeCacheState() ?? 'not run from the bundle'})\n`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main(argv: string[]) {
  const [command = 'serve', ...args] = argv
  switch (command) {
    case 'serve':
      return serveCommand()
    case 'verify':
      return verifyCommand(args)
    case 'partners':
      return partnersCommand(args)
    case 'certify':
      return certifyCommand(args)
    case 'listen':
      return listenCommand(args)
    case 'trigger':
      return triggerCommand(args)
    case 'asyncapi':
      return asyncapiCommand(args)
    case 'scenarios':
      return scenariosCommand(args)
    case 'backup':
      return backupCommand(args)
    case 'restore':
      return restoreCommand(args)
    case 'openapi':
      return openapiCommand()
    case 'code-cache':
      return codeCacheCommand()
    case 'version':
    case '--version':
      process.stdout.write(packageVersion() + '\n')
      return
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(USAGE + '\n')
      return
    default:
      process.stderr.write(`Unknown command "${command}".\n\n${USAGE}\n`)
      process.exitCode = 2
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error)
  process.stderr.write(`mortgage-sandbox: ${message}\n`)
  process.exit(1)
})
