-- A partner's certification window (docs/design.md "Certification"): opened by `mortgage-sandbox
-- certify --start` or the console, the start of the journal a run reads when it is given no `since`,
-- and the value of X-Sandbox-Certification that marks the requests of the client under test. One a
-- partner: opening another replaces it.
CREATE TABLE certification_window (
  partner_unique_id  TEXT PRIMARY KEY REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  window_id          TEXT NOT NULL,
  user_id            INTEGER NOT NULL,
  opened_at          TEXT NOT NULL
) WITHOUT ROWID;

-- What a run judged: every request of its window (null), or only those marked with this
-- X-Sandbox-Certification value (`*`: any value).
ALTER TABLE certification_run ADD COLUMN window_marker TEXT;
