-- A partner's own scenarios (docs/design.md "Scenarios and sandbox control"): the same document as a
-- scenario file, stored as the JSON the schema accepted, one per name and partner. They go with
-- the partner; a reset keeps them, as it keeps the partner's users.
CREATE TABLE partner_scenario (
  partner_unique_id TEXT NOT NULL REFERENCES partner (partner_unique_id) ON DELETE CASCADE,
  name              TEXT NOT NULL,
  document          TEXT NOT NULL,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  PRIMARY KEY (partner_unique_id, name)
) WITHOUT ROWID;

-- Counted like the other quotas, in the writing transaction: how many (a number quota) and their
-- bytes (in the storage quota), each row with a fixed part of 256 bytes for its key and dates.
ALTER TABLE partner_usage ADD COLUMN scenarios INTEGER NOT NULL DEFAULT 0;
ALTER TABLE partner_usage ADD COLUMN scenario_bytes INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER usage_partner_scenario_insert AFTER INSERT ON partner_scenario BEGIN
  UPDATE partner_usage SET scenarios = scenarios + 1, scenario_bytes = scenario_bytes + 256 + octet_length(new.name) + octet_length(new.document)
  WHERE partner_unique_id = new.partner_unique_id;
END;
CREATE TRIGGER usage_partner_scenario_update AFTER UPDATE OF document ON partner_scenario BEGIN
  UPDATE partner_usage SET scenario_bytes = scenario_bytes - octet_length(old.document) + octet_length(new.document)
  WHERE partner_unique_id = new.partner_unique_id;
END;
CREATE TRIGGER usage_partner_scenario_delete AFTER DELETE ON partner_scenario BEGIN
  UPDATE partner_usage SET scenarios = scenarios - 1, scenario_bytes = scenario_bytes - 256 - octet_length(old.name) - octet_length(old.document)
  WHERE partner_unique_id = old.partner_unique_id;
END;
