-- The paid check's payments (internal/payment): a verification request of the owner's with no
-- addressee and a payment intent, Stripe's webhook events, and the owners' Stripe customers.

-- name: GetPropertyForPayment :one
-- The property an owner pays for, with its owner's username.
SELECT p.id, p.title, p.landlord_id, p.verified, coalesce(u.username, '')::text AS owner_username
FROM properties p
LEFT JOIN users u ON u.id = p.landlord_id
WHERE p.id = $1 AND p.active;

-- name: CreatePaidCheck :one
-- Opens the property's paid check, waiting for its payment; nothing when one is open already
-- (verification_requests_one_open_paid_check), even from two calls at once. No expiry in practice
-- (as the owners' document requests): a card payment may succeed late, and then waits for a
-- decision.
INSERT INTO verification_requests (property_id, requested_by_id, owner_username, payment_amount_cents, payment_status, message, expires_at)
VALUES (sqlc.arg(property_id), sqlc.arg(owner_id), sqlc.narg(owner_username), sqlc.arg(amount_cents), 'pending', sqlc.narg(message),
    now() + interval '100 years')
ON CONFLICT DO NOTHING
RETURNING *;

-- name: GetOpenPaidCheck :one
-- The property's paid check being paid or waiting for an administrator.
SELECT * FROM verification_requests
WHERE property_id = $1 AND requested_to_id IS NULL AND payment_amount_cents IS NOT NULL AND status IN ('pending', 'paid');

-- name: GetPaidCheck :one
SELECT * FROM verification_requests WHERE id = $1 AND payment_amount_cents IS NOT NULL;

-- name: LockPaidCheckByIntent :one
SELECT * FROM verification_requests WHERE payment_intent_id = $1 AND payment_amount_cents IS NOT NULL FOR UPDATE;

-- name: SetPaidCheckIntent :one
-- Gives a paid check its payment intent, once.
UPDATE verification_requests SET payment_intent_id = sqlc.arg(payment_intent_id), updated_at = now()
WHERE id = sqlc.arg(id) AND (payment_intent_id IS NULL OR payment_intent_id = sqlc.arg(payment_intent_id))
RETURNING *;

-- name: MarkPaidCheckPaid :one
-- The payment succeeded: the request is paid and waits for an administrator. Only once: a paid
-- (or decided) request does not change.
UPDATE verification_requests SET status = 'paid', payment_status = 'succeeded', payment_error = NULL,
    paid_at = now(), updated_at = now()
WHERE id = $1 AND status = 'pending' AND payment_amount_cents IS NOT NULL
RETURNING *;

-- name: MarkPaidCheckFailed :one
-- A payment attempt failed: recorded, and the owner may try again with the same intent.
UPDATE verification_requests SET payment_status = 'failed', payment_error = sqlc.arg(payment_error), updated_at = now()
WHERE id = sqlc.arg(id) AND status = 'pending' AND payment_amount_cents IS NOT NULL
RETURNING *;

-- name: OwePaidCheckRefund :execrows
-- Makes a rejected paid check's full refund due, in the transaction that rejects it: the refund
-- is owed exactly when the rejection commits, and settled after that (ClaimDueRefund), as a closed
-- check's is. The row's insert trigger wakes the servers' refund workers on commit. 1 the first
-- time; 0 when the check's refund is owed or made already (nothing more is owed).
INSERT INTO paid_check_refunds (request_id, refund_id, amount_cents, refunded_by, refunded_at)
VALUES (sqlc.arg(request_id), 'claimed', sqlc.arg(amount_cents), sqlc.narg(refunded_by), NULL)
ON CONFLICT (request_id) DO NOTHING;

-- name: GetPaidCheckRefund :one
-- A check's refund, owed or made: a check with one is never approved.
SELECT * FROM paid_check_refunds WHERE request_id = $1;

-- name: RecordStripeEvent :execrows
-- 1 the first time an event arrives, 0 on every repeat.
INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING;

-- name: GetStripeCustomer :one
SELECT * FROM stripe_customers WHERE user_id = $1;

-- name: CreateStripeCustomer :one
-- The user's Stripe customer; the one already recorded when two calls race.
INSERT INTO stripe_customers (user_id, stripe_customer_id) VALUES ($1, $2)
ON CONFLICT (user_id) DO UPDATE SET updated_at = stripe_customers.updated_at
RETURNING *;

-- name: ListUnverifiedOwnProperties :many
-- The owner's listings that are not verified, newest first, each with its open paid check's
-- status (pending: being paid; paid: waiting for an administrator; empty: none), for the
-- dashboard's Verification Pending tab.
SELECT p.id, p.title, p.address, p.city, p.state, p.zip_code, p.monthly_rent, p.currency,
    coalesce((SELECT r.status FROM verification_requests r
              WHERE r.property_id = p.id AND r.requested_to_id IS NULL AND r.payment_amount_cents IS NOT NULL
                AND r.status IN ('pending', 'paid')), '')::text AS check_status
FROM properties p
WHERE p.landlord_id = sqlc.arg(owner_id) AND p.active AND NOT p.verified
ORDER BY p.created_at DESC, p.id DESC
LIMIT sqlc.arg(max_rows);

-- name: RecordLatePayment :execrows
-- A payment that succeeded after its check was closed (the listing moved, or was verified another
-- way, while it was being paid): recorded as paid, and its refund due in the same statement.
WITH paid AS (
    UPDATE verification_requests SET payment_status = 'succeeded', payment_error = NULL, paid_at = now(),
        status_reason = sqlc.arg(reason), updated_at = now()
    WHERE id = sqlc.arg(id) AND status = 'closed' AND paid_at IS NULL AND payment_amount_cents IS NOT NULL
    RETURNING id, payment_amount_cents
)
INSERT INTO paid_check_refunds (request_id, refund_id, amount_cents, reason, refunded_at)
SELECT id, 'claimed', payment_amount_cents, sqlc.arg(reason), NULL FROM paid
ON CONFLICT (request_id) DO NOTHING;

-- name: ClaimDueRefund :one
-- One refund owed and due now, locked until the transaction ends; refunds another server is
-- settling are skipped, so two servers never ask Stripe for one refund at once.
SELECT f.request_id, f.amount_cents, f.attempts, coalesce(r.payment_intent_id, '')::text AS payment_intent_id
FROM paid_check_refunds f
LEFT JOIN verification_requests r ON r.id = f.request_id
WHERE f.refunded_at IS NULL AND f.next_attempt_at <= now()
ORDER BY f.next_attempt_at, f.request_id
LIMIT 1
FOR UPDATE OF f SKIP LOCKED;

-- name: SettleDueRefund :exec
UPDATE paid_check_refunds SET refund_id = sqlc.arg(refund_id), refunded_at = now(), last_error = NULL
WHERE request_id = sqlc.arg(request_id) AND refunded_at IS NULL;

-- name: PostponeDueRefund :exec
-- Stripe did not refund: try again later, waiting twice as long each time (1 minute to 6 hours).
UPDATE paid_check_refunds SET attempts = attempts + 1, last_error = sqlc.arg(last_error),
    next_attempt_at = now() + least(interval '1 minute' * power(2, least(attempts, 20)), interval '6 hours')
WHERE request_id = sqlc.arg(request_id) AND refunded_at IS NULL;
