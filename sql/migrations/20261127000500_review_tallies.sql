-- migrate:up

-- What the property cards and the search show of a property's reviews beside its stars (issue
-- 27), stored on the property and kept by the reviews trigger as reviews are written, relabelled,
-- revealed or moderated, so a list reads them off the row:
--   verified_review_count    published verified reviews that are shown (reveal_at NULL: a
--                            review hidden by the blind reveal joins it when revealed);
--   location_praise_count    counted published reviews of the rated types, rated 4 or 5, that
--   management_praise_count  tick the category Location, resp. Management: the reviewers'
--                            highlights "Great location" and "Responsive landlord" (the server
--                            shows one when at least three reviews praise it and they are more
--                            than half of review_count, the same reviews' total).
ALTER TABLE properties
    ADD COLUMN verified_review_count integer NOT NULL DEFAULT 0 CHECK (verified_review_count >= 0),
    ADD COLUMN location_praise_count integer NOT NULL DEFAULT 0 CHECK (location_praise_count >= 0),
    ADD COLUMN management_praise_count integer NOT NULL DEFAULT 0 CHECK (management_praise_count >= 0);

-- A review's share of its property's stored counts: [1★, 2★, 3★, 4★, 5★, verified and shown,
-- praises the location, praises the management]. The stars are its counted published reviews of
-- the rated types (issue 25).
CREATE FUNCTION review_tallies(r reviews) RETURNS int[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT ARRAY[
        (stars AND r.rating = 1)::int, (stars AND r.rating = 2)::int, (stars AND r.rating = 3)::int,
        (stars AND r.rating = 4)::int, (stars AND r.rating = 5)::int,
        (r.status = 'published' AND r.verified AND r.reveal_at IS NULL)::int,
        (stars AND r.rating >= 4 AND 'Location' = ANY(r.categories))::int,
        (stars AND r.rating >= 4 AND 'Management' = ANY(r.categories))::int]
    FROM (SELECT r.status = 'published' AND r.counted AND review_rates_property(r.review_type) AS stars) s
$$;

-- Adds plus and takes minus (tallies, null for none) from property id's stored counts.
CREATE FUNCTION properties_add_tallies(id integer, plus int[], minus int[]) RETURNS void LANGUAGE sql AS $$
    UPDATE properties p SET
        rating1_count = p.rating1_count + coalesce(plus[1], 0) - coalesce(minus[1], 0),
        rating2_count = p.rating2_count + coalesce(plus[2], 0) - coalesce(minus[2], 0),
        rating3_count = p.rating3_count + coalesce(plus[3], 0) - coalesce(minus[3], 0),
        rating4_count = p.rating4_count + coalesce(plus[4], 0) - coalesce(minus[4], 0),
        rating5_count = p.rating5_count + coalesce(plus[5], 0) - coalesce(minus[5], 0),
        verified_review_count = p.verified_review_count + coalesce(plus[6], 0) - coalesce(minus[6], 0),
        location_praise_count = p.location_praise_count + coalesce(plus[7], 0) - coalesce(minus[7], 0),
        management_praise_count = p.management_praise_count + coalesce(plus[8], 0) - coalesce(minus[8], 0)
    WHERE p.id = properties_add_tallies.id
$$;

-- The property's stored counts follow its reviews; a change that moves none of them (most do
-- not: an unverified review of an unrated type) writes nothing.
CREATE OR REPLACE FUNCTION reviews_sync_property_rating() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    zero constant int[] := '{0,0,0,0,0,0,0,0}';
    before int[] := zero;
    after int[] := zero;
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        before := review_tallies(OLD);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        after := review_tallies(NEW);
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.property_id <> NEW.property_id THEN
        IF before <> zero THEN
            PERFORM properties_add_tallies(OLD.property_id, NULL, before);
        END IF;
        IF after <> zero THEN
            PERFORM properties_add_tallies(NEW.property_id, after, NULL);
        END IF;
    ELSIF before <> after THEN
        PERFORM properties_add_tallies(coalesce(NEW.property_id, OLD.property_id), after, before);
    END IF;
    RETURN NULL;
END;
$$;
DROP TRIGGER reviews_sync_property_rating ON reviews;
CREATE TRIGGER reviews_sync_property_rating
    AFTER INSERT OR DELETE OR UPDATE OF rating, property_id, status, review_type, counted, verified, reveal_at, categories
    ON reviews
    FOR EACH ROW EXECUTE FUNCTION reviews_sync_property_rating();

-- Stored as the trigger keeps them (the stars are recounted too: the same rule, so nothing moves
-- unless they had drifted).
UPDATE properties p SET
    rating1_count = a.t[1], rating2_count = a.t[2], rating3_count = a.t[3], rating4_count = a.t[4], rating5_count = a.t[5],
    verified_review_count = a.t[6], location_praise_count = a.t[7], management_praise_count = a.t[8]
FROM (
    SELECT p.id, ARRAY[
        coalesce(sum(x.t[1]), 0), coalesce(sum(x.t[2]), 0), coalesce(sum(x.t[3]), 0), coalesce(sum(x.t[4]), 0),
        coalesce(sum(x.t[5]), 0), coalesce(sum(x.t[6]), 0), coalesce(sum(x.t[7]), 0), coalesce(sum(x.t[8]), 0)]::int[] AS t
    FROM properties p
    LEFT JOIN LATERAL (SELECT review_tallies(r) AS t FROM reviews r WHERE r.property_id = p.id) x ON true
    GROUP BY p.id
) a
WHERE p.id = a.id
  AND ARRAY[p.rating1_count, p.rating2_count, p.rating3_count, p.rating4_count, p.rating5_count,
            p.verified_review_count, p.location_praise_count, p.management_praise_count] <> a.t;

-- migrate:down

DROP TRIGGER reviews_sync_property_rating ON reviews;
CREATE OR REPLACE FUNCTION reviews_sync_property_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'published' AND OLD.counted AND review_rates_property(OLD.review_type) THEN
        UPDATE properties SET
            rating1_count = rating1_count - (OLD.rating = 1)::int,
            rating2_count = rating2_count - (OLD.rating = 2)::int,
            rating3_count = rating3_count - (OLD.rating = 3)::int,
            rating4_count = rating4_count - (OLD.rating = 4)::int,
            rating5_count = rating5_count - (OLD.rating = 5)::int
        WHERE id = OLD.property_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'published' AND NEW.counted AND review_rates_property(NEW.review_type) THEN
        UPDATE properties SET
            rating1_count = rating1_count + (NEW.rating = 1)::int,
            rating2_count = rating2_count + (NEW.rating = 2)::int,
            rating3_count = rating3_count + (NEW.rating = 3)::int,
            rating4_count = rating4_count + (NEW.rating = 4)::int,
            rating5_count = rating5_count + (NEW.rating = 5)::int
        WHERE id = NEW.property_id;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER reviews_sync_property_rating
    AFTER INSERT OR DELETE OR UPDATE OF rating, property_id, status, review_type, counted ON reviews
    FOR EACH ROW EXECUTE FUNCTION reviews_sync_property_rating();
DROP FUNCTION properties_add_tallies(integer, int[], int[]);
DROP FUNCTION review_tallies(reviews);
ALTER TABLE properties
    DROP COLUMN management_praise_count,
    DROP COLUMN location_praise_count,
    DROP COLUMN verified_review_count;
