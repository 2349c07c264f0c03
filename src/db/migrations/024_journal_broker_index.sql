-- Every read of the journal is a broker's (its pages newest first, its count, by status class): with
-- the broker and the status in an index, a page is read in the broker's order and a count from the
-- index alone, where it was a scan of the whole table (bench/console-pages.mjs, 100,000 entries).
CREATE INDEX request_journal_broker ON request_journal (partner_unique_id, broker_id, seq, status);
