-- Simulations: the simulation, its status history, its messages, the mailbox that
-- captures ESIS e-mails, and the full-text index of the list's text filter.
-- Times are epoch milliseconds (UTC): they sort and compare as integers.

CREATE TABLE sequence_counter (
  name  TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO sequence_counter (name, value) VALUES ('simulation_number', 0);

CREATE TABLE simulation (
  simulation_unique_id TEXT PRIMARY KEY,
  -- Sequential per sandbox, never reused (sequence_counter); also the rowid of simulation_search.
  simulation_number    INTEGER NOT NULL UNIQUE,
  partner_unique_id    TEXT NOT NULL REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  broker_id            INTEGER NOT NULL REFERENCES broker (broker_id) ON DELETE CASCADE,
  user_id              INTEGER NOT NULL REFERENCES app_user (user_id),
  branch_id            INTEGER NOT NULL,
  branch_description   TEXT NOT NULL,
  origin               TEXT NOT NULL,
  status_id            INTEGER NOT NULL,
  status_last_at       INTEGER NOT NULL,
  created_at           INTEGER NOT NULL,
  updated_at           INTEGER NOT NULL,
  -- Raised by every write: the detail cache compares it.
  version              INTEGER NOT NULL DEFAULT 0,
  -- The date (YYYY-MM-DD) the figures were computed for: borrower ages and the ESIS depend on it.
  evaluated_on         TEXT NOT NULL,
  cancel_reason_id     INTEGER,
  cancel_observations  TEXT,
  process_unique_id    TEXT,
  process_number       INTEGER,
  key_borrower_name    TEXT NOT NULL,
  key_borrower_tax_id  TEXT NOT NULL,
  borrower_name        TEXT,
  borrower_tax_id      TEXT,
  loan_amount          REAL NOT NULL,
  property_amount      REAL NOT NULL,
  ltv_estimated        REAL NOT NULL,
  youth_credit         INTEGER NOT NULL,
  eligible             INTEGER NOT NULL,
  -- JSON: the canonical input, the engine's input (rates resolved), its quote (no schedule),
  -- the failed eligibility rules, and the generated profile (tax ids, contract types, property).
  input                TEXT NOT NULL,
  engine_input         TEXT NOT NULL,
  quote                TEXT NOT NULL,
  failures             TEXT NOT NULL,
  profile              TEXT NOT NULL
);
-- List order is newest first: (created_at, simulation_number) descending, read by keyset. The
-- order indexes carry status_last_at so a date filter is checked in the index; the date indexes
-- carry the order keys so a narrow date range is sorted without reading rows.
CREATE INDEX simulation_broker_order ON simulation (broker_id, created_at, simulation_number, status_last_at);
CREATE INDEX simulation_broker_status_order ON simulation (broker_id, status_id, created_at, simulation_number, status_last_at);
CREATE INDEX simulation_broker_date ON simulation (broker_id, status_last_at, created_at, simulation_number);
CREATE INDEX simulation_broker_status_date ON simulation (broker_id, status_id, status_last_at, created_at, simulation_number);
CREATE INDEX simulation_partner ON simulation (partner_unique_id);

CREATE TABLE simulation_status_history (
  history_id           INTEGER PRIMARY KEY,
  simulation_unique_id TEXT NOT NULL REFERENCES simulation (simulation_unique_id) ON DELETE CASCADE,
  status_id            INTEGER NOT NULL,
  previous_status_id   INTEGER,
  changed_at           INTEGER NOT NULL,
  origin               TEXT NOT NULL CHECK (origin IN ('api', 'sandbox', 'scenario', 'process')),
  user_id              INTEGER
);
CREATE INDEX simulation_status_history_simulation ON simulation_status_history (simulation_unique_id, history_id);

CREATE TABLE simulation_message (
  message_id           INTEGER PRIMARY KEY,
  message_unique_id    TEXT NOT NULL UNIQUE,
  simulation_unique_id TEXT NOT NULL REFERENCES simulation (simulation_unique_id) ON DELETE CASCADE,
  origin               TEXT NOT NULL CHECK (origin IN ('BROKER', 'BANK')),
  user_id              INTEGER,
  message_text         TEXT NOT NULL,
  created_at           INTEGER NOT NULL
);
CREATE INDEX simulation_message_order ON simulation_message (simulation_unique_id, created_at, message_id);

-- Every e-mail the sandbox sends (ESIS of simulations and processes), kept for the partner to read
-- through the sandbox control API, whether or not it was also relayed over SMTP.
CREATE TABLE mailbox_message (
  mailbox_message_id   TEXT PRIMARY KEY,
  partner_unique_id    TEXT NOT NULL REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  created_at           INTEGER NOT NULL,
  from_address         TEXT NOT NULL,
  to_address           TEXT NOT NULL,
  subject              TEXT NOT NULL,
  body_text            TEXT NOT NULL,
  simulation_unique_id TEXT,
  process_unique_id    TEXT,
  relay_status         TEXT NOT NULL CHECK (relay_status IN ('captured', 'relayed', 'failed')),
  relay_error          TEXT,
  smtp_message_id      TEXT
);
CREATE INDEX mailbox_message_partner ON mailbox_message (partner_unique_id, created_at);

CREATE TABLE mailbox_attachment (
  mailbox_message_id TEXT NOT NULL REFERENCES mailbox_message (mailbox_message_id) ON DELETE CASCADE,
  position           INTEGER NOT NULL,
  filename           TEXT NOT NULL,
  content_type       TEXT NOT NULL,
  content            BLOB NOT NULL,
  PRIMARY KEY (mailbox_message_id, position)
) WITHOUT ROWID;

-- Simulations per broker and status, kept by triggers: an unfiltered count is one lookup.
CREATE TABLE simulation_count (
  broker_id INTEGER NOT NULL,
  status_id INTEGER NOT NULL,
  n         INTEGER NOT NULL,
  PRIMARY KEY (broker_id, status_id)
) WITHOUT ROWID;

CREATE TRIGGER simulation_count_insert AFTER INSERT ON simulation BEGIN
  INSERT INTO simulation_count (broker_id, status_id, n) VALUES (new.broker_id, new.status_id, 1)
  ON CONFLICT (broker_id, status_id) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER simulation_count_update AFTER UPDATE OF status_id ON simulation WHEN old.status_id <> new.status_id BEGIN
  UPDATE simulation_count SET n = n - 1 WHERE broker_id = old.broker_id AND status_id = old.status_id;
  INSERT INTO simulation_count (broker_id, status_id, n) VALUES (new.broker_id, new.status_id, 1)
  ON CONFLICT (broker_id, status_id) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER simulation_count_delete AFTER DELETE ON simulation BEGIN
  UPDATE simulation_count SET n = n - 1 WHERE broker_id = old.broker_id AND status_id = old.status_id;
END;

-- Simulations per broker and branch description, kept by triggers: a word of the text filter that
-- starts a word of the one branch of all the broker's simulations filters nothing and is skipped.
CREATE TABLE simulation_branch (
  broker_id          INTEGER NOT NULL,
  branch_description TEXT NOT NULL,
  n                  INTEGER NOT NULL,
  PRIMARY KEY (broker_id, branch_description)
) WITHOUT ROWID;

CREATE TRIGGER simulation_branch_insert AFTER INSERT ON simulation BEGIN
  INSERT INTO simulation_branch (broker_id, branch_description, n) VALUES (new.broker_id, new.branch_description, 1)
  ON CONFLICT (broker_id, branch_description) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER simulation_branch_delete AFTER DELETE ON simulation BEGIN
  UPDATE simulation_branch SET n = n - 1 WHERE broker_id = old.broker_id AND branch_description = old.branch_description;
END;

-- The list's text filter: prefix search on the borrowers' names and tax ids and the branch,
-- accents and case ignored. rowid = simulation_number. Every word is stored behind its broker's
-- tenant prefix (see simulation-search.ts), so a search reads only the broker's entries; the
-- repository writes the rows, the trigger removes them with their simulation.
CREATE VIRTUAL TABLE simulation_search USING fts5 (
  terms,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '9 10 11'
);

CREATE TRIGGER simulation_search_delete AFTER DELETE ON simulation BEGIN
  DELETE FROM simulation_search WHERE rowid = old.simulation_number;
END;
