-- When the sandbox really received each journaled request (docs/decisions/0310-the-clock-moves-business-not-transport.md).
-- `at` is on the partner's test clock, which an advance moves and a return brings back; the
-- certification reads its windows and judges a client's timing (Retry-After honoured, a decision
-- followed) on the real time, which only moves forward.
ALTER TABLE request_journal ADD COLUMN received_at TEXT;

-- Entries written before this column: their partner's time is the best we know of them (the same
-- as the real time unless the partner's clock had been advanced).
UPDATE request_journal SET received_at = at;
