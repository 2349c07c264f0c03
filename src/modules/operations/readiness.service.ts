import { accessSync, constants } from 'node:fs'
import type { OperationsRepository } from './operations.repository.ts'

export interface ReadinessDeps {
  repository: OperationsRepository
  /** The database file (`:memory:` for none). */
  dbPath: string
  /** Whether the connection is open and writable (better-sqlite3's `open` and `readonly`). */
  connection: () => { open: boolean; readonly: boolean }
  /** The newest migration this version ships. */
  latestMigration: number
  /** Whether the background workers (callback delivery, scenario jobs, retention) run. */
  workersRunning: () => boolean
  /** Whether the server is stopping. */
  draining: () => boolean
}

export type ReadinessCheck = 'database' | 'migrations' | 'workers' | 'draining'

export interface Readiness {
  ready: boolean
  /** Each check: `ok`, or what is wrong. */
  checks: Record<ReadinessCheck, string>
}

/**
 * Whether this instance should be sent traffic (docs/operating.md "Probes"): its database answers
 * and can be written, it carries every migration this version ships, its workers run, and it is not
 * stopping. Each check is a flag or one indexed query: a probe every few seconds costs nothing.
 */
export function createReadiness(deps: ReadinessDeps) {
  const database = (): string => {
    const { open, readonly } = deps.connection()
    if (!open) return 'the database connection is closed'
    if (readonly) return 'the database is open read-only'
    if (deps.dbPath !== ':memory:') {
      try {
        accessSync(deps.dbPath, constants.W_OK)
      } catch (error) {
        return `the database file cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)})`
      }
    }
    return 'ok'
  }

  return {
    check(): Readiness {
      const db = database()
      let migrations = 'ok'
      if (db === 'ok') {
        try {
          const applied = deps.repository.migration()
          if (applied < deps.latestMigration) migrations = `migration ${deps.latestMigration} not applied (the database is at ${applied})`
        } catch (error) {
          migrations = `cannot read the applied migrations (${error instanceof Error ? error.message : String(error)})`
        }
      } else migrations = 'unknown: the database is not ready'
      const checks: Readiness['checks'] = {
        database: db,
        migrations,
        workers: deps.workersRunning() ? 'ok' : 'the background workers are not running',
        draining: deps.draining() ? 'the sandbox is stopping' : 'ok',
      }
      return { ready: Object.values(checks).every((value) => value === 'ok'), checks }
    },
  }
}

export type ReadinessService = ReturnType<typeof createReadiness>
