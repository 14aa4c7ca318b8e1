-- migrate:up

-- An account linked to a property's owner (accounts_linked: one network or one browser in 90
-- days, the request that writes the review counted) does not rate the owner's property. Its
-- review is published and listed, but never counts — in the stars, the averages or the
-- distribution — unless documents an administrator checked verify the author's tenancy there
-- (proof 'documents'). The owner's own confirmation (proof 'landlord', also when an administrator
-- released a held one without documents) is the owner vouching for their own account: it labels
-- the review but does not make it count.
--
-- owner_linked is judged once, by the review service when the review is written (account.
-- LinkedToCaller, in the review's transaction), and kept: sign-ins older than 90 days are
-- forgotten, and a later catch-up must not count the review then. The owner's own review of a
-- tenant (landlord_to_tenant) is not judged: it is the owner's by definition and rates nobody's
-- property. Existing reviews keep their state (false: not judged).
ALTER TABLE reviews ADD COLUMN owner_linked boolean NOT NULL DEFAULT false;

-- Whether a review may count, beside its author being established or its label: the one rule.
-- proof is the proof of the review's verified tenancy, null when it is not verified. Every
-- statement and trigger that sets counted asks it.
CREATE FUNCTION review_may_count(owner_linked boolean, proof text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT NOT owner_linked OR proof IS NOT DISTINCT FROM 'documents' $$;

-- The catch-up never looks at an owner-linked review: none of them is ever due (an unverified one
-- may not count, a verified one counted when it was labelled, unless its proof is the owner's).
DROP INDEX reviews_due_counting;
CREATE INDEX reviews_due_counting ON reviews (id)
    WHERE NOT counted AND NOT owner_linked AND status = 'published' AND user_id IS NOT NULL;

-- As 20261127000100, but a verified review counts at once only when it may count.
CREATE OR REPLACE FUNCTION reviews_label_new() RETURNS trigger LANGUAGE plpgsql AS $$
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
    NEW.counted := (NEW.counted OR NEW.verified)
        AND review_may_count(NEW.owner_linked, CASE WHEN NEW.verified THEN t.proof END);
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

-- As 20261127000100, but a tenancy verified after the fact makes its reviews count only where
-- they may, and one that stops being verified leaves an owner-linked review uncounted whatever
-- its author is.
CREATE OR REPLACE FUNCTION tenant_verifications_relabel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = 'approved' THEN
        UPDATE reviews SET tenancy_id = NEW.id
        WHERE user_id = NEW.tenant_id AND property_id = NEW.property_id AND tenancy_id IS NULL
          AND review_proven_by_stay(review_type) AND tenancy_covers(NEW.from_month, NEW.to_month, created_at);
        UPDATE reviews SET verified = true, counted = counted OR review_may_count(owner_linked, NEW.proof)
        WHERE tenancy_id = NEW.id AND NOT verified;
    ELSIF OLD.status = 'approved' THEN
        UPDATE reviews SET verified = false,
            counted = counted AND account_established(user_id) AND review_may_count(owner_linked, NULL),
            tenancy_id = CASE WHEN review_type = 'landlord_to_tenant' THEN tenancy_id END
        WHERE tenancy_id = NEW.id;
    END IF;
    RETURN NULL;
END;
$$;

-- migrate:down

CREATE OR REPLACE FUNCTION tenant_verifications_relabel() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE FUNCTION reviews_label_new() RETURNS trigger LANGUAGE plpgsql AS $$
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
    END IF;
    RETURN NEW;
END;
$$;

DROP INDEX reviews_due_counting;
CREATE INDEX reviews_due_counting ON reviews (id) WHERE NOT counted AND status = 'published' AND user_id IS NOT NULL;
DROP FUNCTION review_may_count(boolean, text);
ALTER TABLE reviews DROP COLUMN owner_linked;
