-- Account security (issue 30): a member's own sessions, listed and ended, and the lock that
-- serialises their session and password changes.

-- name: LockUserForSecurityChange :exec
-- Serialises a member's password changes and session endings: the second of two waits, then
-- finds whether the first ended its session.
SELECT id FROM users WHERE id = $1 FOR UPDATE;

-- name: MemberSessionIsLive :one
-- Whether a member's session can still be used (the idle window is the caller's check).
SELECT EXISTS (
    SELECT 1 FROM sessions
    WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()
) AS live;

-- name: ListLiveMemberSessions :many
-- A member's live sessions, most recently used first; never the token hash.
SELECT id, created_at, last_seen_at, expires_at, user_agent, client_ip
FROM sessions
WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
  AND last_seen_at > now() - (sqlc.arg(idle_seconds)::int * interval '1 second')
ORDER BY last_seen_at DESC, id DESC
LIMIT 200;

-- name: EndMemberSession :one
-- Ends one live session of the member; no row when the id is not a live session of theirs.
UPDATE sessions SET revoked_at = now()
WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()
  AND last_seen_at > now() - (sqlc.arg(idle_seconds)::int * interval '1 second')
RETURNING id, user_agent, client_ip;

-- name: EndOtherMemberSessions :execrows
-- Ends every live session of the member but keep.
UPDATE sessions SET revoked_at = now()
WHERE user_id = $1 AND id <> sqlc.arg(keep)::bigint AND revoked_at IS NULL AND expires_at > now()
  AND last_seen_at > now() - (sqlc.arg(idle_seconds)::int * interval '1 second');
