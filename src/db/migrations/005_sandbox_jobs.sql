-- Delayed actions of scenarios (the bank's side of a process, bank messages): kept in the
-- database so a restart neither loses nor repeats them.
CREATE TABLE sandbox_job (
  id                INTEGER PRIMARY KEY,
  partner_unique_id TEXT NOT NULL,
  kind              TEXT NOT NULL,
  payload           TEXT NOT NULL,
  due_at            TEXT NOT NULL,
  status            TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'skipped', 'failed')),
  scenario          TEXT,
  created_at        TEXT NOT NULL,
  finished_at       TEXT,
  outcome           TEXT
);
CREATE INDEX sandbox_job_due ON sandbox_job (due_at) WHERE status = 'pending';
CREATE INDEX sandbox_job_partner ON sandbox_job (partner_unique_id, id);
