-- name: CreateNotification :one
-- One notification in the event's transaction, counted in its member's burst of the kind this
-- UTC hour (the upsert's row lock makes parallel events count each other), with what Send needs
-- to decide on an email.
WITH burst AS (
    INSERT INTO notify_bursts AS b (user_id, kind, hour, sent)
    VALUES (sqlc.arg(user_id), sqlc.arg(kind), date_trunc('hour', now(), 'UTC'), 1)
    ON CONFLICT (user_id, kind, hour) DO UPDATE SET sent = b.sent + 1
    RETURNING sent
), n AS (
    INSERT INTO notifications (user_id, category, kind, title, body, link, burst_seq)
    SELECT sqlc.arg(user_id), sqlc.arg(category), sqlc.arg(kind), sqlc.arg(title), sqlc.arg(body), sqlc.arg(link), burst.sent
    FROM burst
    RETURNING id, burst_seq
)
SELECT n.id, n.burst_seq, u.email, u.email_verified_at, u.notification_preferences
FROM n JOIN users u ON u.id = sqlc.arg(user_id);

-- name: ClaimDigests :many
-- The notifications past the fifth of their kind in an hour that has ended, of up to
-- sqlc.arg(hours) bursts not yet digested, each burst marked digested here: two servers never
-- take the same one (SKIP LOCKED), and a rolled-back digest leaves it for the next run.
WITH due AS (
    SELECT b.user_id, b.kind, b.hour FROM notify_bursts b
    WHERE b.digested_at IS NULL AND b.hour < date_trunc('hour', now(), 'UTC') AND b.sent > sqlc.arg(individually)::int
    ORDER BY b.hour
    LIMIT sqlc.arg(hours)
    FOR UPDATE SKIP LOCKED
), marked AS (
    UPDATE notify_bursts b SET digested_at = now()
    FROM due WHERE (b.user_id, b.kind, b.hour) = (due.user_id, due.kind, due.hour)
    RETURNING b.user_id, b.kind, b.hour
)
SELECT m.hour, n.id, n.user_id, n.category, n.kind, n.title, n.body, n.link, n.created_at,
    u.email, u.email_verified_at, u.notification_preferences
FROM marked m
JOIN notifications n ON n.user_id = m.user_id AND n.kind = m.kind AND n.burst_seq > sqlc.arg(individually)::int
    AND n.created_at >= m.hour AND n.created_at < m.hour + interval '1 hour'
JOIN users u ON u.id = m.user_id
ORDER BY m.user_id, m.kind, m.hour, n.id;

-- name: PruneBursts :execrows
-- Forgets the counters of hours long over: digested, or never past the fifth.
DELETE FROM notify_bursts
WHERE hour < now() - interval '2 hours'
    AND (digested_at IS NOT NULL OR sent <= sqlc.arg(individually)::int);
