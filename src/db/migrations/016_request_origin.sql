-- Who made a journaled request, as the sandbox knows it (docs/design.md "Request journal"): 'api' for a
-- client over HTTP, 'console' for the console's "try it" through the sandbox's own loopback. The
-- certification's client checks leave out the console's calls by this column, never by a header a
-- client could send as well.
ALTER TABLE request_journal ADD COLUMN origin TEXT NOT NULL DEFAULT 'api' CHECK (origin IN ('api', 'console'));

-- Entries written before this column: the console's calls were told by their User-Agent, the only
-- mark they had. Their window is short (the journal is a ring, the certification reads a day).
UPDATE request_journal SET origin = 'console' WHERE seq IN (
  SELECT seq FROM request_journal_body WHERE request_headers LIKE '%"user-agent":"mortgage-sandbox-console/%');
