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
