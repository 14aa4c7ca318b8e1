-- migrate:up

-- A review counts (in the property's stars, and in the averages of the tabs and of the
-- statistics) only once its author is established (account_established). counted is set when the
-- review is written if its author is established then, and otherwise, once the author is, by the
-- catch-up every server runs (through the index reviews_due_counting): a new member's review is
-- published at once and joins the figures by itself, with nothing kept in a server's memory. It
-- never goes back to false. A review written without judging its author (the default) stays out
-- until the catch-up finds its author established.
--
-- Existing reviews: added as true without rewriting the table, then false for the authors who
-- are not established now. Reviews whose author's account is gone (user_id NULL) keep counting,
-- as they did: nothing is known about them any more.
ALTER TABLE reviews ADD COLUMN counted boolean NOT NULL DEFAULT true;
UPDATE reviews SET counted = false
WHERE user_id IN (SELECT u.id FROM users u WHERE NOT account_established(u.id));
ALTER TABLE reviews ALTER COLUMN counted SET DEFAULT false;

-- The reviews the catch-up looks at: published, not counted yet, with an author. Empty when
-- nobody new has written, so the catch-up costs one probe of an empty index.
CREATE INDEX reviews_due_counting ON reviews (id) WHERE NOT counted AND status = 'published' AND user_id IS NOT NULL;

-- The stars are made of published, counted reviews of the rated types.
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
DROP TRIGGER reviews_sync_property_rating ON reviews;
CREATE TRIGGER reviews_sync_property_rating
    AFTER INSERT OR DELETE OR UPDATE OF rating, property_id, status, review_type, counted ON reviews
    FOR EACH ROW EXECUTE FUNCTION reviews_sync_property_rating();

-- The stored aggregates counted every published review: count them again under the rule.
UPDATE properties p SET
    rating1_count = a.r1, rating2_count = a.r2, rating3_count = a.r3, rating4_count = a.r4, rating5_count = a.r5
FROM (
    SELECT p.id,
        count(r.id) FILTER (WHERE r.rating = 1) AS r1, count(r.id) FILTER (WHERE r.rating = 2) AS r2,
        count(r.id) FILTER (WHERE r.rating = 3) AS r3, count(r.id) FILTER (WHERE r.rating = 4) AS r4,
        count(r.id) FILTER (WHERE r.rating = 5) AS r5
    FROM properties p
    LEFT JOIN reviews r ON r.property_id = p.id AND r.status = 'published' AND r.counted AND review_rates_property(r.review_type)
    GROUP BY p.id
) a
WHERE p.id = a.id
  AND (p.rating1_count, p.rating2_count, p.rating3_count, p.rating4_count, p.rating5_count)
      IS DISTINCT FROM (a.r1, a.r2, a.r3, a.r4, a.r5);

-- migrate:down

DROP TRIGGER reviews_sync_property_rating ON reviews;
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
CREATE TRIGGER reviews_sync_property_rating
    AFTER INSERT OR DELETE OR UPDATE OF rating, property_id, status, review_type ON reviews
    FOR EACH ROW EXECUTE FUNCTION reviews_sync_property_rating();
DROP INDEX reviews_due_counting;
ALTER TABLE reviews DROP COLUMN counted;
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
