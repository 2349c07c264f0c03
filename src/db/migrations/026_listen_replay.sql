-- Nothing missed before `mortgage-sandbox listen` connects (docs/design.md "Callbacks on a laptop").

-- A notification that reached no receiver (no listener took it, no active address for its type) is
-- kept for a listener's replay: 24 hours at most, its bytes counted in the partner's storage quota.
-- A listener that connects moves the kept notifications it takes into its deliveries, oldest first.
CREATE TABLE listen_kept (
  notification_seq     INTEGER PRIMARY KEY REFERENCES notification (seq) ON DELETE CASCADE,
  partner_unique_id    TEXT NOT NULL,
  -- Copied from the notification: the listeners that may take it are found without a join.
  broker_id            INTEGER,
  notification_type_id INTEGER NOT NULL,
  resource_key         TEXT NOT NULL,
  -- What it costs in the storage quota: its body and a fixed part of 256 bytes for its row.
  bytes                INTEGER NOT NULL,
  -- The machine's (real) time: the 24 hours and a listener's `since` are transport, not business.
  kept_at              TEXT NOT NULL
);
CREATE INDEX listen_kept_partner ON listen_kept (partner_unique_id, kept_at);
CREATE INDEX listen_kept_age ON listen_kept (kept_at);

ALTER TABLE partner_usage ADD COLUMN kept_notification_bytes INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER usage_listen_kept_insert AFTER INSERT ON listen_kept BEGIN
  UPDATE partner_usage SET kept_notification_bytes = kept_notification_bytes + new.bytes WHERE partner_unique_id = new.partner_unique_id;
END;
CREATE TRIGGER usage_listen_kept_delete AFTER DELETE ON listen_kept BEGIN
  UPDATE partner_usage SET kept_notification_bytes = kept_notification_bytes - old.bytes WHERE partner_unique_id = old.partner_unique_id;
END;

-- A listen delivery made of a kept notification when a listener connected: the listener marks it replayed.
ALTER TABLE listen_delivery ADD COLUMN replayed INTEGER NOT NULL DEFAULT 0;

-- A notification with no address for its type that a listener's receiver accepted was delivered:
-- the delivery log said "skipped" beside the 200.
UPDATE notification SET status = 'delivered', status_reason = 'delivered through mortgage-sandbox listen'
WHERE status = 'skipped' AND seq IN (SELECT notification_seq FROM listen_delivery WHERE status = 'delivered');
