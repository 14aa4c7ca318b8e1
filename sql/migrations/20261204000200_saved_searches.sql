-- migrate:up
-- Saved searches with alerts (issue 32). A member saves a search with exactly one place (a city,
-- a neighbourhood or a postcode, keyed as properties key them) and the search's filters; a listing
-- created or edited so that it newly matches is matched against them in its own transaction by
-- one statement (internal/savedsearch, MatchListing), which probes the one partial index of each
-- place key with the listing's city_key, locality_key and postal_code_key.
CREATE TABLE saved_searches (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id          integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name             text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60 AND name = btrim(name)),
    -- The place: exactly one key is set (a map area comes later with the map: add its column to
    -- num_nonnulls below). place_name is how the member sees it ("London", "SW1A 1AA").
    city_key         text CHECK (city_key <> ''),
    locality_key     text CHECK (locality_key <> ''),
    postal_code_key  text CHECK (postal_code_key <> ''),
    place_name       text NOT NULL CHECK (char_length(place_name) BETWEEN 1 AND 120),
    -- The filters, as the search applies them (NULL or false: not asked).
    property_type    text,
    verified_only    boolean NOT NULL DEFAULT false,
    currency         text CHECK (currency ~ '^[A-Z]{3}$'),
    min_rent         integer CHECK (min_rent > 0),
    max_rent         integer CHECK (max_rent > 0),
    min_bedrooms     integer CHECK (min_bedrooms > 0),
    min_bathrooms    integer CHECK (min_bathrooms > 0),
    pets_allowed     boolean NOT NULL DEFAULT false,
    furnished        boolean NOT NULL DEFAULT false,
    min_area_sqft    float8 CHECK (min_area_sqft > 0),
    words            text[] CHECK (cardinality(words) BETWEEN 1 AND 8), -- free text: LIKE patterns every one of which search_text matches
    -- The request as the member typed it, to reopen the search (/find-properties?…).
    search_city      text NOT NULL DEFAULT '',
    search_zip_code  text NOT NULL DEFAULT '',
    search_query     text NOT NULL DEFAULT '',
    min_area         integer CHECK (min_area > 0),
    area_unit        text NOT NULL DEFAULT 'sqft' CHECK (area_unit IN ('sqft', 'sqm')),
    alerts           boolean NOT NULL DEFAULT true, -- off: neither notifications nor email
    created_at       timestamptz NOT NULL DEFAULT now(),
    CHECK (num_nonnulls(city_key, locality_key, postal_code_key) = 1),
    CHECK (min_rent IS NULL AND max_rent IS NULL OR currency IS NOT NULL),
    CHECK (min_rent IS NULL OR max_rent IS NULL OR min_rent <= max_rent)
);
CREATE INDEX saved_searches_user ON saved_searches (user_id, id);
-- Matching: one probe per place key, only of searches whose alerts are on, each carrying what
-- the filters and the notification read, so the probe is an index-only scan (saved_searches is
-- written only when a member saves, deletes or switches one: its pages stay all-visible).
CREATE INDEX saved_searches_city ON saved_searches (city_key)
    INCLUDE (id, user_id, name, property_type, verified_only, currency, min_rent, max_rent, min_bedrooms,
        min_bathrooms, pets_allowed, furnished, min_area_sqft, words)
    WHERE city_key IS NOT NULL AND alerts;
CREATE INDEX saved_searches_locality ON saved_searches (locality_key)
    INCLUDE (id, user_id, name, property_type, verified_only, currency, min_rent, max_rent, min_bedrooms,
        min_bathrooms, pets_allowed, furnished, min_area_sqft, words)
    WHERE locality_key IS NOT NULL AND alerts;
CREATE INDEX saved_searches_postal_code ON saved_searches (postal_code_key)
    INCLUDE (id, user_id, name, property_type, verified_only, currency, min_rent, max_rent, min_bedrooms,
        min_bathrooms, pets_allowed, furnished, min_area_sqft, words)
    WHERE postal_code_key IS NOT NULL AND alerts;

-- The UTC day each saved search was last emailed about: at most one email a day per saved search.
-- The matching statement claims the day with an upsert whose row lock and re-checked condition
-- make a second transaction, on any server, wait for the first and then find the day taken. Kept
-- apart from saved_searches so the daily writes leave its pages (and index-only scans) alone.
CREATE TABLE saved_search_emails (
    saved_search_id  bigint PRIMARY KEY REFERENCES saved_searches (id) ON DELETE CASCADE,
    emailed_on       date NOT NULL
);

-- How many searches each member has saved, kept by the statements that save and delete them:
-- the upsert's row lock makes parallel saves count each other, so the limit holds under
-- concurrency (internal/savedsearch, MaxPerMember).
CREATE TABLE saved_search_counts (
    user_id  integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    saved    integer NOT NULL CHECK (saved >= 0)
);

-- migrate:down
DROP TABLE saved_search_emails;
DROP TABLE saved_search_counts;
DROP TABLE saved_searches;
