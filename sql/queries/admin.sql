-- The verification decision queue: the administrators' queue and decisions (internal/verifyqueue).

-- name: ListAdminQueue :many
-- Open document requests, paid checks, held approvals and confirmations waiting for their owner,
-- paid checks first, then oldest first; each with the address its proof was gathered for, the
-- listing's address now and its type.
SELECT d.*, coalesce(r.payment_intent_id, '')::text AS payment_intent_id, coalesce(r.payment_status, '')::text AS payment_status,
    (r.payment_intent_id IS NOT NULL AND r.status = 'paid')::bool AS paid_check,
    coalesce(property_address_text(p.address, p.city, p.state, p.zip_code, p.country), '')::text AS current_address,
    (r.address_key IS DISTINCT FROM property_address_key(p.address, p.city, p.state, p.postal_code_key, p.country))::bool AS address_changed,
    coalesce(p.property_type, '')::text AS property_type
FROM verification_requests r
JOIN verification_request_details d ON d.id = r.id
LEFT JOIN properties p ON p.id = r.property_id
WHERE r.status IN ('paid', 'held', 'confirmed') OR (r.status = 'pending' AND r.requested_to_id IS NULL AND r.documents_provided)
ORDER BY (r.status = 'paid') DESC, r.created_at, r.id
LIMIT sqlc.arg(max_rows) OFFSET sqlc.arg(row_offset);

-- name: GetRequestProperty :one
SELECT property_id FROM verification_requests WHERE id = $1;

-- name: DecideRequest :execrows
-- The administrator's decision: the owner reads its message as the response to a request of
-- theirs to the administrators, the people on a person's request as its reason.
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

-- name: ListAnsweredRequests :many
-- Requests answered by the person asked, newest answer first (verification_requests_answered),
-- optionally of one username (sender or addressee), with the tokens they paid net of reversals.
SELECT d.*, r.arranged_at,
    (SELECT coalesce(sum(t.amount), 0) FROM token_transactions t
     WHERE t.related_entity_type = 'verification_request' AND t.related_entity_id = r.id)::int AS tokens_paid
FROM verification_requests r
JOIN verification_request_details d ON d.id = r.id
WHERE r.requested_to_id IS NOT NULL AND r.responded_at IS NOT NULL
  AND (sqlc.narg(username)::text IS NULL
       OR lower(d.requested_to_username) = lower(sqlc.narg(username)) OR lower(d.requested_by_username) = lower(sqlc.narg(username)))
ORDER BY r.responded_at DESC, r.id DESC
LIMIT sqlc.arg(max_rows) OFFSET sqlc.arg(row_offset);

-- name: MarkRequestArranged :execrows
UPDATE verification_requests SET arranged_at = now(), arranged_by = sqlc.arg(admin_id), updated_at = now()
WHERE id = sqlc.arg(id) AND arranged_at IS NULL;

-- name: WithdrawVerificationOfRequest :execrows
-- The verification granted through one request, withdrawn when it is in force.
UPDATE property_verifications SET withdrawn_at = now(), withdrawn_by = sqlc.arg(admin_id), withdraw_reason = sqlc.arg(reason)
WHERE request_id = sqlc.arg(request_id) AND withdrawn_at IS NULL;
