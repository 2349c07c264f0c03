-- Partner certification (docs/design.md "Certification"). The journal keeps what the client checks
-- read: the id (jti) of the token a request used, never the token, and the Retry-After it was answered.
ALTER TABLE request_journal ADD COLUMN token_id TEXT;
ALTER TABLE request_journal ADD COLUMN retry_after TEXT;

-- A certification run of a partner: what it checks over which window, and each check's result.
CREATE TABLE certification_run (
  run_id             TEXT PRIMARY KEY,
  partner_unique_id  TEXT NOT NULL REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  user_id            INTEGER NOT NULL,
  status             TEXT NOT NULL CHECK (status IN ('running', 'passed', 'failed', 'incomplete')),
  checks_asked       TEXT NOT NULL,
  window_from        TEXT NOT NULL,
  window_to          TEXT,
  started_at         TEXT NOT NULL,
  finished_at        TEXT,
  results            TEXT
);
CREATE INDEX certification_run_partner ON certification_run (partner_unique_id, started_at);
