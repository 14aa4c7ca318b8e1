-- migrate:up

-- Verified reviews (issue 27). A tenancy is a member's claim to have lived at one property for a
-- period (SPEC's tenant_verifications, unused until now). It is verified by the property's owner
-- (proof 'landlord') or by documents an administrator checked (proof 'documents'); a verified
-- tenancy labels its holder's reviews of that property, and a landlord's review of a tenant is
-- verified when it names one. The labels follow the proof: the triggers below set and clear them
-- whatever code changes a tenancy, and keep every change in review_label_changes.
--
-- States: pending (stage says who it waits for: landlord, documents or administrator), approved
-- (verified; proof says how), rejected (an administrator's decision), withdrawn (by the tenant)
-- and revoked (by an administrator, or because the listing moved).
ALTER TABLE tenant_verifications
    ALTER COLUMN tenant_id DROP NOT NULL,
    DROP CONSTRAINT tenant_verifications_tenant_id_fkey,
    -- A landlord's review names the tenancy: it stays when the tenant's account goes.
    ADD CONSTRAINT tenant_verifications_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES users (id) ON DELETE SET NULL,
    DROP CONSTRAINT tenant_verifications_status_check,
    ADD CONSTRAINT tenant_verifications_status_check
        CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn', 'revoked')),
    ADD COLUMN property_id integer NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    -- Months, stored as their first day.
    ADD COLUMN from_month date NOT NULL CHECK (extract(day FROM from_month) = 1),
    ADD COLUMN to_month date CHECK (to_month IS NULL OR (extract(day FROM to_month) = 1 AND to_month >= from_month)),
    ADD COLUMN stage text CHECK (stage IN ('landlord', 'documents', 'administrator')),
    ADD COLUMN proof text CHECK (proof IN ('landlord', 'documents')),
    ADD COLUMN owner_message text CHECK (length(owner_message) BETWEEN 1 AND 500),
    ADD COLUMN hold_reason text CHECK (length(hold_reason) <= 500),
    ADD COLUMN decided_at timestamptz,
    -- The address the claim is about, stamped from the property when the row is written.
    ADD COLUMN address_key text,
    ADD COLUMN address text CHECK (length(address) <= 1000),
    -- Who made the latest change of status or stage, and why: copied into tenancy_events.
    ADD COLUMN changed_by integer REFERENCES users (id) ON DELETE SET NULL,
    ADD COLUMN change_note text CHECK (length(change_note) <= 500),
    ADD CONSTRAINT tenant_verifications_stage_when_pending CHECK ((status = 'pending') = (stage IS NOT NULL)),
    ADD CONSTRAINT tenant_verifications_proof_when_approved CHECK (status <> 'approved' OR proof IS NOT NULL),
    ADD CONSTRAINT tenant_verifications_message_length CHECK (length(message) <= 500),
    ADD CONSTRAINT tenant_verifications_response_length CHECK (length(response_message) <= 500);

-- One open or verified claim per member and property; a rejected, withdrawn or revoked one can be
-- filed again.
CREATE UNIQUE INDEX tenant_verifications_one_open ON tenant_verifications (tenant_id, property_id)
    WHERE status IN ('pending', 'approved');
CREATE INDEX tenant_verifications_property ON tenant_verifications (property_id, status);
-- The administrators' queue.
CREATE INDEX tenant_verifications_admin_queue ON tenant_verifications (created_at, id)
    WHERE status = 'pending' AND stage = 'administrator';
-- An owner's confirmations in the last 30 days (verified_by_id is the owner for proof landlord).
CREATE INDEX tenant_verifications_confirmed_by ON tenant_verifications (verified_by_id, verification_date)
    WHERE proof = 'landlord';

CREATE FUNCTION tenant_verifications_stamp_address() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT property_address_key(p.address, p.city, p.state, p.postal_code_key, p.country),
           property_address_text(p.address, p.city, p.state, p.zip_code, p.country)
    INTO NEW.address_key, NEW.address FROM properties p WHERE p.id = NEW.property_id;
    RETURN NEW;
END;
$$;
CREATE TRIGGER tenant_verifications_stamp_address BEFORE INSERT ON tenant_verifications
    FOR EACH ROW EXECUTE FUNCTION tenant_verifications_stamp_address();

-- Every change of a claim's status or stage, with who made it and why. Never updated or deleted.
CREATE TABLE tenancy_events (
    id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenancy_id  integer NOT NULL REFERENCES tenant_verifications (id) ON DELETE CASCADE,
    status      text NOT NULL,
    stage       text,
    proof       text,
    actor_id    integer REFERENCES users (id) ON DELETE SET NULL,
    note        text,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tenancy_events_tenancy ON tenancy_events (tenancy_id, id);

CREATE FUNCTION tenant_verifications_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO tenancy_events (tenancy_id, status, stage, proof, actor_id, note)
    VALUES (NEW.id, NEW.status, NEW.stage, NEW.proof, NEW.changed_by, NEW.change_note);
    RETURN NULL;
END;
$$;
CREATE TRIGGER tenant_verifications_log_insert AFTER INSERT ON tenant_verifications
    FOR EACH ROW EXECUTE FUNCTION tenant_verifications_log();
CREATE TRIGGER tenant_verifications_log_update AFTER UPDATE OF status, stage ON tenant_verifications
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.stage IS DISTINCT FROM NEW.stage)
    EXECUTE FUNCTION tenant_verifications_log();

-- Tenants' documents: private like owners' (tenant and administrators only, never the owner),
-- stored under documents/<token>.<ext>, deleted 30 days after the claim's decision (deleted_at
-- set; the row, the claim and the decision stay). sha256 finds one document sent with two claims.
CREATE TABLE tenancy_documents (
    id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token        text NOT NULL UNIQUE CHECK (token ~ '^[0-9a-f]{32}$'),
    key          text NOT NULL UNIQUE CHECK (key ~ '^documents/[0-9a-f]{32}\.(jpg|png|webp|pdf)$'),
    tenant_id    integer REFERENCES users (id) ON DELETE SET NULL,
    tenancy_id   integer NOT NULL REFERENCES tenant_verifications (id) ON DELETE CASCADE,
    kind         text NOT NULL CHECK (kind IN ('lease', 'rent_receipt', 'deposit_certificate', 'utility_bill', 'council_tax_bill')),
    file_name    text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
    content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
    bytes        integer NOT NULL CHECK (bytes > 0),
    sha256       bytea NOT NULL CHECK (length(sha256) = 32),
    created_at   timestamptz NOT NULL DEFAULT now(),
    deleted_at   timestamptz
);
CREATE INDEX tenancy_documents_tenancy ON tenancy_documents (tenancy_id);
CREATE INDEX tenancy_documents_sha256 ON tenancy_documents (sha256);
CREATE INDEX tenancy_documents_tenant_created ON tenancy_documents (tenant_id, created_at);

-- Administrators' decisions on claims are kept with the others.
ALTER TABLE admin_decisions
    ADD COLUMN tenancy_id integer REFERENCES tenant_verifications (id) ON DELETE SET NULL,
    DROP CONSTRAINT admin_decisions_decision_check,
    ADD CONSTRAINT admin_decisions_decision_check
        CHECK (decision IN ('approve', 'reject', 'withdraw', 'restore', 'remove', 'arranged', 'revoke'));
CREATE INDEX admin_decisions_tenancy ON admin_decisions (tenancy_id, created_at) WHERE tenancy_id IS NOT NULL;

-- Reviews: the tenancy that proves one (the author's), or that a landlord's review is about; and
-- the blind reveal. A landlord's review of a verified tenancy and that tenant's review of the
-- landlord about it are hidden from everyone but their authors until reveal_at (null: shown):
-- the first one posted sets it 14 days ahead, the second reveals both. Existing reviews are
-- unverified and shown.
ALTER TABLE reviews
    ADD COLUMN tenancy_id integer REFERENCES tenant_verifications (id) ON DELETE SET NULL,
    ADD COLUMN reveal_at timestamptz,
    -- A landlord reviews each verified tenancy once: one per tenancy for that type, and one
    -- review of every other kind per author, property and type as before.
    DROP CONSTRAINT reviews_user_id_property_id_review_type_key;
CREATE UNIQUE INDEX reviews_one_per_type ON reviews (user_id, property_id, review_type)
    WHERE review_type <> 'landlord_to_tenant' OR tenancy_id IS NULL;
CREATE UNIQUE INDEX reviews_one_per_tenancy ON reviews (tenancy_id) WHERE review_type = 'landlord_to_tenant';
CREATE INDEX reviews_tenancy ON reviews (tenancy_id) WHERE tenancy_id IS NOT NULL;
CREATE INDEX reviews_due_reveal ON reviews (reveal_at) WHERE reveal_at IS NOT NULL;
UPDATE reviews SET verified = false WHERE verified;

-- The review types a tenancy's holder writes about the place they lived (every type but the
-- landlord's of a tenant and the agent's).
CREATE FUNCTION review_proven_by_stay(review_type text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT review_type IN ('tenant_to_property', 'tenant_to_landlord', 'tenant_to_neighborhood', 'general') $$;

-- Whether a review written at `at` falls in a tenancy: after it began, and no later than three
-- years after it ended.
CREATE FUNCTION tenancy_covers(from_month date, to_month date, at timestamptz) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT at >= from_month AND (to_month IS NULL OR at < to_month + interval '1 month' + interval '3 years') $$;

-- The label of a review being written: its author's verified tenancy at the property that covers
-- it, or, for a landlord's review, the tenancy it names. A verified review counts at once. The
-- blind reveal starts with the first of the pair and ends with the second.
CREATE FUNCTION reviews_label_new() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    t tenant_verifications;
    partner_type text;
BEGIN
    IF review_proven_by_stay(NEW.review_type) AND NEW.user_id IS NOT NULL THEN
        SELECT * INTO t FROM tenant_verifications v
        WHERE v.tenant_id = NEW.user_id AND v.property_id = NEW.property_id AND v.status = 'approved'
          AND tenancy_covers(v.from_month, v.to_month, NEW.created_at)
        ORDER BY v.id DESC LIMIT 1;
        NEW.tenancy_id := t.id;
    ELSIF NEW.review_type = 'landlord_to_tenant' AND NEW.tenancy_id IS NOT NULL THEN
        SELECT * INTO t FROM tenant_verifications v WHERE v.id = NEW.tenancy_id;
    ELSE
        NEW.tenancy_id := NULL;
    END IF;
    NEW.verified := t.id IS NOT NULL AND t.status = 'approved';
    NEW.counted := NEW.counted OR NEW.verified;
    NEW.reveal_at := NULL;
    IF NEW.verified AND NEW.review_type IN ('landlord_to_tenant', 'tenant_to_landlord') THEN
        partner_type := CASE NEW.review_type WHEN 'landlord_to_tenant' THEN 'tenant_to_landlord' ELSE 'landlord_to_tenant' END;
        IF NOT EXISTS (SELECT 1 FROM reviews r WHERE r.tenancy_id = t.id AND r.review_type = partner_type) THEN
            NEW.reveal_at := NEW.created_at + interval '14 days';
        END IF;
        -- With the partner already posted, both are shown now: reviews_reveal_partner.
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER reviews_label_new BEFORE INSERT ON reviews
    FOR EACH ROW EXECUTE FUNCTION reviews_label_new();

CREATE FUNCTION reviews_reveal_partner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE reviews SET reveal_at = NULL
    WHERE tenancy_id = NEW.tenancy_id AND id <> NEW.id AND reveal_at IS NOT NULL
      AND review_type = CASE NEW.review_type WHEN 'landlord_to_tenant' THEN 'tenant_to_landlord' ELSE 'landlord_to_tenant' END;
    RETURN NULL;
END;
$$;
CREATE TRIGGER reviews_reveal_partner AFTER INSERT ON reviews
    FOR EACH ROW WHEN (NEW.verified AND NEW.reveal_at IS NULL AND NEW.review_type IN ('landlord_to_tenant', 'tenant_to_landlord'))
    EXECUTE FUNCTION reviews_reveal_partner();

-- The label follows the proof. A tenancy verified after the fact labels its holder's reviews of
-- the property that it covers (without hiding them: the blind reveal starts only with reviews
-- that name the tenancy when written); a tenancy that stops being verified takes its labels
-- back, and a review that counted only by its label stops counting unless its author is
-- established.
CREATE FUNCTION tenant_verifications_relabel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = 'approved' THEN
        UPDATE reviews SET tenancy_id = NEW.id
        WHERE user_id = NEW.tenant_id AND property_id = NEW.property_id AND tenancy_id IS NULL
          AND review_proven_by_stay(review_type) AND tenancy_covers(NEW.from_month, NEW.to_month, created_at);
        UPDATE reviews SET verified = true, counted = true WHERE tenancy_id = NEW.id AND NOT verified;
    ELSIF OLD.status = 'approved' THEN
        UPDATE reviews SET verified = false, counted = counted AND account_established(user_id),
            tenancy_id = CASE WHEN review_type = 'landlord_to_tenant' THEN tenancy_id END
        WHERE tenancy_id = NEW.id;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER tenant_verifications_relabel AFTER UPDATE OF status ON tenant_verifications
    FOR EACH ROW WHEN ((OLD.status = 'approved') <> (NEW.status = 'approved'))
    EXECUTE FUNCTION tenant_verifications_relabel();

-- Every change of a review's label, with the tenancy behind it. Never updated or deleted.
CREATE TABLE review_label_changes (
    id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    review_id   integer NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
    tenancy_id  integer REFERENCES tenant_verifications (id) ON DELETE SET NULL,
    verified    boolean NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX review_label_changes_review ON review_label_changes (review_id, id);

CREATE FUNCTION reviews_log_label() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO review_label_changes (review_id, tenancy_id, verified)
    VALUES (NEW.id, coalesce(NEW.tenancy_id, OLD.tenancy_id), NEW.verified);
    RETURN NULL;
END;
$$;
CREATE TRIGGER reviews_log_label_insert AFTER INSERT ON reviews
    FOR EACH ROW WHEN (NEW.verified) EXECUTE FUNCTION reviews_log_label();
CREATE TRIGGER reviews_log_label_update AFTER UPDATE OF verified ON reviews
    FOR EACH ROW WHEN (OLD.verified IS DISTINCT FROM NEW.verified) EXECUTE FUNCTION reviews_log_label();

-- migrate:down

DROP TRIGGER reviews_log_label_update ON reviews;
DROP TRIGGER reviews_log_label_insert ON reviews;
DROP FUNCTION reviews_log_label();
DROP TABLE review_label_changes;
DROP TRIGGER tenant_verifications_relabel ON tenant_verifications;
DROP FUNCTION tenant_verifications_relabel();
DROP TRIGGER reviews_reveal_partner ON reviews;
DROP FUNCTION reviews_reveal_partner();
DROP TRIGGER reviews_label_new ON reviews;
DROP FUNCTION reviews_label_new();
DROP FUNCTION tenancy_covers(date, date, timestamptz);
DROP FUNCTION review_proven_by_stay(text);
UPDATE reviews SET verified = false WHERE verified;
DELETE FROM reviews r USING reviews o
WHERE r.review_type = 'landlord_to_tenant' AND o.review_type = 'landlord_to_tenant'
  AND r.user_id = o.user_id AND r.property_id = o.property_id AND r.id > o.id;
DROP INDEX reviews_due_reveal;
DROP INDEX reviews_tenancy;
DROP INDEX reviews_one_per_tenancy;
DROP INDEX reviews_one_per_type;
ALTER TABLE reviews
    ADD CONSTRAINT reviews_user_id_property_id_review_type_key UNIQUE (user_id, property_id, review_type),
    DROP COLUMN reveal_at,
    DROP COLUMN tenancy_id;
DROP INDEX admin_decisions_tenancy;
DELETE FROM admin_decisions WHERE tenancy_id IS NOT NULL;
ALTER TABLE admin_decisions
    DROP COLUMN tenancy_id,
    DROP CONSTRAINT admin_decisions_decision_check,
    ADD CONSTRAINT admin_decisions_decision_check
        CHECK (decision IN ('approve', 'reject', 'withdraw', 'restore', 'remove', 'arranged'));
DROP TABLE tenancy_documents;
DROP TRIGGER tenant_verifications_log_update ON tenant_verifications;
DROP TRIGGER tenant_verifications_log_insert ON tenant_verifications;
DROP FUNCTION tenant_verifications_log();
DROP TABLE tenancy_events;
DROP TRIGGER tenant_verifications_stamp_address ON tenant_verifications;
DROP FUNCTION tenant_verifications_stamp_address();
DELETE FROM tenant_verifications;
DROP INDEX tenant_verifications_confirmed_by;
DROP INDEX tenant_verifications_admin_queue;
DROP INDEX tenant_verifications_property;
DROP INDEX tenant_verifications_one_open;
ALTER TABLE tenant_verifications
    DROP CONSTRAINT tenant_verifications_response_length,
    DROP CONSTRAINT tenant_verifications_message_length,
    DROP CONSTRAINT tenant_verifications_proof_when_approved,
    DROP CONSTRAINT tenant_verifications_stage_when_pending,
    DROP COLUMN change_note,
    DROP COLUMN changed_by,
    DROP COLUMN address,
    DROP COLUMN address_key,
    DROP COLUMN decided_at,
    DROP COLUMN hold_reason,
    DROP COLUMN owner_message,
    DROP COLUMN proof,
    DROP COLUMN stage,
    DROP COLUMN to_month,
    DROP COLUMN from_month,
    DROP COLUMN property_id,
    DROP CONSTRAINT tenant_verifications_status_check,
    ADD CONSTRAINT tenant_verifications_status_check CHECK (status IN ('pending', 'approved', 'rejected')),
    DROP CONSTRAINT tenant_verifications_tenant_id_fkey,
    ADD CONSTRAINT tenant_verifications_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES users (id) ON DELETE CASCADE,
    ALTER COLUMN tenant_id SET NOT NULL;
