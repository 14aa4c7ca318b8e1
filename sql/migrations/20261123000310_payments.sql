-- migrate:up

-- The paid check (issue 14): an owner pays the $19.99 fee for an administrator's priority check of
-- a listing. The payment is a verification request of the owner's with no addressee
-- (requested_to_id null) and a payment intent: payment_status pending until the card payment (or
-- demo mode's simulation) succeeds, when the request becomes paid and waits for an administrator;
-- failed records the last failure (payment_error) and the owner may try again.
ALTER TABLE verification_requests
    ADD COLUMN payment_amount_cents integer CHECK (payment_amount_cents > 0),
    ADD COLUMN payment_error text CHECK (length(payment_error) BETWEEN 1 AND 500),
    ADD COLUMN paid_at timestamptz,
    ADD CONSTRAINT verification_requests_paid_has_intent CHECK (status <> 'paid' OR payment_intent_id IS NOT NULL);

-- A payment intent belongs to one request; a property has at most one paid check open (being paid
-- or waiting for an administrator), even when its owner presses Pay twice at once.
CREATE UNIQUE INDEX verification_requests_payment_intent ON verification_requests (payment_intent_id)
    WHERE payment_intent_id IS NOT NULL;
CREATE UNIQUE INDEX verification_requests_one_open_paid_check ON verification_requests (property_id)
    WHERE requested_to_id IS NULL AND payment_amount_cents IS NOT NULL AND status IN ('pending', 'paid');

-- A rejected paid check's refund, in full and once: the row is claimed (inserted) before Stripe
-- is asked, so a second refund of the same check waits for the first and then finds it. A table of
-- its own, not columns of the request, and without a foreign key to it: the administrator's
-- decision holds the request's row lock (FOR UPDATE) while it asks for the refund, and a foreign
-- key's check would wait for that lock. A refund outlives its request, as money does.
CREATE TABLE paid_check_refunds (
    request_id    integer PRIMARY KEY,
    refund_id     text NOT NULL CHECK (length(refund_id) BETWEEN 1 AND 255),
    amount_cents  integer NOT NULL CHECK (amount_cents > 0),
    refunded_by   integer REFERENCES users (id) ON DELETE SET NULL,
    refunded_at   timestamptz NOT NULL DEFAULT now()
);

-- Stripe's webhook events already handled: Stripe delivers an event at least once, and a repeat
-- changes nothing.
CREATE TABLE stripe_events (
    id           text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 255),
    type         text NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

-- migrate:down

DROP TABLE stripe_events;
DROP TABLE paid_check_refunds;
DROP INDEX verification_requests_one_open_paid_check, verification_requests_payment_intent;
ALTER TABLE verification_requests
    DROP CONSTRAINT verification_requests_paid_has_intent,
    DROP COLUMN paid_at,
    DROP COLUMN payment_error, DROP COLUMN payment_amount_cents;
