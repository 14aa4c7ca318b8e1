-- Email address verification, address changes and sign-in alerts (issue 29; internal/account/email.go).

-- name: LockMailAddress :exec
-- Serialises capped mail of one kind to one address until the transaction ends, so parallel
-- requests count each other's rows and cannot pass the hourly cap together.
SELECT pg_advisory_xact_lock(hashtextextended(sqlc.arg(kind)::text || ':' || lower(sqlc.arg(address)::text), 0));

-- name: MarkEmailVerified :execrows
-- Verifies the address only while it is still the account's and not verified yet.
UPDATE users SET email_verified_at = now(), updated_at = now()
WHERE id = sqlc.arg(id) AND email = sqlc.arg(email) AND email_verified_at IS NULL;

-- name: ChangeEmail :one
-- A new address is unverified until its own link is opened.
UPDATE users SET email = sqlc.arg(email), email_verified_at = NULL, updated_at = now()
WHERE id = sqlc.arg(id)
RETURNING *;
