-- migrate:up
-- A map area holding few listings is searched from the position index, then sorted (SearchAreaFew):
-- it read every match's whole row to sort them, ~700 rows for a street's box at a million
-- listings (~5 ms a page). The index now holds every column the criteria (but the text) and the
-- sorts read, so the page's ids come from it alone (an index-only scan) and only the page's rows
-- are read; the area's counts read it alone too.
DROP INDEX properties_position;
CREATE INDEX properties_position ON properties USING gist (position)
    INCLUDE (id, verified, rating, review_count, created_at, currency, monthly_rent, city_key, locality_key,
        postal_code_key, property_type, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit,
        verified_review_count)
    WHERE active AND position IS NOT NULL;

-- migrate:down
DROP INDEX properties_position;
CREATE INDEX properties_position ON properties USING gist (position) WHERE active AND position IS NOT NULL;
