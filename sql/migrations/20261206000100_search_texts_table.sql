-- migrate:up
-- The search's trigram index moves to a table of its own, written only when a listing's text
-- changes. On properties, GIN rewrote a listing's ~50 trigram entries on every update that
-- cannot be HOT, and most updates of a listing cannot be (a verification granted or withdrawn,
-- a review's stars, an edit of the rent: the search's B-tree indexes hold those columns). It was
-- half of such an update: on the ledger bench's set a verification's update took 12–14 ms with
-- it and 6 ms without, writing 78 WAL records against 31 (docs/benchmarks.md, "Writes to a
-- listing").
CREATE TABLE property_search_texts (
    property_id integer PRIMARY KEY REFERENCES properties (id) ON DELETE CASCADE,
    search_text text NOT NULL -- properties.search_text, of active listings only
);

INSERT INTO property_search_texts (property_id, search_text)
SELECT id, search_text FROM properties WHERE active;

CREATE INDEX property_search_texts_trgm ON property_search_texts USING gin (search_text gin_trgm_ops)
    WITH (fastupdate = off);

-- Keeps an active listing's text, when it changes, and drops a listing's when it stops being
-- active. The columns named are search_text's and active.
CREATE FUNCTION properties_sync_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.active THEN
        INSERT INTO property_search_texts AS t (property_id, search_text) VALUES (NEW.id, NEW.search_text)
        ON CONFLICT (property_id) DO UPDATE SET search_text = EXCLUDED.search_text
        WHERE t.search_text IS DISTINCT FROM EXCLUDED.search_text;
    ELSIF TG_OP = 'UPDATE' AND OLD.active THEN
        DELETE FROM property_search_texts WHERE property_id = NEW.id;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER properties_sync_search_text
    AFTER INSERT OR UPDATE OF title, address, locality, city, property_type, active ON properties
    FOR EACH ROW EXECUTE FUNCTION properties_sync_search_text();

-- The previous release's text search still finds the same listings while the release rolls
-- out, by reading the table.
DROP INDEX properties_search_trgm;

-- migrate:down
CREATE INDEX properties_search_trgm ON properties USING gin (search_text gin_trgm_ops) WITH (fastupdate = off)
    WHERE active;
DROP TRIGGER properties_sync_search_text ON properties;
DROP FUNCTION properties_sync_search_text();
DROP TABLE property_search_texts;
