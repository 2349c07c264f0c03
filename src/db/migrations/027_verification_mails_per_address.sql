-- The verification e-mails sent to one address on one day (the machine's UTC date), by every partner
-- together: each goes to an address nobody has vouched for yet, so the address, not only the partner
-- asking, has a daily allowance. Keyed by the address as the recipients key it (trimmed, lower case)
-- and of no partner: a reset or a partner's deletion keeps the count. Only the current day's rows are
-- of use: each new count deletes the older ones.
CREATE TABLE mail_address_day (
  email_key     TEXT PRIMARY KEY,
  day           TEXT NOT NULL,
  verifications INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
