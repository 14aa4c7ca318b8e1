-- migrate:up

-- A write that changes listings in more than one city takes their count rows in key order before
-- the triggers properties_sync_cities and properties_sync_localities write them (LockCityCounts,
-- LockLocalityCounts). A count that is not there (its place has no listing shown: the triggers
-- delete a count at zero) cannot be locked, and the triggers created the missing ones in the
-- order they met the listings: two reinstatements showing listings in the same two empty cities
-- each created one and waited for the other's (40P01). The lock step now creates the missing rows
-- too, at zero and in key order; readers take a row for a place with listings (the place lookups
-- of properties.sql, the search totals), so a row created at zero that no listing of the
-- transaction counted is dropped at its commit, here, and is never seen by another transaction.
CREATE FUNCTION place_counts_drop_empty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'cities' THEN
        DELETE FROM cities WHERE key = NEW.key AND property_count = 0;
    ELSE
        DELETE FROM localities WHERE key = NEW.key AND property_count = 0;
    END IF;
    RETURN NULL;
END;
$$;

-- Only rows created at zero (the triggers create theirs at one and delete a count that falls to
-- zero themselves); the WHEN of a deferred trigger is tested at the insert, its function runs at
-- the commit.
CREATE CONSTRAINT TRIGGER cities_drop_empty AFTER INSERT ON cities
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.property_count = 0)
    EXECUTE FUNCTION place_counts_drop_empty();
CREATE CONSTRAINT TRIGGER localities_drop_empty AFTER INSERT ON localities
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.property_count = 0)
    EXECUTE FUNCTION place_counts_drop_empty();

-- migrate:down

DROP TRIGGER localities_drop_empty ON localities;
DROP TRIGGER cities_drop_empty ON cities;
DROP FUNCTION place_counts_drop_empty();
