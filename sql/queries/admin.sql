-- The administrators' queue and decisions (internal/admin).

-- name: ListAdminQueue :many
-- Open document requests, paid checks and held approvals, paid checks first, then oldest first.
SELECT d.*, coalesce(r.payment_intent_id, '')::text AS payment_intent_id, coalesce(r.payment_status, '')::text AS payment_status,
    (r.payment_intent_id IS NOT NULL AND r.status = 'paid')::bool AS paid_check
FROM verification_requests r
JOIN verification_request_details d ON d.id = r.id
WHERE r.status IN ('paid', 'held') OR (r.status = 'pending' AND r.requested_to_id IS NULL AND r.documents_provided)
ORDER BY (r.status = 'paid') DESC, r.created_at, r.id
LIMIT sqlc.arg(max_rows) OFFSET sqlc.arg(row_offset);

-- name: GetRequestForDecision :one
SELECT id, property_id, requested_by_id, requested_to_id, status, documents_provided, payment_intent_id
FROM verification_requests WHERE id = $1;

-- name: LockRequestForDecision :one
-- Locks the request (after its property): parallel decisions queue here, the first commits and
-- the others find its status changed.
SELECT id, property_id, requested_by_id, requested_to_id, status, documents_provided, payment_intent_id
FROM verification_requests WHERE id = $1 FOR UPDATE;

-- name: DecideRequest :execrows
UPDATE verification_requests SET status = sqlc.arg(status),
    documents_verified = documents_provided AND sqlc.arg(status) = 'approved',
    response_message = CASE WHEN requested_to_id IS NULL THEN sqlc.narg(message) ELSE response_message END,
    status_reason = CASE WHEN requested_to_id IS NULL THEN status_reason ELSE sqlc.narg(message) END,
    responded_at = now(), updated_at = now()
WHERE id = sqlc.arg(id) AND status = sqlc.arg(from_status);

-- name: GrantCheckedVerification :exec
-- An administrator checked the property (proof documents or paid_check).
INSERT INTO property_verifications (property_id, proof, request_id, granted_by)
VALUES ($1, $2, $3, $4);

-- name: RecordAdminDecision :one
INSERT INTO admin_decisions (admin_id, request_id, review_id, property_id, decision, message)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING *;

-- name: ListAdminDecisions :many
-- Decisions, newest first: of one request, one review, or all when both are null.
SELECT d.*, coalesce(u.username, '')::text AS admin_username FROM admin_decisions d
LEFT JOIN users u ON u.id = d.admin_id
WHERE (sqlc.narg(request_id)::int IS NULL OR d.request_id = sqlc.narg(request_id))
  AND (sqlc.narg(review_id)::int IS NULL OR d.review_id = sqlc.narg(review_id))
ORDER BY d.created_at DESC, d.id DESC
LIMIT sqlc.arg(max_rows) OFFSET sqlc.arg(row_offset);
