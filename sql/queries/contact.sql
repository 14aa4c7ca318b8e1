-- name: CreateContactMessage :exec
INSERT INTO contact_messages (name, email, subject, message, user_id)
VALUES (sqlc.arg(name), sqlc.arg(email), sqlc.arg(subject), sqlc.arg(message), sqlc.narg(user_id));

-- name: DeleteExpiredContactMessages :execrows
-- Retention: deletes up to batch_size messages older than keep_months, oldest first, through
-- contact_messages_created (an empty range costs one index probe). Rows another sender's
-- transaction is deleting are skipped, so concurrent sends never wait on each other here.
DELETE FROM contact_messages WHERE id IN (
    SELECT id FROM contact_messages
    WHERE created_at < now() - make_interval(months => sqlc.arg(keep_months)::int)
    ORDER BY created_at, id
    LIMIT sqlc.arg(batch_size)::int
    FOR UPDATE SKIP LOCKED
);

-- name: ListContactMessages :many
-- One page of messages newest first (open ones only unless include_handled), with how many
-- match (total) and how many are open, in one statement: the counts row is always there, the
-- page's columns are NULL when the page is empty. Messages past keep_months are never listed,
-- whether or not the retention's delete has reached them yet. (live is inlined in both uses, so
-- the page is read in index order, not sorted out of a materialised copy.)
WITH live AS NOT MATERIALIZED (
    SELECT * FROM contact_messages
    WHERE created_at >= now() - make_interval(months => sqlc.arg(keep_months)::int)
), counts AS (
    SELECT count(*) FILTER (WHERE sqlc.arg(include_handled)::boolean OR handled_at IS NULL)::int AS total,
        count(*) FILTER (WHERE handled_at IS NULL)::int AS open
    FROM live
), page AS (
    SELECT m.id, m.name, m.email, m.subject, m.message, m.user_id, m.created_at, m.handled_at,
        u.username AS handled_by_username,
        (SELECT count(*) FROM contact_replies r WHERE r.message_id = m.id)::int AS replies
    FROM live m LEFT JOIN users u ON u.id = m.handled_by
    WHERE sqlc.arg(include_handled)::boolean OR m.handled_at IS NULL
    ORDER BY m.created_at DESC, m.id DESC
    LIMIT sqlc.arg(page_size)::int OFFSET sqlc.arg(page_offset)::int
)
SELECT c.total, c.open, p.id, p.name, p.email, p.subject, p.message, p.user_id, p.created_at, p.handled_at,
    p.handled_by_username, p.replies
FROM counts c LEFT JOIN page p ON true
ORDER BY p.created_at DESC, p.id DESC;

-- name: SetContactMessageHandled :one
-- Marks a message handled by admin_id now, or open again (handled false); a message already in
-- that state keeps who handled it and when. Answers the message as it now is.
WITH m AS (
    UPDATE contact_messages c SET
        handled_at = CASE WHEN sqlc.arg(handled)::boolean THEN coalesce(c.handled_at, now()) END,
        handled_by = CASE WHEN sqlc.arg(handled)::boolean THEN CASE WHEN c.handled_at IS NULL THEN sqlc.arg(admin_id)::int ELSE c.handled_by END END
    WHERE c.id = sqlc.arg(id)
        AND c.created_at >= now() - make_interval(months => sqlc.arg(keep_months)::int)
    RETURNING *
)
SELECT m.id, m.name, m.email, m.subject, m.message, m.user_id, m.created_at, m.handled_at,
    u.username AS handled_by_username,
    (SELECT count(*) FROM contact_replies r WHERE r.message_id = m.id)::int AS replies
FROM m LEFT JOIN users u ON u.id = m.handled_by;

-- name: ReplyToContactMessage :one
-- Keeps an administrator's reply to a message (within keep_months) and marks the message handled
-- by them, unless it was already; answers the message as it now is, this reply counted (the
-- statement's snapshot does not see the row it inserts).
WITH reply AS (
    INSERT INTO contact_replies (message_id, admin_id, body)
    SELECT c.id, sqlc.arg(admin_id)::int, sqlc.arg(body)::text FROM contact_messages c
    WHERE c.id = sqlc.arg(id) AND c.created_at >= now() - make_interval(months => sqlc.arg(keep_months)::int)
    RETURNING message_id
), m AS (
    UPDATE contact_messages c SET
        handled_at = coalesce(c.handled_at, now()),
        handled_by = CASE WHEN c.handled_at IS NULL THEN sqlc.arg(admin_id)::int ELSE c.handled_by END
    FROM reply WHERE c.id = reply.message_id
    RETURNING c.*
)
SELECT m.id, m.name, m.email, m.subject, m.message, m.user_id, m.created_at, m.handled_at,
    u.username AS handled_by_username,
    (SELECT count(*) FROM contact_replies r WHERE r.message_id = m.id)::int + 1 AS replies
FROM m LEFT JOIN users u ON u.id = m.handled_by;
