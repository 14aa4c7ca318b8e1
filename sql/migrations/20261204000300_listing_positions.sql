-- migrate:up
-- Listings on the map (issue 32): SPEC §3 keeps latitude and longitude as optional text, which
-- the forms and the previous release still write; the position is derived from them, so nothing
-- writes it twice, and a text that is no plain decimal number leaves the listing off the map
-- rather than failing its write. x is the longitude, y the latitude.
ALTER TABLE properties ADD COLUMN position point GENERATED ALWAYS AS (
    CASE WHEN latitude ~ '^\s*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?\s*$'
          AND longitude ~ '^\s*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?\s*$'
        THEN point(longitude::float8, latitude::float8) END) STORED;
-- The map's "search this area": the active listings inside a bounding box.
CREATE INDEX properties_position ON properties USING gist (position) WHERE active AND position IS NOT NULL;
-- search_area is the box of a map area given as {west, south, east, north}; an inlined SQL
-- function, so `position <@ search_area($1)` reaches the index.
CREATE FUNCTION search_area(bounds float8[]) RETURNS box LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN box(point(bounds[1], bounds[2]), point(bounds[3], bounds[4]));

-- migrate:down
DROP FUNCTION search_area(float8[]);
DROP INDEX properties_position;
ALTER TABLE properties DROP COLUMN position;
