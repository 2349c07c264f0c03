-- Each partner's test clock (docs/design.md "Test clock"): how far its time is ahead of the
-- machine's. No row: the partner's clock is the machine's.
CREATE TABLE partner_clock (
  partner_unique_id TEXT PRIMARY KEY REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  offset_ms         INTEGER NOT NULL CHECK (offset_ms >= 0),
  advanced_at       TEXT NOT NULL
) WITHOUT ROWID;

-- An advance walks one partner's pending jobs and attempts in due order: without these, the
-- partner's finished jobs and notifications would be read on every step.
CREATE INDEX sandbox_job_partner_pending ON sandbox_job (partner_unique_id, due_at, id) WHERE status = 'pending';
CREATE INDEX notification_partner_pending ON notification (partner_unique_id, next_attempt_at, seq) WHERE status = 'pending';
