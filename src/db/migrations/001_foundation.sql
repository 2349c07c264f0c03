-- Identities, reference lists and sandbox settings: what every other table refers to.

CREATE TABLE sandbox_setting (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE partner (
  partner_unique_id TEXT PRIMARY KEY,
  name              TEXT NOT NULL,
  created_at        TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE branch (
  branch_id   INTEGER PRIMARY KEY,
  description TEXT NOT NULL
);

CREATE TABLE broker (
  broker_id         INTEGER PRIMARY KEY,
  partner_unique_id TEXT NOT NULL REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  name              TEXT NOT NULL,
  registration_number TEXT NOT NULL,
  branch_id         INTEGER NOT NULL REFERENCES branch (branch_id)
);
CREATE INDEX broker_partner ON broker (partner_unique_id);

CREATE TABLE app_user (
  user_id       INTEGER PRIMARY KEY,
  broker_id     INTEGER NOT NULL REFERENCES broker (broker_id) ON DELETE CASCADE,
  username      TEXT NOT NULL UNIQUE,
  name          TEXT NOT NULL,
  email         TEXT NOT NULL,
  password_hash TEXT NOT NULL
);

-- Every reference list in one table: the registry (src/modules/taxonomy) knows each list's fields.
CREATE TABLE taxonomy_item (
  list           TEXT NOT NULL,
  id             INTEGER NOT NULL,
  position       INTEGER NOT NULL,
  code           TEXT,
  parent_id      INTEGER,
  description_pt TEXT NOT NULL,
  description_en TEXT NOT NULL,
  attributes     TEXT NOT NULL DEFAULT '{}',
  PRIMARY KEY (list, id)
) WITHOUT ROWID;
