-- migrate:up

-- A searched place is a city or a neighbourhood (the listing's locality): like cities, one index
-- per sort led by the neighbourhood, and one row per neighbourhood with active listings, kept by
-- a trigger, so a typo is matched against these names instead of every listing.
ALTER TABLE properties ADD COLUMN locality_key text NOT NULL GENERATED ALWAYS AS (lower(coalesce(locality, ''))) STORED;
CREATE INDEX properties_locality_featured ON properties (locality_key, verified DESC, rating DESC, review_count DESC, id DESC) WHERE active;
CREATE INDEX properties_locality_rating ON properties (locality_key, rating DESC, review_count DESC, id DESC) WHERE active;
CREATE INDEX properties_locality_reviews ON properties (locality_key, review_count DESC, id DESC) WHERE active;
CREATE INDEX properties_locality_newest ON properties (locality_key, created_at DESC, id DESC) WHERE active;

CREATE TABLE localities (
    key             text PRIMARY KEY,  -- lower(locality), the search key of properties
    name            text NOT NULL,     -- the neighbourhood as first listed, for display
    property_count  integer NOT NULL CHECK (property_count >= 0)
);
CREATE INDEX localities_key_trgm ON localities USING gin (key gin_trgm_ops);

CREATE FUNCTION properties_sync_localities() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.active AND OLD.locality_key <> '' THEN
        UPDATE localities SET property_count = property_count - 1 WHERE key = OLD.locality_key;
        DELETE FROM localities WHERE key = OLD.locality_key AND property_count = 0;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.active AND NEW.locality_key <> '' THEN
        INSERT INTO localities (key, name, property_count) VALUES (NEW.locality_key, NEW.locality, 1)
        ON CONFLICT (key) DO UPDATE SET property_count = localities.property_count + 1;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER properties_sync_localities
    AFTER INSERT OR DELETE OR UPDATE OF locality, active ON properties
    FOR EACH ROW EXECUTE FUNCTION properties_sync_localities();

INSERT INTO localities (key, name, property_count)
SELECT locality_key, min(locality), count(*) FROM properties
WHERE active AND locality_key <> '' GROUP BY locality_key;

-- The free-text query's words match the title, street, neighbourhood, city and property type
-- ("apartments" finds apartments). A generated column's expression cannot change in place.
ALTER TABLE properties DROP COLUMN search_text;
ALTER TABLE properties ADD COLUMN search_text text NOT NULL GENERATED ALWAYS AS (lower(
    title || ' ' || address || ' ' || coalesce(locality, '') || ' ' || city || ' ' || replace(property_type, '_', ' '))) STORED;
CREATE INDEX properties_search_trgm ON properties USING gin (search_text gin_trgm_ops) WHERE active;

-- A US ZIP+4 is keyed by its ZIP, so "10001-1234" and "10001" find each other (property.PostalCodeKey
-- writes the same key); the postal indexes go with the column and come back.
ALTER TABLE properties DROP COLUMN postal_code_key;
ALTER TABLE properties ADD COLUMN postal_code_key text NOT NULL GENERATED ALWAYS AS (regexp_replace(
    upper(regexp_replace(coalesce(zip_code, ''), '[^A-Za-z0-9]', '', 'g')), '^([0-9]{5})[0-9]{4}$', '\1')) STORED;
CREATE INDEX properties_postal_featured ON properties (postal_code_key, verified DESC, rating DESC, review_count DESC, id DESC) WHERE active;
CREATE INDEX properties_postal_rating ON properties (postal_code_key, rating DESC, review_count DESC, id DESC) WHERE active;
CREATE INDEX properties_postal_reviews ON properties (postal_code_key, review_count DESC, id DESC) WHERE active;
CREATE INDEX properties_postal_newest ON properties (postal_code_key, created_at DESC, id DESC) WHERE active;

-- Demo listing 1 says which part of town Chelsea is in, so the home page's "Downtown Apartments"
-- shortcut finds a listing; only when its title is still the seeded one.
UPDATE properties SET title = 'Sunny Pre-War Downtown One-Bedroom in Chelsea',
    slug = 'sunny-pre-war-downtown-one-bedroom-in-chelsea-1'
WHERE id = 1 AND title = 'Sunny Pre-War One-Bedroom in Chelsea';

-- migrate:down

ALTER TABLE properties DROP COLUMN postal_code_key;
ALTER TABLE properties ADD COLUMN postal_code_key text NOT NULL GENERATED ALWAYS AS (
    upper(regexp_replace(coalesce(zip_code, ''), '[^A-Za-z0-9]', '', 'g'))) STORED;
CREATE INDEX properties_postal_featured ON properties (postal_code_key, verified DESC, rating DESC, review_count DESC, id DESC) WHERE active;
CREATE INDEX properties_postal_rating ON properties (postal_code_key, rating DESC, review_count DESC, id DESC) WHERE active;
CREATE INDEX properties_postal_reviews ON properties (postal_code_key, review_count DESC, id DESC) WHERE active;
CREATE INDEX properties_postal_newest ON properties (postal_code_key, created_at DESC, id DESC) WHERE active;

ALTER TABLE properties DROP COLUMN search_text;
ALTER TABLE properties ADD COLUMN search_text text NOT NULL GENERATED ALWAYS AS (lower(
    title || ' ' || address || ' ' || coalesce(locality, '') || ' ' || city)) STORED;
CREATE INDEX properties_search_trgm ON properties USING gin (search_text gin_trgm_ops) WHERE active;
DROP TRIGGER properties_sync_localities ON properties;
DROP FUNCTION properties_sync_localities();
DROP TABLE localities;
ALTER TABLE properties DROP COLUMN locality_key;
