-- The console shows on a simulation's or a process's page the notifications it sent (its timeline);
-- the pending-only index of 008 does not serve delivered ones.
CREATE INDEX notification_resource ON notification (resource_key, seq);

-- The headers of each journaled answer (Retry-After, RateLimit-*, …), shown on the console's request
-- page; entries written before have none (NULL).
ALTER TABLE request_journal_body ADD COLUMN response_headers TEXT;
