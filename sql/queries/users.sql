-- name: GetUserBySessionToken :one
-- The session's user when the token is live; touching it extends nothing (expiry is absolute).
SELECT u.* FROM sessions s
JOIN users u ON u.id = s.user_id
WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now();

-- name: CountUsers :one
SELECT count(*) FROM users;
