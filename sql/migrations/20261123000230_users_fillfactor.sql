-- migrate:up

-- Every credit and debit of the token ledger updates users.tokens (internal/ledger). A user's row
-- that fills its page can only be updated by writing a new version on another page and a new
-- entry in each of the table's five indexes (the trigram one included); with room left on the
-- page the update stays on it (a HOT update) and touches no index. Pages written from now on keep
-- a tenth free; existing full pages gain room as vacuum reclaims the versions updates leave.
ALTER TABLE users SET (fillfactor = 90);

-- migrate:down

ALTER TABLE users RESET (fillfactor);
