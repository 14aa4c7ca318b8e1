-- migrate:up
-- Saved-search matching writes one row (issue 32's 5 ms): the listing's transaction matched and
-- told every search in one statement, about 50 µs a search told (three rows and their indexes,
-- ~12 ms at the bench's median). It now only matches, by one statement, and writes the matched
-- searches' ids in one row of saved_search_jobs (its outbox row); every server's worker tells them
-- (notifications, emails, digests owed) after the commit. A job without ids (the previous
-- release's, or the rest of a listing that matched more than one batch) is matched from after_id
-- by the worker itself, as before; the previous release's worker, which does not read search_ids,
-- matches a new job from after_id 0 and so tells the same searches.
ALTER TABLE saved_search_jobs ADD COLUMN search_ids bigint[];

-- Whether a saved search with these filters wants the listing l: never its owner's own. Inlined
-- into listing_saved_searches's arms (LANGUAGE sql, IMMUTABLE, one expression), so each arm reads
-- only the columns its index carries.
CREATE FUNCTION saved_search_wants(l properties, user_id integer, property_type text, verified_only boolean,
    currency text, min_rent integer, max_rent integer, min_bedrooms integer, min_bathrooms integer,
    pets_allowed boolean, furnished boolean, min_area_sqft float8, words text[], map_area box)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT user_id <> l.landlord_id
    AND (property_type IS NULL OR property_type = l.property_type)
    AND (NOT verified_only OR l.verified)
    AND (currency IS NULL OR currency = l.currency)
    AND (min_rent IS NULL OR l.monthly_rent >= min_rent)
    AND (max_rent IS NULL OR l.monthly_rent <= max_rent)
    AND (min_bedrooms IS NULL OR l.bedrooms >= min_bedrooms)
    AND (min_bathrooms IS NULL OR l.bathrooms >= min_bathrooms)
    AND (NOT pets_allowed OR l.pets_allowed)
    AND (NOT furnished OR l.furnished)
    AND (min_area_sqft IS NULL OR l.square_feet * CASE l.area_unit WHEN 'sqm' THEN 10.7639 ELSE 1 END >= min_area_sqft)
    AND (words IS NULL OR l.search_text LIKE ALL (words))
    AND (map_area IS NULL OR map_area @> box(l.position, l.position))
$$;

-- The ids of the saved searches the listing property_id matches as it is now, after after_id in id
-- order, at most max_rows: the one matching rule, read by the listing's transaction
-- (EnqueueListingMatches) and by the worker's batches (MatchListingBatch). Inlined into both
-- (LANGUAGE sql, STABLE, one SELECT). One arm per place: a probe of each place key's partial index
-- (place key, id), index-only, from after_id on, and of the areas holding the listing's position
-- (the searches whose place is an area alone). Each arm compares its key with a value (an
-- InitPlan) and checks the filters by a semi-join with the one listing, so its index is read in id
-- order and it stops at max_rows matches; the arms merge in id order and stop there too. Reading
-- all the candidates and sorting them instead read ~9,500 index rows for a listing in the bench's
-- largest city (~5 ms); this reads ~2,000 (~1 ms). Only searches whose alerts are on; nothing for
-- an inactive or deleted listing.
CREATE FUNCTION listing_saved_searches(property_id integer, after_id bigint, max_rows integer)
RETURNS SETOF bigint LANGUAGE sql STABLE PARALLEL SAFE AS $$
WITH p AS (
    SELECT l FROM properties l WHERE l.id = listing_saved_searches.property_id AND l.active
)
SELECT id FROM (
    (SELECT s.id FROM saved_searches s
    WHERE s.city_key = (SELECT (l).city_key FROM p) AND s.alerts AND s.id > listing_saved_searches.after_id
        AND EXISTS (SELECT FROM p WHERE saved_search_wants(p.l, s.user_id, s.property_type, s.verified_only, s.currency,
            s.min_rent, s.max_rent, s.min_bedrooms, s.min_bathrooms, s.pets_allowed, s.furnished, s.min_area_sqft, s.words, s.map_area))
    ORDER BY s.id LIMIT listing_saved_searches.max_rows)
    UNION ALL
    (SELECT s.id FROM saved_searches s
    WHERE s.locality_key = (SELECT (l).locality_key FROM p) AND s.alerts AND s.id > listing_saved_searches.after_id
        AND EXISTS (SELECT FROM p WHERE saved_search_wants(p.l, s.user_id, s.property_type, s.verified_only, s.currency,
            s.min_rent, s.max_rent, s.min_bedrooms, s.min_bathrooms, s.pets_allowed, s.furnished, s.min_area_sqft, s.words, s.map_area))
    ORDER BY s.id LIMIT listing_saved_searches.max_rows)
    UNION ALL
    (SELECT s.id FROM saved_searches s
    WHERE s.postal_code_key = (SELECT (l).postal_code_key FROM p) AND s.alerts AND s.id > listing_saved_searches.after_id
        AND EXISTS (SELECT FROM p WHERE saved_search_wants(p.l, s.user_id, s.property_type, s.verified_only, s.currency,
            s.min_rent, s.max_rent, s.min_bedrooms, s.min_bathrooms, s.pets_allowed, s.furnished, s.min_area_sqft, s.words, s.map_area))
    ORDER BY s.id LIMIT listing_saved_searches.max_rows)
    UNION ALL
    (SELECT s.id FROM saved_searches s
    WHERE s.map_area @> (SELECT box((l).position, (l).position) FROM p)
        AND s.map_area IS NOT NULL AND s.city_key IS NULL AND s.locality_key IS NULL AND s.postal_code_key IS NULL AND s.alerts AND s.id > listing_saved_searches.after_id
        AND EXISTS (SELECT FROM p WHERE saved_search_wants(p.l, s.user_id, s.property_type, s.verified_only, s.currency,
            s.min_rent, s.max_rent, s.min_bedrooms, s.min_bathrooms, s.pets_allowed, s.furnished, s.min_area_sqft, s.words, s.map_area))
    ORDER BY s.id LIMIT listing_saved_searches.max_rows)
) matched
ORDER BY id LIMIT listing_saved_searches.max_rows
$$;

-- The area probe is index-only too: its index carries what the filters read.
DROP INDEX saved_searches_area;
CREATE INDEX saved_searches_area ON saved_searches USING gist (map_area)
    INCLUDE (id, user_id, property_type, verified_only, currency, min_rent, max_rent, min_bedrooms,
        min_bathrooms, pets_allowed, furnished, min_area_sqft, words)
    WHERE map_area IS NOT NULL AND city_key IS NULL AND locality_key IS NULL AND postal_code_key IS NULL AND alerts;

-- migrate:down
DROP INDEX saved_searches_area;
CREATE INDEX saved_searches_area ON saved_searches USING gist (map_area)
    WHERE map_area IS NOT NULL AND city_key IS NULL AND locality_key IS NULL AND postal_code_key IS NULL AND alerts;
DROP FUNCTION listing_saved_searches(integer, bigint, integer);
DROP FUNCTION saved_search_wants(properties, integer, text, boolean, text, integer, integer, integer, integer,
    boolean, boolean, float8, text[], box);
ALTER TABLE saved_search_jobs DROP COLUMN search_ids;
