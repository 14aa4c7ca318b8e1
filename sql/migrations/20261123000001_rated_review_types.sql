-- migrate:up

-- A property's stars (its star counts, and the review count, recommend count and average derived
-- from them) are made of the reviews that judge the property itself: tenant_to_property,
-- agent_to_property and general. Reviews of the landlord, of the neighbourhood and of tenants
-- (landlord_to_tenant) are shown in their own tabs and never move the property's rating.
CREATE FUNCTION review_rates_property(review_type text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT review_type IN ('tenant_to_property', 'agent_to_property', 'general') $$;

CREATE OR REPLACE FUNCTION reviews_sync_property_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'published' AND review_rates_property(OLD.review_type) THEN
        UPDATE properties SET
            rating1_count = rating1_count - (OLD.rating = 1)::int,
            rating2_count = rating2_count - (OLD.rating = 2)::int,
            rating3_count = rating3_count - (OLD.rating = 3)::int,
            rating4_count = rating4_count - (OLD.rating = 4)::int,
            rating5_count = rating5_count - (OLD.rating = 5)::int
        WHERE id = OLD.property_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'published' AND review_rates_property(NEW.review_type) THEN
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
DROP TRIGGER reviews_sync_property_rating ON reviews;
CREATE TRIGGER reviews_sync_property_rating
    AFTER INSERT OR DELETE OR UPDATE OF rating, property_id, status, review_type ON reviews
    FOR EACH ROW EXECUTE FUNCTION reviews_sync_property_rating();

-- The stored aggregates counted every type until now: count them again under the rule.
UPDATE properties p SET
    rating1_count = a.r1, rating2_count = a.r2, rating3_count = a.r3, rating4_count = a.r4, rating5_count = a.r5
FROM (
    SELECT p.id,
        count(r.id) FILTER (WHERE r.rating = 1) AS r1, count(r.id) FILTER (WHERE r.rating = 2) AS r2,
        count(r.id) FILTER (WHERE r.rating = 3) AS r3, count(r.id) FILTER (WHERE r.rating = 4) AS r4,
        count(r.id) FILTER (WHERE r.rating = 5) AS r5
    FROM properties p
    LEFT JOIN reviews r ON r.property_id = p.id AND r.status = 'published' AND review_rates_property(r.review_type)
    GROUP BY p.id
) a
WHERE p.id = a.id
  AND (p.rating1_count, p.rating2_count, p.rating3_count, p.rating4_count, p.rating5_count)
      IS DISTINCT FROM (a.r1, a.r2, a.r3, a.r4, a.r5);

-- migrate:down

DROP TRIGGER reviews_sync_property_rating ON reviews;
CREATE OR REPLACE FUNCTION reviews_sync_property_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'published' THEN
        UPDATE properties SET
            rating1_count = rating1_count - (OLD.rating = 1)::int,
            rating2_count = rating2_count - (OLD.rating = 2)::int,
            rating3_count = rating3_count - (OLD.rating = 3)::int,
            rating4_count = rating4_count - (OLD.rating = 4)::int,
            rating5_count = rating5_count - (OLD.rating = 5)::int
        WHERE id = OLD.property_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'published' THEN
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
    AFTER INSERT OR DELETE OR UPDATE OF rating, property_id, status ON reviews
    FOR EACH ROW EXECUTE FUNCTION reviews_sync_property_rating();
DROP FUNCTION review_rates_property(text);
UPDATE properties p SET
    rating1_count = a.r1, rating2_count = a.r2, rating3_count = a.r3, rating4_count = a.r4, rating5_count = a.r5
FROM (
    SELECT p.id,
        count(r.id) FILTER (WHERE r.rating = 1) AS r1, count(r.id) FILTER (WHERE r.rating = 2) AS r2,
        count(r.id) FILTER (WHERE r.rating = 3) AS r3, count(r.id) FILTER (WHERE r.rating = 4) AS r4,
        count(r.id) FILTER (WHERE r.rating = 5) AS r5
    FROM properties p
    LEFT JOIN reviews r ON r.property_id = p.id AND r.status = 'published'
    GROUP BY p.id
) a
WHERE p.id = a.id;
