-- The network fault a journaled request was answered with (docs/design.md "Network faults"): its kind,
-- and whether the operation ran and committed its writes before it. The certification's client checks
-- read them: what a client did after a reset, a timeout, a Create it could not read the answer of.
ALTER TABLE request_journal ADD COLUMN fault TEXT;
ALTER TABLE request_journal ADD COLUMN fault_after_write INTEGER NOT NULL DEFAULT 0 CHECK (fault_after_write IN (0, 1));
