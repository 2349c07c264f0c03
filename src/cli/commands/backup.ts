import { parseArgs } from 'node:util'
import { envSchema } from '../../platform/config-environment.ts'
import { backupDatabase, restoreDatabase } from '../../db/backup.ts'

const BACKUP_USAGE = `Usage: mortgage-sandbox backup --to FILE

A consistent copy of the database (SANDBOX_DB), safe while the server runs on it: written beside
FILE, checked with PRAGMA integrity_check, then renamed to FILE. Never overwrites FILE. The copy keeps
the signing secrets sealed under SANDBOX_SECRETS_KEY: restoring it needs the same key.`

const RESTORE_USAGE = `Usage: mortgage-sandbox restore --from FILE

Puts a backup in place as the database (SANDBOX_DB) of a server not running: its folder must be
empty or absent. Checked with PRAGMA integrity_check before and after the copy. Start the server
with the SANDBOX_SECRETS_KEY the backup was taken under.`

function optionOf(args: string[], name: 'to' | 'from', usage: string): string | number {
  const { values } = parseArgs({ args, options: { [name]: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true })
  if (values.help) {
    process.stdout.write(usage + '\n')
    return 0
  }
  const value = values[name]
  if (typeof value !== 'string' || value === '') {
    process.stderr.write(`--${name} FILE is required.\n\n${usage}\n`)
    return 2
  }
  return value
}

/**
 * The database file, from SANDBOX_DB alone: a backup or a restore runs beside the server (in its
 * container, from a cron job) without the server's secrets, which a hosted configuration requires.
 */
const databasePathOf = (env: Record<string, string | undefined>): string => envSchema.shape.SANDBOX_DB.parse(env.SANDBOX_DB)

/** `mortgage-sandbox backup --to FILE`: exit code 0 on a checked backup, 1 on a failure, 2 on bad usage. */
export async function runBackupCommand(args: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const to = optionOf(args, 'to', BACKUP_USAGE)
  if (typeof to === 'number') return to
  const dbPath = databasePathOf(env)
  const result = await backupDatabase(dbPath, to)
  process.stdout.write(`backup of ${dbPath} written to ${result.file} (${result.bytes} bytes, integrity ok, ${Math.round(result.ms)} ms)\n`)
  return 0
}

/** `mortgage-sandbox restore --from FILE`. */
export async function runRestoreCommand(args: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const from = optionOf(args, 'from', RESTORE_USAGE)
  if (typeof from === 'number') return from
  const dbPath = databasePathOf(env)
  const result = restoreDatabase(from, dbPath)
  process.stdout.write(`restored ${from} to ${result.file} (${result.bytes} bytes, integrity ok); start the server with the SANDBOX_SECRETS_KEY of the backup\n`)
  return 0
}
