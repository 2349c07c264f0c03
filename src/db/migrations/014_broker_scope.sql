-- Roles within a partner (docs/design.md "Roles"): each broker sees only its own notifications,
-- captured e-mails and scenario jobs, so each names the broker of the simulation or process it
-- concerns. NULL names no broker: an item of the partner as a whole (a welcome e-mail, a
-- notification whose simulation or process is gone), which only the partner's administrators see.
-- The request journal has named the caller's broker since it began.

ALTER TABLE notification ADD COLUMN broker_id INTEGER;
UPDATE notification SET broker_id = COALESCE(
  (SELECT p.broker_id FROM process p WHERE p.process_unique_id = notification.process_unique_id),
  (SELECT s.broker_id FROM simulation s WHERE s.simulation_unique_id = notification.simulation_unique_id));

ALTER TABLE mailbox_message ADD COLUMN broker_id INTEGER;
UPDATE mailbox_message SET broker_id = COALESCE(
  (SELECT p.broker_id FROM process p WHERE p.process_unique_id = mailbox_message.process_unique_id),
  (SELECT s.broker_id FROM simulation s WHERE s.simulation_unique_id = mailbox_message.simulation_unique_id));

-- A job's payload has named its broker from the start; the resource is the fallback.
ALTER TABLE sandbox_job ADD COLUMN broker_id INTEGER;
UPDATE sandbox_job SET broker_id = COALESCE(
  json_extract(payload, '$.brokerId'),
  (SELECT p.broker_id FROM process p WHERE p.process_unique_id = json_extract(sandbox_job.payload, '$.processUniqueId')),
  (SELECT s.broker_id FROM simulation s WHERE s.simulation_unique_id = json_extract(sandbox_job.payload, '$.simulationUniqueId')));
