-- The delivery worker only ever looks for pending notifications, and most notifications are never
-- pending (skipped when the partner registered no callback for their type, then delivered): the
-- worker's two indexes hold the pending ones only, so writing any other costs them nothing.
DROP INDEX notification_pending;
DROP INDEX notification_due;
CREATE INDEX notification_pending ON notification (resource_key, seq) WHERE status = 'pending';
CREATE INDEX notification_due ON notification (next_attempt_at, seq) WHERE status = 'pending';
