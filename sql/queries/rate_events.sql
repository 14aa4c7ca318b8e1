-- name: LockRateKeys :exec
-- Takes the transaction-scoped advisory lock of every key, in one order so that two requests
-- sharing keys never wait on each other in a cycle. Held until the transaction ends.
SELECT pg_advisory_xact_lock(h) FROM (
    SELECT DISTINCT hashtextextended(k, 727276) AS h FROM unnest(sqlc.arg(keys)::text[]) AS k ORDER BY h OFFSET 0
) locks;

-- name: CountRateEvents :many
-- For each key, the events inside its window and when the oldest of them leaves it.
SELECT k.key::text AS key, count(e.id)::int AS events,
    (coalesce(min(e.created_at), now()) + w.seconds * interval '1 second')::timestamptz AS retry_at
FROM unnest(sqlc.arg(keys)::text[]) WITH ORDINALITY AS k (key, i)
JOIN unnest(sqlc.arg(window_seconds)::int[]) WITH ORDINALITY AS w (seconds, i) ON w.i = k.i
LEFT JOIN rate_events e ON e.key = k.key AND e.created_at > now() - w.seconds * interval '1 second'
GROUP BY k.key, w.seconds;

-- name: RecordRateEvents :many
INSERT INTO rate_events (key) SELECT unnest(sqlc.arg(keys)::text[]) RETURNING id;

-- name: ReleaseRateEvents :exec
-- Gives reserved events back: the attempt succeeded and is not to be counted.
DELETE FROM rate_events WHERE id = ANY(sqlc.arg(ids)::bigint[]);

-- name: ClearRateEvents :exec
DELETE FROM rate_events WHERE key = ANY(sqlc.arg(keys)::text[]);

-- name: DeleteOldRateEvents :exec
-- Housekeeping: events older than the longest window count for nothing.
DELETE FROM rate_events WHERE created_at < now() - (sqlc.arg(older_than_seconds)::int * interval '1 second');
