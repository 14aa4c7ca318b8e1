-- migrate:up

-- One row per city with active listings, kept by a trigger: a typo in a searched city is matched
-- against these few hundred names instead of every listing.
CREATE TABLE cities (
    key             text PRIMARY KEY,  -- lower(city), the search key of properties
    name            text NOT NULL,     -- the city as first listed, for display
    property_count  integer NOT NULL CHECK (property_count >= 0)
);
CREATE INDEX cities_key_trgm ON cities USING gin (key gin_trgm_ops);

CREATE FUNCTION properties_sync_cities() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.active THEN
        UPDATE cities SET property_count = property_count - 1 WHERE key = lower(OLD.city);
        DELETE FROM cities WHERE key = lower(OLD.city) AND property_count = 0;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.active THEN
        INSERT INTO cities (key, name, property_count) VALUES (lower(NEW.city), NEW.city, 1)
        ON CONFLICT (key) DO UPDATE SET property_count = cities.property_count + 1;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER properties_sync_cities
    AFTER INSERT OR DELETE OR UPDATE OF city, active ON properties
    FOR EACH ROW EXECUTE FUNCTION properties_sync_cities();

INSERT INTO cities (key, name, property_count)
SELECT lower(city), min(city), count(*) FROM properties WHERE active GROUP BY lower(city);

-- migrate:down

DROP TRIGGER properties_sync_cities ON properties;
DROP FUNCTION properties_sync_cities();
DROP TABLE cities;
