-- name: CreateSession :exec
INSERT INTO sessions (user_id, token_hash, expires_at, user_agent, client_ip)
VALUES ($1, $2, $3, $4, $5);

-- name: GetSessionUser :one
-- The user of a live session: not revoked, before its absolute expiry, used within the idle window.
SELECT u.id AS user_id, u.username, u.role, s.id AS session_id, s.last_seen_at
FROM sessions s
JOIN users u ON u.id = s.user_id
WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
  AND s.last_seen_at > now() - (sqlc.arg(idle_seconds)::int * interval '1 second');

-- name: TouchSession :exec
UPDATE sessions SET last_seen_at = now() WHERE id = $1;

-- name: RevokeSession :exec
UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL;

-- name: RevokeUserSessions :exec
UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL;

-- name: DeleteDeadSessions :exec
-- Housekeeping: sessions that can never be used again.
DELETE FROM sessions WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day';

-- name: IsKnownDevice :one
-- Whether the browser is one the account trusts: it signed in before and was not forgotten since.
SELECT EXISTS (SELECT 1 FROM known_devices WHERE token_hash = $1 AND user_id = $2 AND forgotten_at IS NULL);

-- name: RememberDevice :exec
INSERT INTO known_devices (token_hash, user_id) VALUES ($1, $2)
ON CONFLICT (token_hash, user_id) DO UPDATE SET last_used_at = now(), forgotten_at = NULL;

-- name: ForgetOtherDevices :exec
-- A new password, or the member ending their other sessions, forgets the account's browsers but
-- keep (the one that asked; none when NULL): one that signed in the old way is new again, alerted
-- and held by the account-wide limit at its next sign-in. The rows stay, marked: a browser still
-- links the accounts that used it (accounts_linked; 20261209000100).
UPDATE known_devices SET forgotten_at = now()
WHERE user_id = sqlc.arg(user_id) AND token_hash IS DISTINCT FROM sqlc.narg(keep)::bytea AND forgotten_at IS NULL;

-- name: DeleteStaleDevices :exec
-- Housekeeping: a device unused for longer than its cookie lives is forgotten.
DELETE FROM known_devices WHERE last_used_at < now() - (sqlc.arg(older_than_seconds)::int * interval '1 second');

-- name: RecordSignIn :exec
-- Kept 90 days: where and with which browser the account signed in (see sign_ins).
INSERT INTO sign_ins (user_id, network, device_hash) VALUES ($1, $2, $3);

-- name: DeleteOldSignIns :exec
-- Housekeeping: sign-ins older than the history kept.
DELETE FROM sign_ins WHERE created_at < now() - (sqlc.arg(older_than_seconds)::int * interval '1 second');

-- name: ConfirmSession :exec
-- A passkey ceremony proved the owner is at this session's keyboard.
UPDATE sessions SET confirmed_at = now() WHERE id = $1 AND revoked_at IS NULL;

-- name: SessionConfirmedWithin :one
-- Whether a passkey confirmed the session within the window.
SELECT EXISTS (
    SELECT 1 FROM sessions
    WHERE id = $1 AND revoked_at IS NULL
      AND confirmed_at > now() - (sqlc.arg(window_seconds)::int * interval '1 second')
) AS confirmed;
