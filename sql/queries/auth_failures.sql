-- name: RecentFailures :many
-- For each key, the failures inside the window and when the oldest of them leaves it.
SELECT key, count(*)::int AS failures, (min(created_at) + (sqlc.arg(window_seconds)::int * interval '1 second'))::timestamptz AS retry_at
FROM auth_failures
WHERE key = ANY(sqlc.arg(keys)::text[]) AND created_at > now() - (sqlc.arg(window_seconds)::int * interval '1 second')
GROUP BY key;

-- name: RecordFailures :exec
INSERT INTO auth_failures (key) SELECT unnest(sqlc.arg(keys)::text[]);

-- name: ClearFailures :exec
DELETE FROM auth_failures WHERE key = $1;

-- name: DeleteOldFailures :exec
DELETE FROM auth_failures WHERE created_at < now() - (sqlc.arg(window_seconds)::int * interval '1 second');
