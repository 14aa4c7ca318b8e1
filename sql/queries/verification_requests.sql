-- Verification by people (internal/verification).

-- name: ListPotentialVerifiers :many
-- Established accounts of one role other than the caller whose username contains the pattern
-- (escaped for LIKE) ignoring case, in username order: users_role_username walks the order, the
-- trigram index users_username_trgm finds a substring.
SELECT id, username, role FROM users
WHERE role = sqlc.arg(role) AND id <> sqlc.arg(caller_id)
  AND lower(username) LIKE '%' || lower(sqlc.arg(pattern)::text) || '%'
  AND account_established(id)
ORDER BY lower(username) -- unique (users_username_key): a stable order
LIMIT sqlc.arg(max_rows) OFFSET sqlc.arg(row_offset);

-- name: FindVerifiersByUsername :many
-- The accounts named (any case), whether each may confirm a property.
SELECT id, username, role, account_established(id) AS established
FROM users WHERE lower(username) = ANY(sqlc.arg(usernames)::text[]);

-- name: FindVerifierByID :one
SELECT id, username, role, account_established(id) AS established FROM users WHERE id = $1;

-- name: LockPropertyForVerification :one
-- The property a request is about, locked until the transaction ends: creating and answering
-- requests of one property take turns, so checks made under the lock stay true.
SELECT p.id, p.title, p.landlord_id, p.verified, u.username AS owner_username
FROM properties p
LEFT JOIN users u ON u.id = p.landlord_id
WHERE p.id = $1 AND p.active
FOR NO KEY UPDATE OF p;

-- name: ExpireLapsedVerificationRequests :exec
-- Stores what reads already say: a property's pending requests past their 30 days expired.
UPDATE verification_requests SET status = 'expired', updated_at = now()
WHERE property_id = $1 AND status = 'pending' AND expires_at <= now();

-- name: ExistingVerificationRequests :many
-- The property's live or answered requests to any of the addressees (what the unique index
-- verification_requests_one_per_person allows once).
SELECT requested_to_id, status FROM verification_requests
WHERE property_id = sqlc.arg(property_id) AND requested_to_id = ANY(sqlc.arg(addressees)::int[])
  AND status IN ('pending', 'approved', 'rejected', 'held');

-- name: CreateVerificationRequest :one
INSERT INTO verification_requests (property_id, requested_by_id, requested_to_id, message, owner_username)
VALUES ($1, $2, $3, $4, $5)
RETURNING id;

-- name: GetVerificationRequestForAnswer :one
SELECT r.id, r.property_id, r.requested_by_id, r.requested_to_id,
    verification_request_state(r.status, r.expires_at)::text AS state, r.status_reason
FROM verification_requests r WHERE r.id = $1;

-- name: AnswerVerificationRequest :one
-- The one answer: only the addressee, only while pending and not expired. Parallel answers
-- queue on the row; the first commits, the others find it no longer pending.
UPDATE verification_requests SET status = sqlc.arg(status), status_reason = sqlc.narg(status_reason),
    response_message = sqlc.narg(response_message), responded_at = now(), updated_at = now()
WHERE id = sqlc.arg(id) AND requested_to_id = sqlc.arg(answerer_id) AND status = 'pending' AND expires_at > now()
RETURNING id;

-- name: CloseOtherVerificationRequests :exec
-- The property is verified: its other pending requests close unanswered (or expire, if due).
-- A paid check being paid stays open: its money may be on its way, and once paid it waits for
-- an administrator, who can still reject it with a refund.
UPDATE verification_requests SET
    status = CASE WHEN expires_at <= now() THEN 'expired' ELSE 'closed' END,
    status_reason = CASE WHEN expires_at <= now() THEN NULL ELSE sqlc.arg(reason)::text END,
    updated_at = now()
WHERE property_id = sqlc.arg(property_id) AND status = 'pending' AND id <> sqlc.arg(request_id)
    AND payment_amount_cents IS NULL;

-- name: ListCreatedVerificationRequests :many
-- Walks verification_requests_requested_by; titles and names come with the rows.
SELECT * FROM verification_request_details
WHERE requested_by_id = sqlc.arg(user_id)
ORDER BY created_at DESC, id DESC
LIMIT sqlc.arg(max_rows) OFFSET sqlc.arg(row_offset);

-- name: ListReceivedVerificationRequests :many
-- Walks verification_requests_requested_to; titles and names come with the rows.
SELECT * FROM verification_request_details
WHERE requested_to_id = sqlc.arg(user_id)
ORDER BY created_at DESC, id DESC
LIMIT sqlc.arg(max_rows) OFFSET sqlc.arg(row_offset);

-- name: GetVerificationRequestsByID :many
-- The requests just created or answered.
SELECT * FROM verification_request_details
WHERE id = ANY(sqlc.arg(ids)::int[])
ORDER BY created_at DESC, id DESC;
