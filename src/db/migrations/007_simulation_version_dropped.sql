-- The detail cache learns of every write of a simulation from SQLite triggers (src/db/row-writes.ts)
-- instead of comparing a write counter on each read: the counter goes.
ALTER TABLE simulation DROP COLUMN version;
