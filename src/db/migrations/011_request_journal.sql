-- The partners' request journal (docs/design.md "Request journal"): each request with a partner's
-- token and its answer, bodies redacted and bounded, a ring of the newest entries per partner.
-- The bodies live in their own table: lists and filters read the small rows only.
CREATE TABLE request_journal (
  seq                   INTEGER PRIMARY KEY,
  request_id            TEXT NOT NULL,
  partner_unique_id     TEXT NOT NULL REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  broker_id             INTEGER NOT NULL,
  user_id               INTEGER NOT NULL,
  at                    TEXT NOT NULL,
  method                TEXT NOT NULL,
  path                  TEXT NOT NULL,
  query                 TEXT,
  status                INTEGER NOT NULL,
  duration_ms           REAL NOT NULL,
  scenario              TEXT,
  errors                TEXT
);
CREATE INDEX request_journal_partner ON request_journal (partner_unique_id, seq);
CREATE INDEX request_journal_request_id ON request_journal (partner_unique_id, request_id);

CREATE TABLE request_journal_body (
  seq                   INTEGER PRIMARY KEY REFERENCES request_journal (seq) ON DELETE CASCADE,
  request_headers       TEXT NOT NULL,
  request_body          TEXT,
  request_truncated     INTEGER NOT NULL DEFAULT 0,
  response_content_type TEXT,
  response_body         TEXT,
  response_truncated    INTEGER NOT NULL DEFAULT 0
);
