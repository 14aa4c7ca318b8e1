-- Linked accounts (SQL accounts_linked): signed in from one network or browser in 90 days.

-- name: AccountsLinked :one
-- Whether a and b are linked, counting b's client now (network, device hash; either may be
-- null) as one more sign-in of b.
SELECT accounts_linked(sqlc.arg(a)::int, sqlc.arg(b)::int, sqlc.narg(b_network)::text, sqlc.narg(b_device)::bytea)::bool AS linked;
