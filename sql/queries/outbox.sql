-- name: EnqueueEmail :one
-- One message into the outbox, in the caller's transaction; the senders pick it up once it commits.
INSERT INTO outbox_emails (user_id, to_address, category, kind, subject, text_body, html_body, unsubscribe_url, send_after,
    attachment_name, attachment_type, attachment)
VALUES (sqlc.narg(user_id), sqlc.arg(to_address), sqlc.arg(category), sqlc.arg(kind), sqlc.arg(subject),
    sqlc.arg(text_body), sqlc.arg(html_body), sqlc.narg(unsubscribe_url),
    coalesce(sqlc.narg(send_after)::timestamptz, now()),
    sqlc.narg(attachment_name), sqlc.narg(attachment_type), sqlc.narg(attachment))
RETURNING id;

-- name: EnqueueCompactEmail :one
-- One notification email into the outbox, compact: what it says (content), rendered by the sender.
INSERT INTO outbox_emails (user_id, to_address, category, kind, subject, content, status,
    attachment_name, attachment_type, attachment)
VALUES (sqlc.arg(user_id), sqlc.arg(to_address), sqlc.arg(category), sqlc.arg(kind), sqlc.arg(subject),
    sqlc.arg(content)::jsonb, 'queued', sqlc.narg(attachment_name), sqlc.narg(attachment_type), sqlc.narg(attachment))
RETURNING id;

-- name: CountRecentEmails :one
-- How many security messages of one kind went (or wait to go) to one address since a time: the
-- per-address caps on verification and reset mail.
SELECT count(*)::int FROM outbox_emails
WHERE lower(to_address) = lower(sqlc.arg(to_address)) AND kind = sqlc.arg(kind)
    AND category = 'security' AND created_at >= sqlc.arg(since);

-- name: GetSigningKey :one
SELECT key FROM signing_keys WHERE name = sqlc.arg(name);

-- name: CreateSigningKey :exec
-- Makes the named key unless another server already did (GetSigningKey then reads the one kept).
INSERT INTO signing_keys (name, key) VALUES (sqlc.arg(name), sqlc.arg(key))
ON CONFLICT (name) DO NOTHING;

-- name: ClaimDueEmails :many
-- The sender's claim: up to max_rows due messages, leased for lease_seconds (send_after moves
-- past the lease, so no other sender takes them meanwhile; a sender that dies mid-batch leaves
-- them due again when the lease ends). Skips rows another sender is claiming. deliverable is
-- false for mail other than security mail whose member's verified address is not to_address.
-- A row is rendered (text_body and html_body, status 'pending') or compact (content, 'queued').
WITH due AS (
    SELECT id FROM outbox_emails
    WHERE status IN ('pending', 'queued') AND send_after <= now()
    ORDER BY send_after, id
    LIMIT sqlc.arg(max_rows)
    FOR UPDATE SKIP LOCKED
)
UPDATE outbox_emails o SET attempts = o.attempts + 1, send_after = now() + make_interval(secs => sqlc.arg(lease_seconds)::int)
FROM due
WHERE o.id = due.id
RETURNING o.id, o.user_id, o.to_address, o.category, o.kind, o.subject, o.text_body, o.html_body, o.content, o.unsubscribe_url, o.attempts,
    o.attachment_name, o.attachment_type, o.attachment,
    (o.category = 'security' OR o.user_id IS NULL OR EXISTS (
        SELECT 1 FROM users u
        WHERE u.id = o.user_id AND u.email_verified_at IS NOT NULL AND lower(u.email) = lower(o.to_address)))::bool AS deliverable;

-- name: MarkEmailSent :exec
UPDATE outbox_emails SET status = 'sent', sent_at = now(), last_error = NULL
WHERE id = sqlc.arg(id) AND status IN ('pending', 'queued');

-- name: PostponeEmail :exec
-- A failed attempt: due again after delay_ms, or dead (a permanent refusal, or too many tries;
-- send_after then says when it died).
UPDATE outbox_emails SET last_error = sqlc.arg(last_error),
    send_after = CASE WHEN sqlc.arg(dead)::bool THEN now() ELSE now() + make_interval(secs => sqlc.arg(delay_ms)::int / 1000.0) END,
    status = CASE WHEN sqlc.arg(dead)::bool THEN 'dead' ELSE status END
WHERE id = sqlc.arg(id) AND status IN ('pending', 'queued');

-- name: WithholdEmail :exec
-- send_after says when it was withheld.
UPDATE outbox_emails SET status = 'withheld', last_error = sqlc.arg(reason), send_after = now()
WHERE id = sqlc.arg(id) AND status IN ('pending', 'queued');

-- name: ReleaseEmails :exec
-- Claimed messages a sender did not get to (shutdown, or its lease running short): due again now,
-- the attempt not counted.
UPDATE outbox_emails SET send_after = now(), attempts = greatest(attempts - 1, 0)
WHERE id = ANY(sqlc.arg(ids)::bigint[]) AND status IN ('pending', 'queued');

-- name: ListUndeliveredEmails :many
-- Dead and withheld mail for /admin, newest first; send_after is when it died or was withheld.
-- With each, its latest resend by an administrator, if any.
SELECT o.id, o.to_address, o.category, o.kind, o.subject, o.status, o.attempts, o.last_error, o.created_at,
    o.send_after AS failed_at, r.created_at AS resent_at, u.username AS resent_by
FROM outbox_emails o
LEFT JOIN outbox_email_resends r ON r.id = (SELECT max(x.id) FROM outbox_email_resends x WHERE x.email_id = o.id)
LEFT JOIN users u ON u.id = r.admin_id
WHERE o.status IN ('dead', 'withheld')
ORDER BY o.id DESC
LIMIT sqlc.arg(page_size)::int OFFSET sqlc.arg(page_offset)::int;

-- name: CountUndeliveredEmails :one
SELECT count(*) FILTER (WHERE status = 'dead')::int AS dead, count(*) FILTER (WHERE status = 'withheld')::int AS withheld
FROM outbox_emails WHERE status IN ('dead', 'withheld');

-- name: ResendEmail :execrows
-- An administrator's resend of a dead message: due again now (pending or queued, as it was
-- written), its tries counted afresh, and the resend kept.
WITH resent AS (
    UPDATE outbox_emails o SET status = CASE WHEN o.text_body IS NULL THEN 'queued' ELSE 'pending' END, attempts = 0, send_after = now(), last_error = NULL
    WHERE o.id = sqlc.arg(email_id) AND o.status = 'dead'
    RETURNING o.id AS resent_id
)
INSERT INTO outbox_email_resends (email_id, admin_id) SELECT resent_id, sqlc.arg(admin_id) FROM resent;

-- name: GetEmailStatus :one
SELECT status FROM outbox_emails WHERE id = sqlc.arg(id);
