-- name: EnqueueEmail :one
-- One message into the outbox, in the caller's transaction; the senders pick it up once it commits.
INSERT INTO outbox_emails (user_id, to_address, category, kind, subject, text_body, html_body, unsubscribe_url, send_after)
VALUES (sqlc.narg(user_id), sqlc.arg(to_address), sqlc.arg(category), sqlc.arg(kind), sqlc.arg(subject),
    sqlc.arg(text_body), sqlc.arg(html_body), sqlc.narg(unsubscribe_url),
    coalesce(sqlc.narg(send_after)::timestamptz, now()))
RETURNING id;

-- name: CountRecentEmails :one
-- How many messages of one kind went (or wait to go) to one address since a time: the
-- per-address caps on verification and reset mail.
SELECT count(*)::int FROM outbox_emails
WHERE lower(to_address) = lower(sqlc.arg(to_address)) AND kind = sqlc.arg(kind)
    AND created_at >= sqlc.arg(since);

-- name: GetSigningKey :one
SELECT key FROM signing_keys WHERE name = sqlc.arg(name);

-- name: CreateSigningKey :exec
-- Makes the named key unless another server already did (GetSigningKey then reads the one kept).
INSERT INTO signing_keys (name, key) VALUES (sqlc.arg(name), sqlc.arg(key))
ON CONFLICT (name) DO NOTHING;
