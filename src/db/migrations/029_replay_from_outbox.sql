-- A listener's replay reads the partner's outbox (decision 1090): a notification no receiver took is
-- the outbox row itself, skipped or disabled, that no listen delivery names. A second row kept for it
-- (migration 026) cost every change that raised a notification a write: 7% of a Simulation Create.

-- When the notification was published, on the machine's clock: a replay's window is transport time,
-- as every transport time (decision 0310), where created_at is the partner's clock. Null on the rows
-- published before: their replay window reads created_at.
ALTER TABLE notification ADD COLUMN published_at TEXT;

DROP TRIGGER usage_listen_kept_insert;
DROP TRIGGER usage_listen_kept_delete;
DROP TABLE listen_kept;
ALTER TABLE partner_usage DROP COLUMN kept_notification_bytes;
