-- The audit trail (docs/design.md "Audit trail"): one row per operator or partner-administrator
-- action, kept for SANDBOX_AUDIT_RETENTION_DAYS whatever happens to the partner: no foreign key to
-- partner or app_user, and neither the sandbox reset nor the partner's deletion touches it.
CREATE TABLE audit_entry (
  seq               INTEGER PRIMARY KEY,
  -- The machine's real time, never the partner's test clock.
  at                TEXT    NOT NULL,
  actor_kind        TEXT    NOT NULL CHECK (actor_kind IN ('operator', 'user')),
  -- The partner acted on: the user's own, or the one an operator route names (null: none, an invitation).
  partner_unique_id TEXT,
  user_id           INTEGER,
  username          TEXT,
  -- The route as declared (method and template): 'POST /sandbox/account/users/{userId}/password'.
  action            TEXT    NOT NULL,
  -- The path's parameters (JSON object), and a short summary of what was asked: never a secret.
  target            TEXT    NOT NULL,
  summary           TEXT    NOT NULL,
  status            INTEGER NOT NULL,
  client_address    TEXT    NOT NULL,
  request_id        TEXT    NOT NULL
);

CREATE INDEX audit_entry_partner ON audit_entry (partner_unique_id, seq);
CREATE INDEX audit_entry_at ON audit_entry (at);
