import type { Db } from '../../db/connection.ts'

export type RunStatus = 'running' | 'passed' | 'failed' | 'incomplete'

/** A run as stored: its results are the checks' outcomes (notes and values, rendered per language when read). */
export interface StoredRun {
  runId: string
  partnerUniqueID: string
  userId: number
  status: RunStatus
  checksAsked: string[]
  windowFrom: string
  windowTo: string | null
  startedAt: string
  finishedAt: string | null
  results: unknown[] | null
  /** The X-Sandbox-Certification value its judged requests carried (`*`: any), or null: every request of the window. */
  windowMarker: string | null
}

/** A partner's certification window: where a run without `since` starts, and the marker of the client's requests. */
export interface CertificationWindow {
  windowId: string
  userId: number
  openedAt: string
}

interface Row {
  run_id: string
  partner_unique_id: string
  user_id: number
  status: RunStatus
  checks_asked: string
  window_from: string
  window_to: string | null
  started_at: string
  finished_at: string | null
  results: string | null
  window_marker: string | null
}

const toRun = (r: Row): StoredRun => ({
  runId: r.run_id,
  partnerUniqueID: r.partner_unique_id,
  userId: r.user_id,
  status: r.status,
  checksAsked: JSON.parse(r.checks_asked) as string[],
  windowFrom: r.window_from,
  windowTo: r.window_to,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  results: r.results === null ? null : (JSON.parse(r.results) as unknown[]),
  windowMarker: r.window_marker,
})

/** The certification runs (certification_run) and each partner's window (certification_window). */
export function createCertificationRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO certification_run (run_id, partner_unique_id, user_id, status, checks_asked, window_from, started_at)
    VALUES (@runId, @partnerUniqueID, @userId, 'running', @checksAsked, @windowFrom, @startedAt)`)
  const finish = db.prepare(`UPDATE certification_run SET status = @status, window_to = @windowTo, finished_at = @finishedAt, results = @results, window_marker = @windowMarker
    WHERE run_id = @runId AND status = 'running'`)
  const openWindow = db.prepare(`INSERT INTO certification_window (partner_unique_id, window_id, user_id, opened_at) VALUES (@partnerUniqueID, @windowId, @userId, @openedAt)
    ON CONFLICT (partner_unique_id) DO UPDATE SET window_id = excluded.window_id, user_id = excluded.user_id, opened_at = excluded.opened_at`)
  const windowOf = db.prepare('SELECT window_id AS windowId, user_id AS userId, opened_at AS openedAt FROM certification_window WHERE partner_unique_id = ?')
  const removeWindowOf = db.prepare('DELETE FROM certification_window WHERE partner_unique_id = ?')
  const removeOlderWindows = db.prepare('DELETE FROM certification_window WHERE opened_at < ?')
  const byId = db.prepare('SELECT * FROM certification_run WHERE partner_unique_id = ? AND run_id = ?')
  const running = db.prepare("SELECT run_id FROM certification_run WHERE partner_unique_id = ? AND status = 'running' LIMIT 1").pluck()
  const list = db.prepare('SELECT * FROM certification_run WHERE partner_unique_id = ? ORDER BY started_at DESC, run_id LIMIT ?')
  const interrupted = db.prepare("SELECT * FROM certification_run WHERE status = 'running'")
  const removeOfPartner = db.prepare('DELETE FROM certification_run WHERE partner_unique_id = ?')
  const removeOlder = db.prepare('DELETE FROM certification_run WHERE run_id IN (SELECT run_id FROM certification_run WHERE started_at < @cutoff LIMIT @limit)')
  return {
    insert: (run: { runId: string; partnerUniqueID: string; userId: number; checksAsked: string[]; windowFrom: string; startedAt: string }) =>
      insert.run({ ...run, checksAsked: JSON.stringify(run.checksAsked) }),
    finish: (run: { runId: string; status: RunStatus; windowTo: string; finishedAt: string; results: unknown[]; windowMarker?: string | null }) =>
      finish.run({
        runId: run.runId,
        status: run.status,
        windowTo: run.windowTo,
        finishedAt: run.finishedAt,
        results: JSON.stringify(run.results),
        windowMarker: run.windowMarker ?? null,
      }).changes === 1,
    /** Opens the partner's window, replacing the one it had. */
    openWindow: (window: CertificationWindow & { partnerUniqueID: string }) => openWindow.run(window),
    windowOf: (partnerUniqueID: string): CertificationWindow | undefined => windowOf.get(partnerUniqueID) as CertificationWindow | undefined,
    get: (partnerUniqueID: string, runId: string): StoredRun | undefined => {
      const row = byId.get(partnerUniqueID, runId) as Row | undefined
      return row ? toRun(row) : undefined
    },
    runningOf: (partnerUniqueID: string): string | undefined => running.get(partnerUniqueID) as string | undefined,
    list: (partnerUniqueID: string, limit: number): StoredRun[] => (list.all(partnerUniqueID, limit) as Row[]).map(toRun),
    /** Runs a stop left running (the process ended under them). */
    interrupted: (): StoredRun[] => (interrupted.all() as Row[]).map(toRun),
    /** The partner's runs and its window; how many runs. */
    removeOfPartner: (partnerUniqueID: string): number => {
      removeWindowOf.run(partnerUniqueID)
      return removeOfPartner.run(partnerUniqueID).changes
    },
    /** Runs started before the cutoff (at most `limit`), and windows opened before it; how many runs. */
    removeOlderThan: (cutoff: string, limit: number): number => {
      removeOlderWindows.run(cutoff)
      return removeOlder.run({ cutoff, limit }).changes
    },
  }
}

export type CertificationRepository = ReturnType<typeof createCertificationRepository>
