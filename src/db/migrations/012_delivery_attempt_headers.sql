-- What each delivery attempt sent besides the body (docs/design.md "Callbacks"): webhook-id,
-- webhook-timestamp, webhook-signature, User-Agent, Content-Type. Null for an attempt that was never
-- sent (no DNS answer, a refused address) and for attempts made before this column.
ALTER TABLE delivery_attempt ADD COLUMN request_headers TEXT;
