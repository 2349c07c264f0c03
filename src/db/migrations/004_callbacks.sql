-- Partner callbacks (docs/design.md "Callbacks"): configurations, the outbox and its delivery log.
-- No foreign key to simulation or process: those tables belong to other migrations, and a
-- notification outlives any change to its resource.

CREATE TABLE callback_configuration (
  partner_unique_id    TEXT NOT NULL REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  notification_type_id INTEGER NOT NULL,
  callback_url         TEXT NOT NULL,
  signing_secret       TEXT NOT NULL,
  status               TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  disabled_reason      TEXT,
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL,
  PRIMARY KEY (partner_unique_id, notification_type_id)
) WITHOUT ROWID;

CREATE TABLE notification (
  seq                  INTEGER PRIMARY KEY,
  notification_id      TEXT NOT NULL UNIQUE,
  partner_unique_id    TEXT NOT NULL REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  notification_type_id INTEGER NOT NULL,
  process_unique_id    TEXT,
  simulation_unique_id TEXT,
  -- Deliveries of one resource go out one at a time, in the order they happened.
  resource_key         TEXT NOT NULL,
  body                 TEXT NOT NULL,
  test                 INTEGER NOT NULL DEFAULT 0,
  status               TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'disabled', 'skipped')),
  status_reason        TEXT,
  -- Index in the retry schedule of the next attempt.
  retry_step           INTEGER NOT NULL DEFAULT 0,
  attempts             INTEGER NOT NULL DEFAULT 0,
  next_attempt_at      TEXT,
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL,
  CHECK ((process_unique_id IS NULL) <> (simulation_unique_id IS NULL))
);
CREATE INDEX notification_pending ON notification (status, resource_key, seq);
CREATE INDEX notification_due ON notification (status, next_attempt_at);
CREATE INDEX notification_partner ON notification (partner_unique_id, seq);

CREATE TABLE delivery_attempt (
  notification_seq INTEGER NOT NULL REFERENCES notification (seq) ON DELETE CASCADE,
  attempt_number   INTEGER NOT NULL,
  attempted_at     TEXT NOT NULL,
  callback_url     TEXT NOT NULL,
  http_status      INTEGER,
  latency_ms       REAL NOT NULL,
  error            TEXT,
  response_excerpt TEXT,
  PRIMARY KEY (notification_seq, attempt_number)
) WITHOUT ROWID;
