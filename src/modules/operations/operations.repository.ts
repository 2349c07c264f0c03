import type { Db } from '../../db/connection.ts'

/** What a scrape reads from the database: partners, their usage, the backlogs. */
export interface OperationsSnapshot {
  partners: Array<{ status: string; count: number }>
  /** Totals over every partner, from the usage counters the quotas keep (no table scan). */
  stored: { simulations: number; processes: number; callbackConfigurations: number; documentBytes: number; mailBytes: number; messageBytes: number; journalBytes: number }
  journalEntries: number
  outbox: { pending: number; oldestDueAt: string | null }
  jobs: { pending: number; oldestDueAt: string | null }
  migration: number
}

/**
 * Reads, for the operator's metrics and probes, the tables other modules own: each query is one
 * indexed aggregate (the pending partial indexes, the one-row-per-partner usage counters), so a
 * scrape costs a few hundred microseconds however much data the partners keep. Read only: the
 * modules stay the only writers of their tables (docs/decisions.md "Operations").
 */
export function createOperationsRepository(db: Db) {
  const partners = db.prepare<[], { status: string; count: number }>('SELECT status, COUNT(*) AS count FROM partner GROUP BY status')
  const usage = db.prepare<[], OperationsSnapshot['stored']>(`SELECT
    COALESCE(SUM(simulations), 0) AS simulations, COALESCE(SUM(processes), 0) AS processes,
    COALESCE(SUM(callback_configurations), 0) AS callbackConfigurations, COALESCE(SUM(document_bytes), 0) AS documentBytes,
    COALESCE(SUM(mail_bytes), 0) AS mailBytes, COALESCE(SUM(message_bytes), 0) AS messageBytes, COALESCE(SUM(journal_bytes), 0) AS journalBytes
    FROM partner_usage`)
  const journalEntries = db.prepare<[], number>('SELECT COUNT(*) FROM request_journal').pluck()
  const outbox = db.prepare<[], { pending: number; oldestDueAt: string | null }>(
    "SELECT COUNT(*) AS pending, MIN(next_attempt_at) AS oldestDueAt FROM notification WHERE status = 'pending'",
  )
  const jobs = db.prepare<[], { pending: number; oldestDueAt: string | null }>("SELECT COUNT(*) AS pending, MIN(due_at) AS oldestDueAt FROM sandbox_job WHERE status = 'pending'")
  const migration = db.prepare<[], number | null>('SELECT MAX(version) FROM schema_migration').pluck()
  const pageBytes = db.prepare<[], number>('SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()').pluck()

  return {
    snapshot(): OperationsSnapshot {
      return {
        partners: partners.all(),
        stored: usage.get()!,
        journalEntries: journalEntries.get()!,
        outbox: outbox.get()!,
        jobs: jobs.get()!,
        migration: migration.get() ?? 0,
      }
    },
    /** The newest migration the database records (0 before any). */
    migration: (): number => migration.get() ?? 0,
    /** The database's pages, for a database without a file (in memory). */
    pageBytes: (): number => pageBytes.get()!,
  }
}

export type OperationsRepository = ReturnType<typeof createOperationsRepository>
