-- The language of a partner's notifications (docs/design.md "Callbacks"): every text of a
-- notification's payload is written in it. pt-PT, the bank's, unless the partner's administrator
-- sets en.
ALTER TABLE partner ADD COLUMN language TEXT NOT NULL DEFAULT 'pt-PT' CHECK (language IN ('pt-PT', 'en'));
