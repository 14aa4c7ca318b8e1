-- migrate:up
-- Saved searches with alerts (issue 32). A member saves a search with exactly one place (a city,
-- a neighbourhood or a postcode, keyed as properties key them) and the search's filters. The
-- transaction that creates or edits a listing only enqueues it (saved_search_jobs, one row); after
-- its commit every server's worker (internal/savedsearch, Worker) matches the listing as it is then
-- against them in batches, each batch one statement (MatchListingBatch) that probes the partial
-- index of each place key with the listing's city_key, locality_key and postal_code_key, in
-- saved-search id order from where the previous batch stopped.
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
-- Matching: one probe per place key, only of searches whose alerts are on, in id order (a batch
-- resumes after the last id of the one before), each carrying what the filters and the
-- notification read, so the probe is an index-only scan (saved_searches is written only when a
-- member saves, deletes or switches one: its pages stay all-visible).
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

-- The UTC day each saved search was last emailed about: at most one email a day per saved search.
-- The matching batch claims the day with an upsert whose row lock and re-checked condition
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

-- Listings to match against the saved searches, written by the transaction that creates or edits
-- one (savedsearch.MatchListing: one insert, so a rolled-back listing leaves none and a committed
-- one loses none) and worked through after its commit by every server's worker: a batch claims
-- the oldest job with FOR UPDATE SKIP LOCKED, tells up to 500 searches from after_id on and moves
-- after_id to the last in the same transaction, so a crash between batches resumes where the last
-- committed batch stopped; the last batch deletes the job. Several jobs of one listing (quick
-- edits) are each matched: saved_search_matches makes the repeats tell nobody. No foreign key to
-- properties: the check would cost the listing's transaction, and a listing gone, or inactive
-- when its job runs, matches nothing.
CREATE TABLE saved_search_jobs (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    property_id  integer NOT NULL,
    after_id     bigint NOT NULL DEFAULT 0, -- the saved searches up to this id are done
    enqueued_at  timestamptz NOT NULL DEFAULT now()
);

-- Which saved searches were told about which listing: each (search, listing) once, ever. The
-- batch inserts its matches here first (ON CONFLICT DO NOTHING) and tells only the rows it
-- inserted, so two servers on two jobs of one listing, a batch retried after a crash, an edit
-- that changes nothing the search asks about and a listing that moves out of a search and back
-- never tell a search twice. No foreign key to saved_searches (its key check would lock and
-- dirty the search's row on each match: saved_searches stays all-visible for the probes): a
-- search's deletion deletes its rows (DeleteSavedSearch, account closure).
CREATE TABLE saved_search_matches (
    saved_search_id  bigint NOT NULL,
    property_id      integer NOT NULL,
    matched_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (saved_search_id, property_id)
);

-- migrate:down
DROP TABLE saved_search_matches;
DROP TABLE saved_search_jobs;
DROP TABLE saved_search_emails;
DROP TABLE saved_search_counts;
DROP TABLE saved_searches;
