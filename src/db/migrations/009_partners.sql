-- Partners of a hosted sandbox (docs/design.md "Partners"): who signed up or was created by the
-- operator, suspension, the users' token generation, invitation codes, and each partner's usage
-- of its quotas, kept exact by triggers.

ALTER TABLE partner ADD COLUMN contact_email TEXT;
-- 'seed' (the demo identities), 'signup', 'operator', or 'fixture' (Pact provider states).
ALTER TABLE partner ADD COLUMN origin TEXT NOT NULL DEFAULT 'seed';
ALTER TABLE partner ADD COLUMN status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended'));
ALTER TABLE partner ADD COLUMN status_reason TEXT;

-- A user's tokens name its generation: revoking them, resetting the password or deactivating the
-- user raises it, and every token of an older generation stops at once.
ALTER TABLE app_user ADD COLUMN token_generation INTEGER NOT NULL DEFAULT 0;
ALTER TABLE app_user ADD COLUMN is_admin INTEGER NOT NULL DEFAULT 0;
ALTER TABLE app_user ADD COLUMN status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive'));
ALTER TABLE app_user ADD COLUMN created_at TEXT;
-- The seeded demo users administer their partner's account.
UPDATE app_user SET is_admin = 1;

CREATE TABLE invitation (
  code_hash    TEXT PRIMARY KEY,
  note         TEXT,
  created_at   TEXT NOT NULL,
  expires_at   TEXT NOT NULL,
  used_at      TEXT,
  partner_unique_id TEXT REFERENCES partner (partner_unique_id) ON DELETE SET NULL
) WITHOUT ROWID;

-- What a partner stores, against its quotas: counted by triggers, so a check is one row read.
CREATE TABLE partner_usage (
  partner_unique_id       TEXT PRIMARY KEY REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  simulations             INTEGER NOT NULL DEFAULT 0,
  processes               INTEGER NOT NULL DEFAULT 0,
  document_bytes          INTEGER NOT NULL DEFAULT 0,
  callback_configurations INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

INSERT INTO partner_usage (partner_unique_id, simulations, processes, document_bytes, callback_configurations)
SELECT p.partner_unique_id,
  (SELECT COUNT(*) FROM simulation s WHERE s.partner_unique_id = p.partner_unique_id),
  (SELECT COUNT(*) FROM process r WHERE r.partner_unique_id = p.partner_unique_id),
  (SELECT COALESCE(SUM(d.size), 0) FROM process_document d JOIN process r ON r.process_unique_id = d.process_unique_id
    WHERE r.partner_unique_id = p.partner_unique_id),
  (SELECT COUNT(*) FROM callback_configuration c WHERE c.partner_unique_id = p.partner_unique_id)
FROM partner p;

CREATE TRIGGER partner_usage_created AFTER INSERT ON partner BEGIN
  INSERT OR IGNORE INTO partner_usage (partner_unique_id) VALUES (new.partner_unique_id);
END;

CREATE TRIGGER usage_simulation_insert AFTER INSERT ON simulation BEGIN
  UPDATE partner_usage SET simulations = simulations + 1 WHERE partner_unique_id = new.partner_unique_id;
END;
CREATE TRIGGER usage_simulation_delete AFTER DELETE ON simulation BEGIN
  UPDATE partner_usage SET simulations = simulations - 1 WHERE partner_unique_id = old.partner_unique_id;
END;
CREATE TRIGGER usage_process_insert AFTER INSERT ON process BEGIN
  UPDATE partner_usage SET processes = processes + 1 WHERE partner_unique_id = new.partner_unique_id;
END;
CREATE TRIGGER usage_process_delete AFTER DELETE ON process BEGIN
  UPDATE partner_usage SET processes = processes - 1 WHERE partner_unique_id = old.partner_unique_id;
END;
CREATE TRIGGER usage_document_insert AFTER INSERT ON process_document BEGIN
  UPDATE partner_usage SET document_bytes = document_bytes + new.size
  WHERE partner_unique_id = (SELECT partner_unique_id FROM process WHERE process_unique_id = new.process_unique_id);
END;
CREATE TRIGGER usage_document_update AFTER UPDATE OF size ON process_document BEGIN
  UPDATE partner_usage SET document_bytes = document_bytes + new.size - old.size
  WHERE partner_unique_id = (SELECT partner_unique_id FROM process WHERE process_unique_id = new.process_unique_id);
END;
-- A process's documents go by cascade once the process row is gone, when their trigger can no
-- longer find the partner: the process subtracts them itself, just before it goes.
CREATE TRIGGER usage_process_documents BEFORE DELETE ON process BEGIN
  UPDATE partner_usage SET document_bytes = document_bytes -
    (SELECT COALESCE(SUM(size), 0) FROM process_document WHERE process_unique_id = old.process_unique_id)
  WHERE partner_unique_id = old.partner_unique_id;
END;
CREATE TRIGGER usage_document_delete AFTER DELETE ON process_document BEGIN
  UPDATE partner_usage SET document_bytes = document_bytes - old.size
  WHERE partner_unique_id = (SELECT partner_unique_id FROM process WHERE process_unique_id = old.process_unique_id);
END;
CREATE TRIGGER usage_callback_insert AFTER INSERT ON callback_configuration BEGIN
  UPDATE partner_usage SET callback_configurations = callback_configurations + 1 WHERE partner_unique_id = new.partner_unique_id;
END;
CREATE TRIGGER usage_callback_delete AFTER DELETE ON callback_configuration BEGIN
  UPDATE partner_usage SET callback_configurations = callback_configurations - 1 WHERE partner_unique_id = old.partner_unique_id;
END;
