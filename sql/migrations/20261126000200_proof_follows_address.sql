-- migrate:up

-- Proof is about an address (issue 25). Every verification request and every verification
-- granted records the address it was gathered for; when the listing moves, whatever was about the
-- old address closes (a paid check is refunded), a badge granted for it is withdrawn, and nothing
-- gathered for one address can verify another.

-- The one comparison of addresses: street line (with its unit), city, state, postal code (as
-- search reads it, properties.postal_code_key) and country, ignoring case and runs of spaces. The
-- neighbourhood (locality) is a label of the same place and is left out.
CREATE FUNCTION property_address_key(address text, city text, state text, postal_code_key text, country text)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
        SELECT concat_ws(E'\n',
            lower(regexp_replace(btrim(address), '\s+', ' ', 'g')),
            lower(regexp_replace(btrim(city), '\s+', ' ', 'g')),
            lower(regexp_replace(btrim(coalesce(state, '')), '\s+', ' ', 'g')),
            coalesce(postal_code_key, ''),
            lower(regexp_replace(btrim(country), '\s+', ' ', 'g')))
    $$;

-- The address as people read it: "1407 Kenwood Avenue, Springfield, IL 62704, United States".
CREATE FUNCTION property_address_text(address text, city text, state text, zip_code text, country text)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
        SELECT concat_ws(', ', btrim(address), btrim(city),
            nullif(btrim(concat_ws(' ', nullif(btrim(state), ''), nullif(btrim(zip_code), ''))), ''), btrim(country))
    $$;

-- What a request or a verification was about, filled from the property when the row is written
-- (whichever code writes it), so no path can forget it.
ALTER TABLE verification_requests
    ADD COLUMN address_key text,
    ADD COLUMN address text CHECK (length(address) <= 1000);
ALTER TABLE property_verifications ADD COLUMN address_key text;

UPDATE verification_requests r SET
    address_key = property_address_key(p.address, p.city, p.state, p.postal_code_key, p.country),
    address = property_address_text(p.address, p.city, p.state, p.zip_code, p.country)
FROM properties p WHERE p.id = r.property_id;
UPDATE property_verifications v SET address_key = property_address_key(p.address, p.city, p.state, p.postal_code_key, p.country)
FROM properties p WHERE p.id = v.property_id;

CREATE FUNCTION stamp_property_address() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    stamped_key text;
    stamped_text text;
BEGIN
    SELECT property_address_key(p.address, p.city, p.state, p.postal_code_key, p.country),
           property_address_text(p.address, p.city, p.state, p.zip_code, p.country)
    INTO stamped_key, stamped_text FROM properties p WHERE p.id = NEW.property_id;
    NEW.address_key := stamped_key;
    IF TG_TABLE_NAME = 'verification_requests' THEN
        NEW.address := stamped_text;
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER verification_requests_stamp_address BEFORE INSERT ON verification_requests
    FOR EACH ROW EXECUTE FUNCTION stamp_property_address();
CREATE TRIGGER property_verifications_stamp_address BEFORE INSERT ON property_verifications
    FOR EACH ROW EXECUTE FUNCTION stamp_property_address();

-- A confirmation the owner did not ask for (the property page's request, sent by someone else)
-- verifies nothing by itself: approved by the person asked, it is confirmed, waiting for the
-- owner to accept it (approved) or decline it (declined), or for an administrator. A request an
-- administrator marked arranged (the people on it colluded) had its rewards taken back.
ALTER TABLE verification_requests
    DROP CONSTRAINT verification_requests_status_check,
    ADD CONSTRAINT verification_requests_status_check
        CHECK (status IN ('pending', 'approved', 'rejected', 'paid', 'held', 'closed', 'expired', 'confirmed', 'declined')),
    ADD COLUMN arranged_at timestamptz,
    ADD COLUMN arranged_by integer REFERENCES users (id) ON DELETE SET NULL;
-- Answered requests count as asked: nobody is asked (and rewarded) twice about one property.
DROP INDEX verification_requests_one_per_person;
CREATE UNIQUE INDEX verification_requests_one_per_person ON verification_requests (property_id, requested_to_id)
    WHERE status IN ('pending', 'approved', 'rejected', 'held', 'confirmed', 'declined');
-- The administrators' list of answered requests, newest first.
CREATE INDEX verification_requests_answered ON verification_requests (responded_at DESC, id DESC)
    WHERE requested_to_id IS NOT NULL AND responded_at IS NOT NULL;

-- The rewards one request paid (an administrator's reversal of an arranged request reads them).
CREATE INDEX token_transactions_related_request ON token_transactions (related_entity_id)
    WHERE related_entity_type = 'verification_request';

-- Requests the administrators' queue holds and the owners' confirmations to accept.
CREATE INDEX verification_requests_open ON verification_requests (property_id)
    WHERE status IN ('pending', 'held', 'confirmed', 'paid');

ALTER TABLE admin_decisions DROP CONSTRAINT admin_decisions_decision_check,
    ADD CONSTRAINT admin_decisions_decision_check
        CHECK (decision IN ('approve', 'reject', 'withdraw', 'restore', 'remove', 'arranged'));

-- Refunds the product owes without an administrator's rejection: a paid check closed because the
-- listing moved or was verified another way, or a payment that succeeded for a check closed
-- while it was being paid. The row is written in the transaction that closes the check (refund_id
-- 'claimed', refunded_at null: due) and settled after it commits, then retried with backoff until
-- Stripe answers; Stripe's idempotency key (paid-check-refund-R) makes a retry never refund twice.
ALTER TABLE paid_check_refunds
    ALTER COLUMN refunded_at DROP NOT NULL,
    ALTER COLUMN refunded_at DROP DEFAULT,
    ADD COLUMN reason text CHECK (length(reason) BETWEEN 1 AND 500),
    ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    ADD COLUMN last_error text CHECK (length(last_error) <= 500),
    ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
    ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX paid_check_refunds_due ON paid_check_refunds (next_attempt_at) WHERE refunded_at IS NULL;
-- The doorbell: PostgreSQL delivers a NOTIFY only when the transaction that sends it commits, so
-- the servers listening (payment.RunRefunds) settle a refund the moment it is owed, never for a
-- change that rolled back. The row itself is the record: a server that missed the bell finds it
-- at its next sweep.
CREATE FUNCTION paid_check_refunds_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('paid_check_refunds_due', NEW.request_id::text);
    RETURN NULL;
END;
$$;
CREATE TRIGGER paid_check_refunds_notify AFTER INSERT ON paid_check_refunds
    FOR EACH ROW WHEN (NEW.refunded_at IS NULL) EXECUTE FUNCTION paid_check_refunds_notify();

-- Requests as their people read them, with the address each was about.
CREATE OR REPLACE VIEW verification_request_details AS
SELECT r.id, r.property_id, coalesce(p.title, '') AS property_title,
    r.requested_by_id, coalesce(rb.username, '') AS requested_by_username,
    r.requested_to_id, coalesce(rt.username, '') AS requested_to_username,
    verification_request_state(r.status, r.expires_at) AS state, coalesce(r.status_reason, '') AS status_reason,
    coalesce(r.message, '') AS message, coalesce(r.response_message, '') AS response_message,
    coalesce(o.username, r.owner_username, '') AS owner_username, r.incentive_amount::text AS incentive_amount,
    r.documents_provided, r.documents_verified, r.created_at, r.updated_at,
    r.expires_at, r.responded_at,
    coalesce(r.address, '') AS address
FROM verification_requests r
LEFT JOIN properties p ON p.id = r.property_id
LEFT JOIN users o ON o.id = p.landlord_id
LEFT JOIN users rb ON rb.id = r.requested_by_id
LEFT JOIN users rt ON rt.id = r.requested_to_id;

-- migrate:down

DROP VIEW verification_request_details;
CREATE VIEW verification_request_details AS
SELECT r.id, r.property_id, coalesce(p.title, '') AS property_title,
    r.requested_by_id, coalesce(rb.username, '') AS requested_by_username,
    r.requested_to_id, coalesce(rt.username, '') AS requested_to_username,
    verification_request_state(r.status, r.expires_at) AS state, coalesce(r.status_reason, '') AS status_reason,
    coalesce(r.message, '') AS message, coalesce(r.response_message, '') AS response_message,
    coalesce(o.username, r.owner_username, '') AS owner_username, r.incentive_amount::text AS incentive_amount,
    r.documents_provided, r.documents_verified, r.created_at, r.updated_at, r.expires_at, r.responded_at
FROM verification_requests r
LEFT JOIN properties p ON p.id = r.property_id
LEFT JOIN users o ON o.id = p.landlord_id
LEFT JOIN users rb ON rb.id = r.requested_by_id
LEFT JOIN users rt ON rt.id = r.requested_to_id;
DROP TRIGGER paid_check_refunds_notify ON paid_check_refunds;
DROP FUNCTION paid_check_refunds_notify();
DROP INDEX paid_check_refunds_due;
DELETE FROM paid_check_refunds WHERE refunded_at IS NULL;
ALTER TABLE paid_check_refunds
    DROP COLUMN created_at, DROP COLUMN next_attempt_at, DROP COLUMN last_error, DROP COLUMN attempts, DROP COLUMN reason,
    ALTER COLUMN refunded_at SET DEFAULT now(),
    ALTER COLUMN refunded_at SET NOT NULL;
DELETE FROM admin_decisions WHERE decision = 'arranged';
ALTER TABLE admin_decisions DROP CONSTRAINT admin_decisions_decision_check,
    ADD CONSTRAINT admin_decisions_decision_check CHECK (decision IN ('approve', 'reject', 'withdraw', 'restore', 'remove'));
DROP INDEX token_transactions_related_request;
DROP INDEX verification_requests_open, verification_requests_answered, verification_requests_one_per_person;
UPDATE verification_requests SET status = 'approved' WHERE status = 'confirmed';
UPDATE verification_requests SET status = 'rejected' WHERE status = 'declined';
CREATE UNIQUE INDEX verification_requests_one_per_person ON verification_requests (property_id, requested_to_id)
    WHERE status IN ('pending', 'approved', 'rejected', 'held');
ALTER TABLE verification_requests
    DROP COLUMN arranged_by, DROP COLUMN arranged_at,
    DROP CONSTRAINT verification_requests_status_check,
    ADD CONSTRAINT verification_requests_status_check
        CHECK (status IN ('pending', 'approved', 'rejected', 'paid', 'held', 'closed', 'expired'));
DROP TRIGGER property_verifications_stamp_address ON property_verifications;
DROP TRIGGER verification_requests_stamp_address ON verification_requests;
DROP FUNCTION stamp_property_address();
ALTER TABLE property_verifications DROP COLUMN address_key;
ALTER TABLE verification_requests DROP COLUMN address, DROP COLUMN address_key;
DROP FUNCTION property_address_text(text, text, text, text, text);
DROP FUNCTION property_address_key(text, text, text, text, text);
