import { inBrokerScope, scopeParams, type BrokerScope } from '../../../db/broker-scope.ts'
import type { Db } from '../../../db/connection.ts'

export interface SandboxJob {
  id: number
  partnerUniqueID: string
  brokerId: number | null
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
  /** The broker of the simulation or process the job acts on: its users see the job. */
  brokerId: number
  kind: string
  payload: Record<string, unknown>
  dueAt: string
  scenario?: string
}

interface Row {
  id: number
  partner_unique_id: string
  broker_id: number | null
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
  brokerId: r.broker_id,
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
  const insert = db.prepare(`INSERT INTO sandbox_job (partner_unique_id, broker_id, kind, payload, due_at, scenario, created_at)
    VALUES (@partnerUniqueID, @brokerId, @kind, @payload, @dueAt, @scenario, @createdAt)`)
  // Partners whose clock is being advanced (`held`, a JSON array) are left to the advance.
  const due = db.prepare(`SELECT * FROM sandbox_job WHERE status = 'pending' AND due_at <= @now
    AND partner_unique_id NOT IN (SELECT value FROM json_each(@held)) ORDER BY due_at, id LIMIT @limit`)
  const earliest = db
    .prepare(
      `SELECT due_at FROM sandbox_job WHERE status = 'pending'
    AND partner_unique_id NOT IN (SELECT value FROM json_each(?)) ORDER BY due_at LIMIT 1`,
    )
    .pluck()
  const nextOfPartner = db.prepare(`SELECT * FROM sandbox_job WHERE status = 'pending' AND partner_unique_id = ? AND due_at <= ?
    ORDER BY due_at, id LIMIT 1`)
  const shiftOfPartner = db.prepare(`UPDATE sandbox_job SET due_at = strftime('%Y-%m-%dT%H:%M:%fZ', due_at, @shift)
    WHERE status = 'pending' AND partner_unique_id = @partnerUniqueID`)
  const pendingOfPartner = db.prepare(`SELECT COUNT(*) FROM sandbox_job WHERE status = 'pending' AND partner_unique_id = ?`).pluck()
  const finish = db.prepare(`UPDATE sandbox_job SET status = @status, finished_at = @finishedAt, outcome = @outcome
    WHERE id = @id AND status = 'pending'`)
  const inScope = db.prepare(`SELECT * FROM sandbox_job WHERE ${inBrokerScope()} ORDER BY id DESC LIMIT @limit`)
  const removeOfPartner = db.prepare('DELETE FROM sandbox_job WHERE partner_unique_id = ?')
  const removeOlder = db.prepare(`DELETE FROM sandbox_job WHERE id IN (SELECT id FROM sandbox_job WHERE created_at < @cutoff
    ORDER BY id LIMIT @limit)`)
  return {
    add: (job: NewSandboxJob, createdAt: string): number =>
      Number(insert.run({ ...job, payload: JSON.stringify(job.payload), scenario: job.scenario ?? null, createdAt }).lastInsertRowid),
    /** Pending jobs due by `now` (machine time), in due order, but those of the `held` partners. */
    due: (now: string, held: readonly string[] = [], limit = 50): SandboxJob[] => (due.all({ now, held: JSON.stringify(held), limit }) as Row[]).map(toJob),
    earliestDueAt: (held: readonly string[] = []): string | undefined => earliest.get(JSON.stringify(held)) as string | undefined,
    /** The partner's first pending job due by `now`. */
    nextDueOfPartner: (partnerUniqueID: string, now: string): SandboxJob | undefined => {
      const row = nextOfPartner.get(partnerUniqueID, now) as Row | undefined
      return row && toJob(row)
    },
    /** Brings the partner's pending jobs `ms` closer (its clock moved forward); returns how many. */
    bringForward: (partnerUniqueID: string, ms: number): number => shiftOfPartner.run({ partnerUniqueID, shift: `${-ms / 1000} seconds` }).changes,
    pendingCountOfPartner: (partnerUniqueID: string): number => pendingOfPartner.get(partnerUniqueID) as number,
    finish: (id: number, status: Exclude<SandboxJob['status'], 'pending'>, outcome: string, finishedAt: string): boolean =>
      finish.run({ id, status, outcome, finishedAt }).changes === 1,
    /** The newest `limit` jobs the scope sees. */
    list: (scope: BrokerScope, limit = 100): SandboxJob[] => (inScope.all({ ...scopeParams(scope), limit }) as Row[]).map(toJob),
    removeOfPartner: (partnerUniqueID: string): number => removeOfPartner.run(partnerUniqueID).changes,
    /** Deletes up to `limit` jobs created before `cutoff` (ISO time), oldest first. */
    removeOlderThan: (cutoff: string, limit: number): number => removeOlder.run({ cutoff, limit }).changes,
  }
}

export type SandboxJobRepository = ReturnType<typeof createSandboxJobRepository>
