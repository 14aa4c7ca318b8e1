-- name: LockUploader :exec
-- Serialises one account's uploads until the transaction ends, so the daily count it checks
-- stays true until its own rows are in (class 7272 of the two-key advisory locks).
SELECT pg_advisory_xact_lock(7272, sqlc.arg(owner_id)::int);

-- name: CountRecentUploads :one
-- An account's uploads in the last 24 hours, and the seconds until the oldest of them leaves
-- that window.
SELECT count(*)::int AS uploads,
       coalesce(ceil(extract(epoch FROM min(created_at) + interval '24 hours' - now())), 0)::int AS retry_after_seconds
FROM uploads
WHERE owner_id = $1 AND created_at > now() - interval '24 hours';

-- name: CreateUploads :exec
INSERT INTO uploads (key, owner_id, bytes, width, height)
SELECT unnest(sqlc.arg(keys)::text[]), sqlc.arg(owner_id), unnest(sqlc.arg(bytes)::int[]),
       unnest(sqlc.arg(widths)::int[]), unnest(sqlc.arg(heights)::int[]);

-- name: AttachUploadsToProperty :many
-- Claims the owner's unattached listing images (properties/ keys) among keys for a listing; the
-- caller compares the keys returned with those asked for. Row locks make a concurrent claim of
-- the same upload wait, then find it attached.
UPDATE uploads SET attached_at = now(), property_id = sqlc.arg(property_id)
WHERE key = ANY(sqlc.arg(keys)::text[]) AND key LIKE 'properties/%'
  AND owner_id = sqlc.arg(owner_id) AND attached_at IS NULL
RETURNING key;

-- name: AttachUploadsToReview :many
-- As AttachUploadsToProperty, for a review's photos (reviews/ keys).
UPDATE uploads SET attached_at = now(), review_id = sqlc.arg(review_id)
WHERE key = ANY(sqlc.arg(keys)::text[]) AND key LIKE 'reviews/%'
  AND owner_id = sqlc.arg(owner_id) AND attached_at IS NULL
RETURNING key;

-- name: GetUploadAccess :one
-- What decides who may see an upload: its uploader, whether it is attached, for a review's photo
-- whether that review is published and shown (not gone, nor held by the blind reveal, which hides
-- its photos as it hides its text), and for a listing's image
-- whether an administrator or the owner's closed account hid the listing. Only files the
-- service stored re-encoded (their size recorded) are found: a legacy row the migration
-- backfilled (bytes null, stored as uploaded) reads as no upload, and so is never served.
SELECT u.owner_id, (u.attached_at IS NOT NULL)::bool AS attached,
       (u.review_id IS NOT NULL OR u.key LIKE 'reviews/%')::bool AS review_photo,
       coalesce(r.status = 'published' AND (r.reveal_at IS NULL OR r.reveal_at <= now()), false)::bool AS review_shown,
       coalesce(p.hidden_reason IS NOT NULL, false)::bool AS listing_hidden
FROM uploads u
LEFT JOIN reviews r ON r.id = u.review_id
LEFT JOIN properties p ON p.id = u.property_id
WHERE u.key = $1 AND u.bytes IS NOT NULL;

-- name: ListUploadsByKey :many
SELECT * FROM uploads WHERE key = ANY(sqlc.arg(keys)::text[]);

-- name: ListStaleUploads :many
-- Uploads never attached, a day or more after their upload, oldest first.
SELECT key FROM uploads
WHERE attached_at IS NULL AND created_at < now() - interval '24 hours'
ORDER BY created_at
LIMIT $1;

-- name: DeleteStaleUpload :execrows
-- Deletes one upload if it is still unattached (an attach that came first wins); the row stays
-- locked until the caller has removed the file and commits.
DELETE FROM uploads
WHERE key = $1 AND attached_at IS NULL AND created_at < now() - interval '24 hours';
