import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { runBackupCommand, runRestoreCommand } from '../../src/cli/commands/backup.ts'
import { prepareDatabase } from '../../src/app/database-setup.ts'
import { backupDatabase, integrityProblem, restoreDatabase } from '../../src/db/backup.ts'
import type { Metrics } from '../../src/common/metrics.ts'
import { NO_METRICS } from '../../src/common/metrics.ts'
import { createLogger } from '../../src/platform/logger.ts'
import { createBackupSchedule } from '../../src/modules/operations/backup-schedule.ts'
import { simulationInput } from '../modules/simulations/simulation-fixtures.ts'
import { createTestSandbox } from '../support/test-app.ts'
import { tempDir } from '../support/temp-dir.ts'

const CLIENTS = 20

describe('a backup taken while partners write', () => {
  it('restores to a database that passes integrity_check and holds every create acknowledged before the backup began', async () => {
    const dir = tempDir('backup-live')
    const dbPath = join(dir, 'data', 'sandbox.db')
    const { db } = prepareDatabase(dbPath)
    const s = await createTestSandbox({}, { db })
    const acknowledged: string[] = []
    let writing = true
    const client = async () => {
      while (writing) {
        const res = await s.call('POST', '/v1/simulations', { body: simulationInput() })
        if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`)
        acknowledged.push(res.json.additionalData.simulationUniqueID)
      }
    }
    const clients = Array.from({ length: CLIENTS }, client)
    while (acknowledged.length < 2 * CLIENTS) await new Promise((resolve) => setImmediate(resolve))

    const beforeBackup = [...acknowledged]
    const target = join(dir, 'backups', 'sandbox.db')
    const backup = backupDatabase(dbPath, target)
    // The creates go on while the copy runs.
    const result = await backup
    const duringBackup = acknowledged.length - beforeBackup.length
    writing = false
    await Promise.all(clients)
    db.close()

    expect(result.bytes).toBeGreaterThan(0)
    expect(readdirSync(join(dir, 'backups'))).toEqual(['sandbox.db'])
    const restoredPath = join(dir, 'restored', 'sandbox.db')
    restoreDatabase(target, restoredPath)
    expect(integrityProblem(restoredPath)).toBeNull()
    const restored = new Database(restoredPath, { readonly: true })
    try {
      const present = new Set(restored.prepare('SELECT simulation_unique_id FROM simulation').pluck().all() as string[])
      expect(beforeBackup.filter((id) => !present.has(id))).toEqual([])
      expect(present.size).toBeLessThanOrEqual(acknowledged.length)
    } finally {
      restored.close()
    }
    // Not a proof of anything by itself: says whether the copy overlapped the writes in this run.
    expect(duringBackup).toBeGreaterThanOrEqual(0)
  })
})

describe('backupDatabase and restoreDatabase', () => {
  it('refuses to overwrite a file, and leaves nothing behind when the source is not a database', async () => {
    const dir = tempDir('backup-refusals')
    const existing = join(dir, 'taken.db')
    writeFileSync(existing, 'mine')
    const source = join(dir, 'source.db')
    prepareDatabase(source).db.close()
    await expect(backupDatabase(source, existing)).rejects.toThrow(/never overwrites/)

    const garbage = join(dir, 'garbage.db')
    writeFileSync(garbage, 'x'.repeat(8192))
    await expect(backupDatabase(garbage, join(dir, 'out', 'copy.db'))).rejects.toThrow(/backup of .* failed/)
    expect(existsSync(join(dir, 'out', 'copy.db'))).toBe(false)
    expect(existsSync(join(dir, 'out', 'copy.db.partial'))).toBe(false)
  })

  it('restores only into an empty data folder', async () => {
    const dir = tempDir('restore-refusals')
    const source = join(dir, 'source.db')
    prepareDatabase(source).db.close()
    const backup = join(dir, 'backup.db')
    await backupDatabase(source, backup)
    writeFileSync(join(dir, 'live.txt'), 'live data')
    expect(() => restoreDatabase(backup, join(dir, 'sandbox.db'))).toThrow(/is not empty/)
    expect(() => restoreDatabase(join(dir, 'none.db'), join(dir, 'empty', 'sandbox.db'))).toThrow(/no backup/)
  })

  it('refuses a backup that fails its integrity check', () => {
    const dir = tempDir('restore-corrupt')
    const corrupt = join(dir, 'corrupt.db')
    writeFileSync(corrupt, 'SQLite format 3\0' + 'y'.repeat(4096))
    expect(() => restoreDatabase(corrupt, join(dir, 'data', 'sandbox.db'))).toThrow(/integrity check/)
    expect(existsSync(join(dir, 'data', 'sandbox.db'))).toBe(false)
  })
})

describe('the commands', () => {
  it('backup --to and restore --from round-trip the database named by SANDBOX_DB', async () => {
    const dir = tempDir('backup-cli')
    const dbPath = join(dir, 'data', 'sandbox.db')
    prepareDatabase(dbPath).db.close()
    const env = { SANDBOX_DB: dbPath }
    expect(await runBackupCommand(['--to', join(dir, 'b.db')], env)).toBe(0)
    expect(await runBackupCommand([], env)).toBe(2)
    expect(await runRestoreCommand(['--from', join(dir, 'b.db')], { SANDBOX_DB: join(dir, 'new', 'sandbox.db') })).toBe(0)
    expect(integrityProblem(join(dir, 'new', 'sandbox.db'))).toBeNull()
  })

  it("needs only SANDBOX_DB, not a hosted server's secrets, so it runs beside the server", async () => {
    const dir = tempDir('backup-hosted')
    const dbPath = join(dir, 'data', 'sandbox.db')
    prepareDatabase(dbPath).db.close()
    const hosted = { SANDBOX_DB: dbPath, SANDBOX_MODE: 'hosted' }
    expect(await runBackupCommand(['--to', join(dir, 'b.db')], hosted)).toBe(0)
    expect(await runRestoreCommand(['--from', join(dir, 'b.db')], { ...hosted, SANDBOX_DB: join(dir, 'new', 'sandbox.db') })).toBe(0)
    expect(integrityProblem(join(dir, 'new', 'sandbox.db'))).toBeNull()
  })
})

describe('the scheduled backups', () => {
  it('keep the newest SANDBOX_BACKUP_KEEP and report each to the metrics', async () => {
    const dir = tempDir('backup-schedule')
    const dbPath = join(dir, 'sandbox.db')
    prepareDatabase(dbPath).db.close()
    const reported: string[] = []
    const metrics: Metrics = { ...NO_METRICS, backup: (outcome) => reported.push(outcome) }
    let at = Date.parse('2025-01-01T00:00:00Z')
    const schedule = createBackupSchedule({
      dbPath,
      settings: { everyMinutes: 60, keep: 2, dir: join(dir, 'backups') },
      logger: createLogger('silent'),
      metrics,
      now: () => new Date((at += 60_000)),
    })
    for (let i = 0; i < 3; i += 1) expect(await schedule.run()).toBeDefined()
    expect(readdirSync(join(dir, 'backups'))).toEqual(['sandbox-20250101T000200000Z.db', 'sandbox-20250101T000300000Z.db'])
    expect(reported).toEqual(['ok', 'ok', 'ok'])
    await schedule.stop()
  })
})
