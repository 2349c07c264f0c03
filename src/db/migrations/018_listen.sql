-- Callbacks forwarded to a developer's machine by `mortgage-sandbox listen` (docs/design.md
-- "Callbacks on a laptop").

-- One signing secret per partner for what its listeners forward: stable across resets (the CLI
-- prints it and the developer's receiver keeps it), sealed like the callback secrets when
-- SANDBOX_SECRETS_KEY is set.
CREATE TABLE listen_secret (
  partner_unique_id TEXT PRIMARY KEY REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  signing_secret    TEXT NOT NULL,
  created_at        TEXT NOT NULL
) WITHOUT ROWID;

-- A notification's delivery through the partner's listeners, beside (never instead of) its delivery
-- to a registered address: its own status and retry schedule.
CREATE TABLE listen_delivery (
  notification_seq  INTEGER PRIMARY KEY REFERENCES notification (seq) ON DELETE CASCADE,
  partner_unique_id TEXT NOT NULL,
  -- Copied from the notification: the listeners that may see it are found without a join.
  broker_id         INTEGER,
  resource_key      TEXT NOT NULL,
  status            TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  retry_step        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at   TEXT,
  updated_at        TEXT NOT NULL
);
CREATE INDEX listen_delivery_due ON listen_delivery (status, next_attempt_at);
CREATE INDEX listen_delivery_partner ON listen_delivery (partner_unique_id, status);

-- Whether an attempt went to the registered address or through a listener.
ALTER TABLE delivery_attempt ADD COLUMN through TEXT NOT NULL DEFAULT 'address' CHECK (through IN ('address', 'listen'));
