-- Processes: the process created from a simulation, its status history, borrowers,
-- documents (content kept in SQLite), property and messages.
-- Times are epoch milliseconds (UTC), as for simulations: they sort and compare as integers.

INSERT OR IGNORE INTO sequence_counter (name, value) VALUES ('process_number', 0);

CREATE TABLE process (
  process_unique_id    TEXT PRIMARY KEY,
  -- Sequential per sandbox, never reused (sequence_counter).
  process_number       INTEGER NOT NULL UNIQUE,
  partner_unique_id    TEXT NOT NULL REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  broker_id            INTEGER NOT NULL REFERENCES broker (broker_id) ON DELETE CASCADE,
  user_id              INTEGER NOT NULL REFERENCES app_user (user_id),
  -- One process per simulation: the simulation becomes Completed when its process is created.
  simulation_unique_id TEXT NOT NULL UNIQUE REFERENCES simulation (simulation_unique_id) ON DELETE CASCADE,
  branch_id            INTEGER NOT NULL,
  branch_description   TEXT NOT NULL,
  status_id            INTEGER NOT NULL,
  status_last_at       INTEGER NOT NULL,
  created_at           INTEGER NOT NULL,
  updated_at           INTEGER NOT NULL,
  submitted_at         INTEGER,
  cancel_reason_id     INTEGER,
  cancel_observations  TEXT,
  -- The date (YYYY-MM-DD) the figures were computed for.
  evaluated_on         TEXT NOT NULL,
  loan_amount          REAL NOT NULL,
  property_amount      REAL NOT NULL,
  ltv_estimated        REAL NOT NULL,
  youth_credit         INTEGER NOT NULL,
  eligible             INTEGER NOT NULL,
  -- JSON: the loan group (the simulation's loanSimulator fields), the engine's input (rates
  -- resolved), its quote (no schedule) and the failed eligibility rules.
  loan                 TEXT NOT NULL,
  engine_input         TEXT NOT NULL,
  quote                TEXT NOT NULL,
  failures             TEXT NOT NULL
);
-- List order is newest first: (created_at, process_number) descending, read by keyset.
CREATE INDEX process_broker_order ON process (broker_id, created_at, process_number);
CREATE INDEX process_broker_status_order ON process (broker_id, status_id, created_at, process_number);
CREATE INDEX process_partner ON process (partner_unique_id);

CREATE TABLE process_status_history (
  history_id         INTEGER PRIMARY KEY,
  process_unique_id  TEXT NOT NULL REFERENCES process (process_unique_id) ON DELETE CASCADE,
  status_id          INTEGER NOT NULL,
  previous_status_id INTEGER,
  changed_at         INTEGER NOT NULL,
  origin             TEXT NOT NULL CHECK (origin IN ('api', 'sandbox', 'scenario')),
  user_id            INTEGER
);
CREATE INDEX process_status_history_process ON process_status_history (process_unique_id, history_id);

CREATE TABLE process_borrower (
  borrower_unique_id       TEXT PRIMARY KEY,
  process_unique_id        TEXT NOT NULL REFERENCES process (process_unique_id) ON DELETE CASCADE,
  -- entity-types: 1 key borrower, 2 co-borrower.
  borrower_type_id         INTEGER NOT NULL,
  key_borrower_relation_id INTEGER,
  -- JSON, the request groups' field names: personal, financial and professional data.
  personal                 TEXT NOT NULL,
  financial                TEXT NOT NULL,
  professional             TEXT NOT NULL,
  created_at               INTEGER NOT NULL,
  created_by_user_id       INTEGER NOT NULL,
  updated_at               INTEGER NOT NULL,
  updated_by_user_id       INTEGER NOT NULL
);
CREATE INDEX process_borrower_process ON process_borrower (process_unique_id, created_at);
-- At most one key borrower per process.
CREATE UNIQUE INDEX process_borrower_one_key ON process_borrower (process_unique_id) WHERE borrower_type_id = 1;

CREATE TABLE process_document (
  document_unique_id TEXT PRIMARY KEY,
  process_unique_id  TEXT NOT NULL REFERENCES process (process_unique_id) ON DELETE CASCADE,
  document_type_id   INTEGER NOT NULL,
  -- Set for the document types of scope "borrower"; the borrower's documents go with it.
  borrower_unique_id TEXT REFERENCES process_borrower (borrower_unique_id) ON DELETE CASCADE,
  description        TEXT,
  file_name          TEXT NOT NULL,
  content_type       TEXT NOT NULL,
  size               INTEGER NOT NULL,
  sha256             TEXT NOT NULL,
  created_at         INTEGER NOT NULL,
  updated_at         INTEGER NOT NULL,
  user_id            INTEGER NOT NULL
);
CREATE INDEX process_document_process ON process_document (process_unique_id, created_at);

-- The bytes apart from the metadata, so lists and checks never page through them, in slices of
-- 1 MiB written while the upload streams in (a 10 MB file never sits in memory whole, and SQLite
-- copies a slice, not the file). Slices are staged before their document row exists, hence no
-- foreign key: the trigger below removes them with their document.
CREATE TABLE process_document_content (
  document_unique_id TEXT NOT NULL,
  slice              INTEGER NOT NULL,
  content            BLOB NOT NULL,
  UNIQUE (document_unique_id, slice)
);

CREATE TRIGGER process_document_content_delete AFTER DELETE ON process_document BEGIN
  DELETE FROM process_document_content WHERE document_unique_id = old.document_unique_id;
END;

CREATE TABLE process_property (
  property_unique_id TEXT PRIMARY KEY,
  process_unique_id  TEXT NOT NULL UNIQUE REFERENCES process (process_unique_id) ON DELETE CASCADE,
  -- JSON: location, description and values, the Property Update field names.
  data               TEXT NOT NULL,
  updated_at         INTEGER NOT NULL,
  updated_by_user_id INTEGER
);

CREATE TABLE process_message (
  message_id        INTEGER PRIMARY KEY,
  message_unique_id TEXT NOT NULL UNIQUE,
  process_unique_id TEXT NOT NULL REFERENCES process (process_unique_id) ON DELETE CASCADE,
  origin            TEXT NOT NULL CHECK (origin IN ('BROKER', 'BANK')),
  user_id           INTEGER,
  message_text      TEXT NOT NULL,
  created_at        INTEGER NOT NULL
);
CREATE INDEX process_message_order ON process_message (process_unique_id, created_at, message_id);
