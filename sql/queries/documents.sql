-- Ownership documents (internal/document): private files of direct-verification requests.

-- name: LockOwnedProperty :one
-- The property documents are for, locked until the transaction ends, so two submissions of
-- one owner take turns.
SELECT id, title, landlord_id, verified FROM properties WHERE id = $1 AND active FOR NO KEY UPDATE;

-- name: GetPropertyOwner :one
SELECT id, landlord_id, verified FROM properties WHERE id = $1 AND active;

-- name: CountRecentDocuments :one
-- Documents the account uploaded in the last 24 hours, as an owner or as a tenant (one daily cap
-- for both), and the seconds until the oldest of them leaves that window.
SELECT count(*)::int AS documents,
       coalesce(ceil(extract(epoch FROM min(created_at) + interval '24 hours' - now())), 0)::int AS retry_after_seconds
FROM (SELECT created_at FROM ownership_documents WHERE owner_id = sqlc.arg(owner_id) AND created_at > now() - interval '24 hours'
      UNION ALL
      SELECT created_at FROM tenancy_documents WHERE tenant_id = sqlc.arg(owner_id) AND created_at > now() - interval '24 hours') d;

-- name: CreateDocument :one
INSERT INTO ownership_documents (token, key, owner_id, property_id, file_name, content_type, bytes)
VALUES ($1, $2, $3, $4, $5, $6, $7)
RETURNING *;

-- name: GetDocumentByToken :one
SELECT * FROM ownership_documents WHERE token = $1;

-- name: CanReadDocument :one
-- Whether reader may open the document: its owner, an administrator, or someone the property's
-- owner asked to confirm that property.
SELECT (d.owner_id = sqlc.arg(reader_id)
    OR EXISTS (SELECT 1 FROM users u WHERE u.id = sqlc.arg(reader_id) AND u.role = 'admin')
    OR EXISTS (SELECT 1 FROM verification_requests vr JOIN properties p ON p.id = vr.property_id
               WHERE vr.property_id = d.property_id AND vr.requested_to_id = sqlc.arg(reader_id)
                 AND vr.requested_by_id = p.landlord_id))::bool AS allowed
FROM ownership_documents d WHERE d.id = sqlc.arg(document_id);

-- name: CreateDocumentRequest :one
-- The owner's direct-verification request, to the administrators (no addressee), with no expiry
-- in practice: it waits for a decision.
INSERT INTO verification_requests (property_id, requested_by_id, message, owner_username,
    documents_provided, self_verified, document_urls, expires_at)
VALUES ($1, $2, $3, $4, true, true, sqlc.arg(document_urls)::text[], now() + interval '100 years')
RETURNING id;

-- name: AttachDocuments :many
-- Attaches the owner's unattached documents of the property named by token to the request.
UPDATE ownership_documents SET request_id = sqlc.arg(request_id)
WHERE token = ANY(sqlc.arg(tokens)::text[]) AND owner_id = sqlc.arg(owner_id) AND property_id = sqlc.arg(property_id)
  AND request_id IS NULL AND deleted_at IS NULL
RETURNING token;

-- name: ListExpiredDocuments :many
-- Files to delete: documents of requests decided more than retention_days ago (document.RetentionDays),
-- and documents never attached a day after their upload.
SELECT d.id, d.key, d.request_id FROM ownership_documents d
LEFT JOIN verification_requests r ON r.id = d.request_id
WHERE d.deleted_at IS NULL AND (
    (d.request_id IS NULL AND d.created_at < now() - interval '1 day')
    OR (r.responded_at < now() - make_interval(days => sqlc.arg(retention_days)::int) AND r.status IN ('approved', 'rejected')))
ORDER BY d.id
LIMIT sqlc.arg(max_rows);

-- name: MarkDocumentDeleted :execrows
-- The file is gone; the row stays when it belongs to a request (the audit), else it goes.
UPDATE ownership_documents SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL AND request_id IS NOT NULL;

-- name: DeleteUnattachedDocument :execrows
DELETE FROM ownership_documents WHERE id = $1 AND request_id IS NULL;
