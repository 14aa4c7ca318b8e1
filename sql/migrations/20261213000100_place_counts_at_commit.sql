-- migrate:up

-- A city's and a neighbourhood's count of shown listings is one row that every listing there
-- writes. Written by an immediate trigger, it was locked from the listing's INSERT to its commit,
-- through the rest of the transaction (the slug, the pictures, the XP, the saved searches' job):
-- fifty landlords listing in one neighbourhood of a million listings at 50/s queued on it, p99
-- 71–430 ms against 10–14 ms with the triggers deferred (make bench BENCH=listings, issue 33).
-- Deferred, the counts are written at the commit, the last rows the transaction locks; a write
-- that changes listings in several places locks their counts in key order as its last step
-- (internal/places), so that the order is the same everywhere.
DROP TRIGGER properties_sync_cities ON properties;
CREATE CONSTRAINT TRIGGER properties_sync_cities
    AFTER INSERT OR DELETE OR UPDATE OF city, active ON properties
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION properties_sync_cities();
DROP TRIGGER properties_sync_localities ON properties;
CREATE CONSTRAINT TRIGGER properties_sync_localities
    AFTER INSERT OR DELETE OR UPDATE OF locality, active ON properties
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION properties_sync_localities();

-- migrate:down

DROP TRIGGER properties_sync_localities ON properties;
CREATE TRIGGER properties_sync_localities
    AFTER INSERT OR DELETE OR UPDATE OF locality, active ON properties
    FOR EACH ROW EXECUTE FUNCTION properties_sync_localities();
DROP TRIGGER properties_sync_cities ON properties;
CREATE TRIGGER properties_sync_cities
    AFTER INSERT OR DELETE OR UPDATE OF city, active ON properties
    FOR EACH ROW EXECUTE FUNCTION properties_sync_cities();
