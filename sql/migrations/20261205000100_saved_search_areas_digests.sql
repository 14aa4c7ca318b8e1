-- migrate:up
-- Saved searches (issue 32), part two: a map area as a search's place, and the digest of the
-- matches a day's one email could not carry.

-- A map area: the box the member searched (x longitude, y latitude). Alone it is the search's
-- place; beside a place key the key's probe finds the search and the area is one more filter.
ALTER TABLE saved_searches ADD COLUMN map_area box;
ALTER TABLE saved_searches DROP CONSTRAINT saved_searches_check;
ALTER TABLE saved_searches ADD CONSTRAINT saved_searches_place CHECK (
    num_nonnulls(city_key, locality_key, postal_code_key) <= 1
    AND num_nonnulls(city_key, locality_key, postal_code_key, map_area) >= 1);
-- The key probes carry the area too (their filters stay index-only).
DROP INDEX saved_searches_city;
DROP INDEX saved_searches_locality;
DROP INDEX saved_searches_postal_code;
CREATE INDEX saved_searches_city ON saved_searches (city_key, id)
    INCLUDE (user_id, name, property_type, verified_only, currency, min_rent, max_rent, min_bedrooms,
        min_bathrooms, pets_allowed, furnished, min_area_sqft, words, map_area)
    WHERE city_key IS NOT NULL AND alerts;
CREATE INDEX saved_searches_locality ON saved_searches (locality_key, id)
    INCLUDE (user_id, name, property_type, verified_only, currency, min_rent, max_rent, min_bedrooms,
        min_bathrooms, pets_allowed, furnished, min_area_sqft, words, map_area)
    WHERE locality_key IS NOT NULL AND alerts;
CREATE INDEX saved_searches_postal_code ON saved_searches (postal_code_key, id)
    INCLUDE (user_id, name, property_type, verified_only, currency, min_rent, max_rent, min_bedrooms,
        min_bathrooms, pets_allowed, furnished, min_area_sqft, words, map_area)
    WHERE postal_code_key IS NOT NULL AND alerts;
-- The searches whose place is an area alone, found by the areas holding a listing's position.
CREATE INDEX saved_searches_area ON saved_searches USING gist (map_area)
    WHERE map_area IS NOT NULL AND city_key IS NULL AND locality_key IS NULL AND postal_code_key IS NULL AND alerts;

-- The matches owed an email: told in the app on a day whose email about their search was already
-- sent (saved_search_emails), for a member who wants saved-search email. From due_on, the next
-- UTC day, the worker sends each search's owed matches in one digest, which is that day's one
-- email, and deletes them (a search emailed again first that day waits one more day). No foreign
-- keys, as saved_search_matches: deleting a search deletes its rows; a listing gone or inactive
-- by then is left out of the digest.
CREATE TABLE saved_search_digests (
    saved_search_id  bigint NOT NULL,
    property_id      integer NOT NULL,
    due_on           date NOT NULL,
    PRIMARY KEY (saved_search_id, property_id)
);
CREATE INDEX saved_search_digests_due ON saved_search_digests (due_on, saved_search_id);

-- migrate:down
DROP TABLE saved_search_digests;
DROP INDEX saved_searches_area;
DROP INDEX saved_searches_city;
DROP INDEX saved_searches_locality;
DROP INDEX saved_searches_postal_code;
DELETE FROM saved_searches WHERE city_key IS NULL AND locality_key IS NULL AND postal_code_key IS NULL;
ALTER TABLE saved_searches DROP CONSTRAINT saved_searches_place;
ALTER TABLE saved_searches ADD CONSTRAINT saved_searches_check CHECK (num_nonnulls(city_key, locality_key, postal_code_key) = 1);
ALTER TABLE saved_searches DROP COLUMN map_area;
CREATE INDEX saved_searches_city ON saved_searches (city_key, id)
    INCLUDE (user_id, name, property_type, verified_only, currency, min_rent, max_rent, min_bedrooms,
        min_bathrooms, pets_allowed, furnished, min_area_sqft, words)
    WHERE city_key IS NOT NULL AND alerts;
CREATE INDEX saved_searches_locality ON saved_searches (locality_key, id)
    INCLUDE (user_id, name, property_type, verified_only, currency, min_rent, max_rent, min_bedrooms,
        min_bathrooms, pets_allowed, furnished, min_area_sqft, words)
    WHERE locality_key IS NOT NULL AND alerts;
CREATE INDEX saved_searches_postal_code ON saved_searches (postal_code_key, id)
    INCLUDE (user_id, name, property_type, verified_only, currency, min_rent, max_rent, min_bedrooms,
        min_bathrooms, pets_allowed, furnished, min_area_sqft, words)
    WHERE postal_code_key IS NOT NULL AND alerts;
