-- migrate:up

-- The landlord dashboard's My Properties: an owner's active listings, newest first, read from the
-- index in page order (a landlord with hundreds of listings pays for one page, not a sort).
CREATE INDEX properties_landlord_newest ON properties (landlord_id, created_at DESC, id DESC) WHERE active;

-- The platform statistics (GET /api/statistics, SPEC §7, §9: cached 60 seconds) as one stored
-- row that every server reads, so that several servers show the same figures. A request that
-- finds the row older than 60 seconds recomputes it with an UPDATE guarded by that age: the first
-- server's UPDATE wins, the others' find it fresh once it commits and read the new figures.
CREATE TABLE statistics_cache (
    id                         boolean PRIMARY KEY DEFAULT true CHECK (id),
    computed_at                timestamptz NOT NULL DEFAULT 'epoch', -- never computed
    active_users               integer NOT NULL DEFAULT 0,
    total_properties           integer NOT NULL DEFAULT 0,
    unique_countries           integer NOT NULL DEFAULT 0,
    new_properties_30d         integer NOT NULL DEFAULT 0,
    new_properties_prev_30d    integer NOT NULL DEFAULT 0,
    total_verified_properties  integer NOT NULL DEFAULT 0,
    total_reviews              integer NOT NULL DEFAULT 0,
    average_rating             double precision NOT NULL DEFAULT 0,
    established_users          integer NOT NULL DEFAULT 0,
    retained_users             integer NOT NULL DEFAULT 0
);
INSERT INTO statistics_cache DEFAULT VALUES;

-- migrate:down

DROP TABLE statistics_cache;
DROP INDEX properties_landlord_newest;
