-- Verification by people (internal/verification).

-- name: ListPotentialVerifiers :many
-- Established accounts of one role other than the caller whose username contains the pattern
-- (escaped for LIKE) ignoring case, in username order: users_role_username walks the order, the
-- trigram index users_username_trgm finds a substring. Suspended and deleted accounts cannot answer.
SELECT id, username, role FROM users
WHERE role = sqlc.arg(role) AND id <> sqlc.arg(caller_id) AND suspended_at IS NULL AND closed_at IS NULL
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
-- Its address key and text are what requests gathered now are about (property_address_key).
SELECT p.id, p.title, p.landlord_id, p.verified, u.username AS owner_username,
    property_address_key(p.address, p.city, p.state, p.postal_code_key, p.country)::text AS address_key,
    property_address_text(p.address, p.city, p.state, p.zip_code, p.country)::text AS address
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
    verification_request_state(r.status, r.expires_at)::text AS state, r.status_reason,
    coalesce(r.address_key, '')::text AS address_key, coalesce(r.address, '')::text AS address,
    account_established(r.requested_by_id)::bool AS requester_established
FROM verification_requests r WHERE r.id = $1;

-- name: AnswerVerificationRequest :one
-- The one answer: only the addressee, only while pending and not expired. Parallel answers
-- queue on the row; the first commits, the others find it no longer pending.
UPDATE verification_requests SET status = sqlc.arg(status), status_reason = sqlc.narg(status_reason),
    response_message = sqlc.narg(response_message), responded_at = now(), updated_at = now()
WHERE id = sqlc.arg(id) AND requested_to_id = sqlc.arg(answerer_id) AND status = 'pending' AND expires_at > now()
RETURNING id;

-- name: CloseOpenVerificationRequests :many
-- Closes the property's open requests but keep_request_id — pending (or expired, if due), held,
-- confirmed, and paid checks being paid or waiting for an administrator — with reason, or
-- paid_reason for a check already paid, whose refund it makes due in the same statement (settled
-- after commit: paid_check_refunds). With moved_only, only those about another address than the
-- property's current one (an edit moved it). Returns the requests closed.
WITH p AS (
    SELECT pr.id, property_address_key(pr.address, pr.city, pr.state, pr.postal_code_key, pr.country) AS key
    FROM properties pr WHERE pr.id = sqlc.arg(property_id)
), closed AS (
    UPDATE verification_requests r SET
        status = CASE WHEN r.status = 'pending' AND r.expires_at <= now() THEN 'expired' ELSE 'closed' END,
        status_reason = CASE WHEN r.status = 'pending' AND r.expires_at <= now() THEN NULL
                             WHEN r.paid_at IS NOT NULL THEN sqlc.arg(paid_reason)::text
                             ELSE sqlc.arg(reason)::text END,
        updated_at = now()
    FROM p
    WHERE r.property_id = p.id AND r.id <> sqlc.arg(keep_request_id)
      AND r.status IN ('pending', 'held', 'confirmed', 'paid')
      AND (NOT sqlc.arg(moved_only)::bool OR r.address_key IS DISTINCT FROM p.key)
    RETURNING r.id, r.status, r.paid_at, r.payment_amount_cents
), refunds AS (
    INSERT INTO paid_check_refunds (request_id, refund_id, amount_cents, reason, refunded_at)
    SELECT c.id, 'claimed', c.payment_amount_cents, sqlc.arg(paid_reason)::text, NULL
    FROM closed c WHERE c.paid_at IS NOT NULL AND c.payment_amount_cents IS NOT NULL
    ON CONFLICT (request_id) DO NOTHING
    RETURNING request_id
)
SELECT c.id, c.status, EXISTS (SELECT 1 FROM refunds f WHERE f.request_id = c.id)::bool AS refund_due
FROM closed c ORDER BY c.id;

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

-- name: ConfirmationsToAccept :many
-- Confirmations of the owner's listings that the owner did not ask for (the property page's
-- requests), approved by the person asked and waiting for the owner, oldest first.
SELECT d.*
FROM verification_requests r
JOIN properties p ON p.id = r.property_id
JOIN verification_request_details d ON d.id = r.id
WHERE p.landlord_id = sqlc.arg(owner_id) AND r.status = 'confirmed'
ORDER BY r.responded_at, r.id
LIMIT sqlc.arg(max_rows) OFFSET sqlc.arg(row_offset);

-- name: LockRequest :one
-- A request, locked after its property (the order every writer takes).
SELECT id, property_id, requested_by_id, requested_to_id, status, coalesce(status_reason, '')::text AS status_reason,
    documents_provided, payment_intent_id, coalesce(address_key, '')::text AS address_key, coalesce(address, '')::text AS address, responded_at, arranged_at
FROM verification_requests WHERE id = $1 FOR UPDATE;

-- name: SetRequestStatus :execrows
-- Moves a request from one status to another (the caller holds its lock), with the reason its
-- people read (status_reason).
UPDATE verification_requests SET status = sqlc.arg(status), status_reason = sqlc.narg(reason), updated_at = now()
WHERE id = sqlc.arg(id) AND status = sqlc.arg(from_status);

