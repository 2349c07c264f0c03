import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Metrics } from '../../common/metrics.ts'
import { backupDatabase, type BackupResult } from '../../db/backup.ts'
import type { Logger } from '../../platform/logger.ts'

export interface BackupSettings {
  /** SANDBOX_BACKUP_EVERY_MINUTES; 0: no scheduled backups. */
  everyMinutes: number
  /** SANDBOX_BACKUP_KEEP: the newest backups kept, older ones removed. */
  keep: number
  /** SANDBOX_BACKUP_DIR. */
  dir: string
}

const NAME = /^sandbox-\d{8}T\d{6}(\d{3})?Z\.db$/

/** `sandbox-20250101T120000123Z.db`: sorts by time as text. */
export const backupName = (at: Date) => `sandbox-${at.toISOString().replace(/[-:.]/g, '')}.db`

/**
 * The server's own backups (docs/operating.md "Backups"): every `everyMinutes`, a checked copy into
 * `dir` (backupDatabase), then the oldest beyond `keep` removed. One at a time: a backup still
 * running when the next is due makes that one skip.
 */
export function createBackupSchedule(deps: { dbPath: string; settings: BackupSettings; logger: Logger; metrics: Metrics; now: () => Date }) {
  const { settings, logger, metrics } = deps
  let timer: NodeJS.Timeout | undefined
  let running: Promise<BackupResult | undefined> | undefined

  async function backUp(): Promise<BackupResult | undefined> {
    const started = performance.now()
    try {
      const result = await backupDatabase(deps.dbPath, join(settings.dir, backupName(deps.now())))
      metrics.backup('ok', result.ms / 1000, result.bytes)
      logger.info('backup written', { file: result.file, bytes: result.bytes, ms: Math.round(result.ms) })
      prune()
      return result
    } catch (error) {
      metrics.backup('failed', (performance.now() - started) / 1000, 0)
      logger.error('backup failed', { error: error instanceof Error ? error.message : String(error) })
      return undefined
    }
  }

  function prune(): void {
    const kept = readdirSync(settings.dir)
      .filter((name) => NAME.test(name))
      .sort()
    for (const name of kept.slice(0, Math.max(0, kept.length - settings.keep))) rmSync(join(settings.dir, name), { force: true })
  }

  return {
    /** Whether the server backs itself up (a file database and an interval). */
    enabled: settings.everyMinutes > 0 && deps.dbPath !== ':memory:',
    /** One backup now, unless one is running (then that one's result). */
    run(): Promise<BackupResult | undefined> {
      return (running ??= backUp().finally(() => (running = undefined)))
    },
    start(): void {
      if (!this.enabled || timer) return
      timer = setInterval(() => void this.run(), settings.everyMinutes * 60_000)
      timer.unref()
    },
    /** No new backup; the one under way finishes. */
    async stop(): Promise<void> {
      clearInterval(timer)
      timer = undefined
      await running
    },
  }
}
