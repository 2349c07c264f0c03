-- Every byte a partner stores counts (docs/design.md "Partners"): its e-mails with their
-- attachments, its messages and its request journal beside its documents, kept exact by triggers
-- in the writing transaction like the counts of migration 009, so a check is still one row read.
-- Each row counts a fixed part besides its texts (its other columns and index entries, measured on
-- disk): without it, a million one-character messages would cost a partner nothing.
ALTER TABLE partner_usage ADD COLUMN document_rows INTEGER NOT NULL DEFAULT 0;
ALTER TABLE partner_usage ADD COLUMN mail_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE partner_usage ADD COLUMN message_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE partner_usage ADD COLUMN journal_bytes INTEGER NOT NULL DEFAULT 0;

-- A journal entry's size as written (its texts, headers and bodies, and a fixed part for the rest):
-- the ring is trimmed by bytes as well as by count.
ALTER TABLE request_journal ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
UPDATE request_journal SET bytes = 1024 + octet_length(request_id) + octet_length(path) + COALESCE(octet_length(query), 0)
  + COALESCE(octet_length(errors), 0) + COALESCE((SELECT octet_length(b.request_headers) + COALESCE(octet_length(b.request_body), 0)
    + COALESCE(octet_length(b.response_body), 0) FROM request_journal_body b WHERE b.seq = request_journal.seq), 0);

UPDATE partner_usage SET
  document_rows = (SELECT COUNT(*) FROM process_document d JOIN process p USING (process_unique_id)
      WHERE p.partner_unique_id = partner_usage.partner_unique_id),
  mail_bytes = (SELECT COALESCE(SUM(768 + octet_length(m.from_address) + octet_length(m.to_address) + octet_length(m.subject)
      + octet_length(m.body_text)), 0) FROM mailbox_message m WHERE m.partner_unique_id = partner_usage.partner_unique_id)
    + (SELECT COALESCE(SUM(256 + octet_length(a.filename) + length(a.content)), 0) FROM mailbox_attachment a JOIN mailbox_message m USING (mailbox_message_id)
      WHERE m.partner_unique_id = partner_usage.partner_unique_id),
  message_bytes = (SELECT COALESCE(SUM(256 + octet_length(x.message_text)), 0) FROM simulation_message x JOIN simulation s USING (simulation_unique_id)
      WHERE s.partner_unique_id = partner_usage.partner_unique_id)
    + (SELECT COALESCE(SUM(256 + octet_length(x.message_text)), 0) FROM process_message x JOIN process p USING (process_unique_id)
      WHERE p.partner_unique_id = partner_usage.partner_unique_id),
  journal_bytes = (SELECT COALESCE(SUM(j.bytes), 0) FROM request_journal j WHERE j.partner_unique_id = partner_usage.partner_unique_id);

-- A document's file is counted by migration 009 (document_bytes); its row, here.
CREATE TRIGGER usage_document_row_insert AFTER INSERT ON process_document BEGIN
  UPDATE partner_usage SET document_rows = document_rows + 1
  WHERE partner_unique_id = (SELECT partner_unique_id FROM process WHERE process_unique_id = new.process_unique_id);
END;
CREATE TRIGGER usage_document_row_delete AFTER DELETE ON process_document BEGIN
  UPDATE partner_usage SET document_rows = document_rows - 1
  WHERE partner_unique_id = (SELECT partner_unique_id FROM process WHERE process_unique_id = old.process_unique_id);
END;
CREATE TRIGGER usage_process_document_rows BEFORE DELETE ON process BEGIN
  UPDATE partner_usage SET document_rows = document_rows -
    (SELECT COUNT(*) FROM process_document WHERE process_unique_id = old.process_unique_id)
  WHERE partner_unique_id = old.partner_unique_id;
END;

CREATE TRIGGER usage_mail_insert AFTER INSERT ON mailbox_message BEGIN
  UPDATE partner_usage SET mail_bytes = mail_bytes + 768 + octet_length(new.from_address) + octet_length(new.to_address)
    + octet_length(new.subject) + octet_length(new.body_text)
  WHERE partner_unique_id = new.partner_unique_id;
END;
CREATE TRIGGER usage_mail_attachment_insert AFTER INSERT ON mailbox_attachment BEGIN
  UPDATE partner_usage SET mail_bytes = mail_bytes + 256 + octet_length(new.filename) + length(new.content)
  WHERE partner_unique_id = (SELECT partner_unique_id FROM mailbox_message WHERE mailbox_message_id = new.mailbox_message_id);
END;
-- Attachments go only by cascade, once their e-mail is gone: the e-mail subtracts them, just before.
CREATE TRIGGER usage_mail_delete BEFORE DELETE ON mailbox_message BEGIN
  UPDATE partner_usage SET mail_bytes = mail_bytes - 768 - octet_length(old.from_address) - octet_length(old.to_address)
    - octet_length(old.subject) - octet_length(old.body_text)
    - (SELECT COALESCE(SUM(256 + octet_length(filename) + length(content)), 0) FROM mailbox_attachment WHERE mailbox_message_id = old.mailbox_message_id)
  WHERE partner_unique_id = old.partner_unique_id;
END;

CREATE TRIGGER usage_simulation_message_insert AFTER INSERT ON simulation_message BEGIN
  UPDATE partner_usage SET message_bytes = message_bytes + 256 + octet_length(new.message_text)
  WHERE partner_unique_id = (SELECT partner_unique_id FROM simulation WHERE simulation_unique_id = new.simulation_unique_id);
END;
CREATE TRIGGER usage_simulation_message_delete AFTER DELETE ON simulation_message BEGIN
  UPDATE partner_usage SET message_bytes = message_bytes - 256 - octet_length(old.message_text)
  WHERE partner_unique_id = (SELECT partner_unique_id FROM simulation WHERE simulation_unique_id = old.simulation_unique_id);
END;
-- As for documents (migration 009): messages that go by cascade can no longer find their partner.
CREATE TRIGGER usage_simulation_messages BEFORE DELETE ON simulation BEGIN
  UPDATE partner_usage SET message_bytes = message_bytes -
    (SELECT COALESCE(SUM(256 + octet_length(message_text)), 0) FROM simulation_message WHERE simulation_unique_id = old.simulation_unique_id)
  WHERE partner_unique_id = old.partner_unique_id;
END;
CREATE TRIGGER usage_process_message_insert AFTER INSERT ON process_message BEGIN
  UPDATE partner_usage SET message_bytes = message_bytes + 256 + octet_length(new.message_text)
  WHERE partner_unique_id = (SELECT partner_unique_id FROM process WHERE process_unique_id = new.process_unique_id);
END;
CREATE TRIGGER usage_process_message_delete AFTER DELETE ON process_message BEGIN
  UPDATE partner_usage SET message_bytes = message_bytes - 256 - octet_length(old.message_text)
  WHERE partner_unique_id = (SELECT partner_unique_id FROM process WHERE process_unique_id = old.process_unique_id);
END;
CREATE TRIGGER usage_process_messages BEFORE DELETE ON process BEGIN
  UPDATE partner_usage SET message_bytes = message_bytes -
    (SELECT COALESCE(SUM(256 + octet_length(message_text)), 0) FROM process_message WHERE process_unique_id = old.process_unique_id)
  WHERE partner_unique_id = old.partner_unique_id;
END;

CREATE TRIGGER usage_journal_insert AFTER INSERT ON request_journal BEGIN
  UPDATE partner_usage SET journal_bytes = journal_bytes + new.bytes WHERE partner_unique_id = new.partner_unique_id;
END;
CREATE TRIGGER usage_journal_delete AFTER DELETE ON request_journal BEGIN
  UPDATE partner_usage SET journal_bytes = journal_bytes - old.bytes WHERE partner_unique_id = old.partner_unique_id;
END;

-- The addresses a partner may have its e-mails relayed to (docs/design.md "ESIS"), besides its
-- contact address: each proved by a code sent to it. The code is kept hashed; wrong tries are
-- counted so it cannot be guessed.
CREATE TABLE mail_recipient (
  recipient_id      TEXT PRIMARY KEY,
  partner_unique_id TEXT NOT NULL REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  email             TEXT NOT NULL,
  -- Lower-cased: one address is one recipient however it is written.
  email_key         TEXT NOT NULL,
  status            TEXT NOT NULL CHECK (status IN ('pending', 'verified')),
  code_hash         TEXT,
  -- The machine's time, like a token's expiry: a partner's test clock does not stretch a code.
  code_expires_at   TEXT,
  failed_attempts   INTEGER NOT NULL DEFAULT 0,
  created_at        TEXT NOT NULL,
  verified_at       TEXT,
  UNIQUE (partner_unique_id, email_key)
);

-- The e-mails of a partner on one day (the machine's UTC date), against its daily allowance. Kept
-- apart from the mailbox: a reset or the retention sweep empties the mailbox, not the day's count.
CREATE TABLE partner_mail_day (
  partner_unique_id TEXT PRIMARY KEY REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  day               TEXT NOT NULL,
  mails             INTEGER NOT NULL DEFAULT 0,
  verifications     INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- An e-mail kept in the mailbox only although a relay is configured: its address is neither the
-- partner's contact address nor one of its verified recipients.
ALTER TABLE mailbox_message ADD COLUMN relay_withheld INTEGER NOT NULL DEFAULT 0;
