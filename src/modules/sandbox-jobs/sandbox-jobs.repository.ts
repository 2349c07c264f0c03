import type { Db } from '../../db/connection.ts'

export interface SandboxJob {
  id: number
  partnerUniqueID: string
  kind: string
  payload: Record<string, unknown>
  dueAt: string
  status: 'pending' | 'done' | 'skipped' | 'failed'
  scenario: string | null
  createdAt: string
  finishedAt: string | null
  outcome: string | null
}

export interface NewSandboxJob {
  partnerUniqueID: string
  kind: string
  payload: Record<string, unknown>
  dueAt: string
  scenario?: string
}

interface Row {
  id: number
  partner_unique_id: string
  kind: string
  payload: string
  due_at: string
  status: SandboxJob['status']
  scenario: string | null
  created_at: string
  finished_at: string | null
  outcome: string | null
}

const toJob = (r: Row): SandboxJob => ({
  id: r.id,
  partnerUniqueID: r.partner_unique_id,
  kind: r.kind,
  payload: JSON.parse(r.payload) as Record<string, unknown>,
  dueAt: r.due_at,
  status: r.status,
  scenario: r.scenario,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
  outcome: r.outcome,
})

export function createSandboxJobRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO sandbox_job (partner_unique_id, kind, payload, due_at, scenario, created_at)
    VALUES (@partnerUniqueID, @kind, @payload, @dueAt, @scenario, @createdAt)`)
  const due = db.prepare(`SELECT * FROM sandbox_job WHERE status = 'pending' AND due_at <= ? ORDER BY due_at, id LIMIT ?`)
  const earliest = db.prepare(`SELECT due_at FROM sandbox_job WHERE status = 'pending' ORDER BY due_at LIMIT 1`).pluck()
  const finish = db.prepare(`UPDATE sandbox_job SET status = @status, finished_at = @finishedAt, outcome = @outcome
    WHERE id = @id AND status = 'pending'`)
  const byPartner = db.prepare(`SELECT * FROM sandbox_job WHERE partner_unique_id = ? ORDER BY id DESC LIMIT ?`)
  const removeOfPartner = db.prepare('DELETE FROM sandbox_job WHERE partner_unique_id = ?')
  const removeOlder = db.prepare(`DELETE FROM sandbox_job WHERE id IN (SELECT id FROM sandbox_job WHERE created_at < @cutoff
    ORDER BY id LIMIT @limit)`)
  return {
    add: (job: NewSandboxJob, createdAt: string): number =>
      Number(insert.run({ ...job, payload: JSON.stringify(job.payload), scenario: job.scenario ?? null, createdAt }).lastInsertRowid),
    due: (now: string, limit = 50): SandboxJob[] => (due.all(now, limit) as Row[]).map(toJob),
    earliestDueAt: (): string | undefined => earliest.get() as string | undefined,
    finish: (id: number, status: Exclude<SandboxJob['status'], 'pending'>, outcome: string, finishedAt: string): boolean =>
      finish.run({ id, status, outcome, finishedAt }).changes === 1,
    listForPartner: (partnerUniqueID: string, limit = 100): SandboxJob[] => (byPartner.all(partnerUniqueID, limit) as Row[]).map(toJob),
    removeOfPartner: (partnerUniqueID: string): number => removeOfPartner.run(partnerUniqueID).changes,
    /** Deletes up to `limit` jobs created before `cutoff` (ISO time), oldest first. */
    removeOlderThan: (cutoff: string, limit: number): number => removeOlder.run({ cutoff, limit }).changes,
  }
}

export type SandboxJobRepository = ReturnType<typeof createSandboxJobRepository>
