-- Scenarios: the scenario a simulation or process runs under (its effects follow the
-- record: an update of a "Teste Recusado" simulation stays not eligible, its process is driven at
-- Submit), the reason of a non-eligibility forced by a scenario or the control API
-- (simulation-reject-reasons), and the reason of a rejected process (proposal-reject-reasons).
ALTER TABLE simulation ADD COLUMN scenario TEXT;
ALTER TABLE simulation ADD COLUMN reject_reason_id INTEGER;
ALTER TABLE process ADD COLUMN scenario TEXT;
ALTER TABLE process ADD COLUMN reject_reason_id INTEGER;
