-- migrate:up

-- A review is about an address, as proof is (20261126000200). A listing whose address moves (its
-- street line, city, state, postal code or country: property_address_key; the neighbourhood is a
-- label of the same place and moves nothing) keeps its reviews listed — they are honest history
-- — but those written about the earlier address stop counting in its stars, averages,
-- distribution and everything read from them (the stored tallies: "Great location" and the other
-- highlights, the search's rating sort, similar properties), so an owner cannot carry a
-- well-reviewed listing's stars to another building by editing its address.
--
-- reviews.address_key is the property's address key when the review was written, stamped by the
-- insert trigger (reviews_label_new, below: whichever code writes the review, none can forget it).
-- Existing reviews are stamped with their property's current key: they are taken to be about
-- the address their listing has now.
--
-- The move (property.Update → verification.AddressChanged) uncounts, in its transaction and under
-- the property's lock, the counted reviews whose key is not the property's new one
-- (UncountReviewsElsewhere); the tallies trigger (20261127000500) takes them out of the stored
-- counts. A review being written takes the property's lock first (LockPropertyForReview), so a
-- post and a move take turns: the post either lands before the move (and the move uncounts it) or
-- is stamped with the new address.
--
-- A listing that moves back to an earlier address: the reviews about that address are about the
-- listing's address again, and may count again under the same rule — through the catch-up
-- (reviews_due_counting), once their authors are established, as any uncounted review; an
-- owner-linked one still never counts without documents. Their verified labels do not come back:
-- the move revoked the tenancies behind them (tenancy.AddressChanged), and only a tenancy verified
-- again relabels them.
ALTER TABLE reviews ADD COLUMN address_key text;
UPDATE reviews r SET address_key = property_address_key(p.address, p.city, p.state, p.postal_code_key, p.country)
FROM properties p WHERE p.id = r.property_id;

-- The property's address key now, null for none (no such property).
CREATE FUNCTION property_current_address_key(property_id integer) RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$
        SELECT property_address_key(p.address, p.city, p.state, p.postal_code_key, p.country)
        FROM properties p WHERE p.id = property_current_address_key.property_id
    $$;

-- Whether a review of property_id stamped with address_key is about another address than the
-- property's current one: the readers' "About a previous address" (review.NotCountedPreviousAddress).
CREATE FUNCTION review_previous_address(property_id integer, address_key text) RETURNS boolean
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$ SELECT address_key IS DISTINCT FROM property_current_address_key(property_id) $$;

-- The one rule, as 20261207000100 with the address: a review may count (beside its author being
-- established or its label) when it is independent of the owner or documents verify its tenancy
-- (proof), and it is about its property's current address (previous_address:
-- review_previous_address). Every statement and trigger that sets counted asks it. Kept IMMUTABLE
-- and a single expression so PostgreSQL inlines it, and the catch-up's filter still implies the
-- predicate of its partial index (NOT owner_linked). The two-argument form stays for the release
-- before this one, whose statements still call it while both run (expand then contract); a later
-- release drops it.
CREATE FUNCTION review_may_count(owner_linked boolean, proof text, previous_address boolean) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT (NOT owner_linked OR proof IS NOT DISTINCT FROM 'documents') AND NOT previous_address $$;

-- As 20261207000100, and the review is stamped with the property's address. A tenancy labels only
-- a review about the address it was verified for.
CREATE OR REPLACE FUNCTION reviews_label_new() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    t tenant_verifications;
    partner_type text;
BEGIN
    NEW.address_key := property_current_address_key(NEW.property_id);
    IF review_proven_by_stay(NEW.review_type) AND NEW.user_id IS NOT NULL THEN
        SELECT * INTO t FROM tenant_verifications v
        WHERE v.tenant_id = NEW.user_id AND v.property_id = NEW.property_id AND v.status = 'approved'
          AND tenancy_covers(v.from_month, v.to_month, NEW.created_at)
          AND v.address_key IS NOT DISTINCT FROM NEW.address_key
        ORDER BY v.id DESC LIMIT 1;
        NEW.tenancy_id := t.id;
    ELSIF NEW.review_type = 'landlord_to_tenant' AND NEW.tenancy_id IS NOT NULL THEN
        SELECT * INTO t FROM tenant_verifications v WHERE v.id = NEW.tenancy_id;
    ELSE
        NEW.tenancy_id := NULL;
    END IF;
    NEW.verified := t.id IS NOT NULL AND t.status = 'approved';
    NEW.counted := (NEW.counted OR NEW.verified)
        AND review_may_count(NEW.owner_linked, CASE WHEN NEW.verified THEN t.proof END,
                             review_previous_address(NEW.property_id, NEW.address_key));
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

-- As 20261207000100, with the address: a tenancy verified after the fact labels its holder's
-- reviews about the address it was verified for, and makes them count only where they may.
CREATE OR REPLACE FUNCTION tenant_verifications_relabel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = 'approved' THEN
        UPDATE reviews SET tenancy_id = NEW.id
        WHERE user_id = NEW.tenant_id AND property_id = NEW.property_id AND tenancy_id IS NULL
          AND review_proven_by_stay(review_type) AND tenancy_covers(NEW.from_month, NEW.to_month, created_at)
          AND address_key IS NOT DISTINCT FROM NEW.address_key;
        UPDATE reviews SET verified = true,
            counted = counted OR review_may_count(owner_linked, NEW.proof, review_previous_address(property_id, address_key))
        WHERE tenancy_id = NEW.id AND NOT verified;
    ELSIF OLD.status = 'approved' THEN
        UPDATE reviews SET verified = false,
            counted = counted AND account_established(user_id)
                AND review_may_count(owner_linked, NULL, review_previous_address(property_id, address_key)),
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
    END IF;
    RETURN NEW;
END;
$$;

DROP FUNCTION review_may_count(boolean, text, boolean);
DROP FUNCTION review_previous_address(integer, text);
DROP FUNCTION property_current_address_key(integer);
ALTER TABLE reviews DROP COLUMN address_key;
