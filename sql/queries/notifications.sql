-- name: CreateNotifications :exec
-- One notification to each of several members in the event's transaction, each counted in its
-- member's burst of the kind this UTC hour (the upsert's row lock makes parallel events count
-- each other; taken in member order, so two events never wait on each other in a cycle), and,
-- when email is given, its compact email to each member who gets it: among the first
-- individually of the hour, the address verified, and email on for the category (the member's
-- choice in notification_preferences, else email_default: the rule of notify.WantsEmail, which
-- TestEmailRuleInSQLMatchesGo holds equal). One statement, whatever it writes. A closed account
-- is told nothing (an event after its closure, such as a response to a review it kept).
WITH burst AS (
    INSERT INTO notify_bursts AS b (user_id, kind, hour, sent)
    SELECT u.id, sqlc.arg(kind)::text, date_trunc('hour', now(), 'UTC'), 1
    FROM users u
    WHERE u.id = ANY (sqlc.arg(user_ids)::int[]) AND u.closed_at IS NULL
    ORDER BY u.id
    ON CONFLICT (user_id, kind, hour) DO UPDATE SET sent = b.sent + 1
    RETURNING user_id, sent
), n AS (
    INSERT INTO notifications (user_id, category, kind, title, body, link, burst_seq)
    SELECT burst.user_id, sqlc.arg(category), sqlc.arg(kind), sqlc.arg(title), sqlc.arg(body), sqlc.arg(link), burst.sent
    FROM burst
    RETURNING id, user_id, burst_seq
), emailed AS (
    INSERT INTO outbox_emails (user_id, to_address, category, kind, subject, content, status,
        attachment_name, attachment_type, attachment)
    SELECT u.id, u.email, sqlc.arg(category), sqlc.arg(kind), sqlc.arg(title), sqlc.narg(email)::jsonb, 'queued',
        sqlc.narg(attachment_name), sqlc.narg(attachment_type), sqlc.narg(attachment)::bytea
    FROM n JOIN users u ON u.id = n.user_id
    WHERE sqlc.narg(email)::jsonb IS NOT NULL AND n.burst_seq <= sqlc.arg(individually)::int
        AND u.email_verified_at IS NOT NULL
        AND CASE jsonb_typeof(u.notification_preferences -> 'email' -> sqlc.arg(category)::text)
            WHEN 'boolean' THEN (u.notification_preferences -> 'email' ->> sqlc.arg(category)::text)::bool
            ELSE sqlc.arg(email_default)::bool END
    RETURNING id
)
SELECT count(*) FROM emailed; -- every part runs, read or not

-- name: WantsEmail :one
-- The email rule of CreateNotifications on one stored preferences value (its test's reference).
SELECT CASE jsonb_typeof(sqlc.narg(preferences)::jsonb -> 'email' -> sqlc.arg(category)::text)
    WHEN 'boolean' THEN (sqlc.narg(preferences)::jsonb -> 'email' ->> sqlc.arg(category)::text)::bool
    ELSE sqlc.arg(email_default)::bool END::bool AS wants;

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

-- name: GetRefundNotice :one
-- Who paid for a refunded paid check, and for which property: what their notification says.
SELECT r.requested_by_id, r.property_id, p.title, f.amount_cents
FROM paid_check_refunds f
JOIN verification_requests r ON r.id = f.request_id
JOIN properties p ON p.id = r.property_id
WHERE f.request_id = sqlc.arg(request_id);

-- name: GetTenancyNotice :one
-- A tenancy claim as its notifications name it: its tenant (by the name the claim shows its owner:
-- their username is the administrators'), stage, property and owner.
SELECT t.tenant_id, coalesce(t.stage, '')::text AS stage, p.id AS property_id, p.title, p.landlord_id,
    coalesce(u.first_name, '')::text AS tenant_first_name, coalesce(u.last_name, '')::text AS tenant_last_name
FROM tenant_verifications t
JOIN properties p ON p.id = t.property_id
LEFT JOIN users u ON u.id = t.tenant_id
WHERE t.id = sqlc.arg(id);

-- name: GetReviewNotice :one
-- A review as its notifications name it: its author, title and property.
SELECT r.user_id, r.title, p.id AS property_id, p.title AS property_title
FROM reviews r JOIN properties p ON p.id = r.property_id
WHERE r.id = sqlc.arg(id);

-- name: ListUndecidedReporters :many
-- The members whose reports on a review no moderation decision has answered yet (reports made
-- since its last decision): the ones the decision now answers.
SELECT DISTINCT rr.user_id FROM review_reports rr
WHERE rr.review_id = sqlc.arg(review_id)
    AND rr.created_at > coalesce((SELECT max(d.created_at) FROM review_moderation_decisions d WHERE d.review_id = sqlc.arg(review_id)), '-infinity')
ORDER BY rr.user_id;

-- The member's side (/notifications, the bell, /settings › Notifications, unsubscribe links).

-- name: ListNotifications :many
-- One page of a member's notifications, newest first, through notifications_user_id: the page
-- after before (0: the newest), one more row than asked so the caller knows whether more follow.
SELECT * FROM notifications
WHERE user_id = sqlc.arg(user_id) AND (sqlc.arg(before)::bigint = 0 OR id < sqlc.arg(before)::bigint)
ORDER BY id DESC
LIMIT sqlc.arg(page_size)::int;

-- name: CountUnreadNotifications :one
-- The bell's number, from notifications_unread alone, counted up to 100 so a member with
-- thousands unread costs no more than one with a hundred.
SELECT count(*)::int FROM (
    SELECT 1 FROM notifications WHERE user_id = sqlc.arg(user_id) AND read_at IS NULL LIMIT 100
) unread;

-- name: MarkNotificationRead :execrows
-- Marks one notification read, only when it is the member's own (0 rows: not theirs, or none).
-- An already read one keeps its first read_at and still counts as found.
UPDATE notifications SET read_at = coalesce(read_at, now())
WHERE id = sqlc.arg(id) AND user_id = sqlc.arg(user_id);

-- name: MarkAllNotificationsRead :execrows
UPDATE notifications SET read_at = now()
WHERE user_id = sqlc.arg(user_id) AND read_at IS NULL;

-- name: GetNotificationPreferences :one
SELECT notification_preferences FROM users WHERE id = sqlc.arg(user_id);

-- name: GetReplyRecipient :one
-- What notify.Reply needs of a member: their address, whether it is verified, and their choices.
SELECT email, email_verified_at, notification_preferences FROM users WHERE id = sqlc.arg(user_id);

-- name: SetNotificationEmails :execrows
-- Merges changes ({"category": true|false, …}) into the member's email choices in one
-- statement, so two changes at once (the settings page and an unsubscribe link) both hold. A
-- stored value of the wrong shape is replaced rather than failing the change.
UPDATE users SET notification_preferences = jsonb_set(
    CASE WHEN jsonb_typeof(notification_preferences) = 'object' THEN notification_preferences ELSE '{}'::jsonb END,
    '{email}',
    CASE WHEN jsonb_typeof(notification_preferences -> 'email') = 'object' THEN notification_preferences -> 'email' ELSE '{}'::jsonb END
        || sqlc.arg(changes)::jsonb)
WHERE id = sqlc.arg(user_id);
