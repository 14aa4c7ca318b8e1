-- migrate:up

-- A review about an earlier address of its listing (review_previous_address) is uncounted by the
-- move (20261208000100) and so entered the catch-up's partial index (reviews_due_counting: not
-- counted, not owner-linked), where every catch-up of every server read past it, with a lookup
-- of its property, for as long as the listing stayed elsewhere: a list that only grows, one move
-- at a time. reviews.elsewhere stores that fact beside the review so the index can leave such
-- reviews out; review_previous_address stays the rule, and elsewhere follows it: the insert
-- stamps the review with its property's address (false), and a change of a property's address
-- marks its reviews again, in the same statement, whatever code changes it (the trigger below).
-- A listing that moves back clears the mark of the reviews about that address, which enter the
-- index and are counted by the catch-up as before.
ALTER TABLE reviews ADD COLUMN elsewhere boolean NOT NULL DEFAULT false;
UPDATE reviews SET elsewhere = true WHERE review_previous_address(property_id, address_key);

CREATE FUNCTION properties_mark_reviews_elsewhere() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    here constant text := property_address_key(NEW.address, NEW.city, NEW.state, NEW.postal_code_key, NEW.country);
BEGIN
    UPDATE reviews SET elsewhere = (address_key IS DISTINCT FROM here)
    WHERE property_id = NEW.id AND elsewhere IS DISTINCT FROM (address_key IS DISTINCT FROM here);
    RETURN NULL;
END;
$$;

-- The address columns (postal_code_key is generated from zip_code); the neighbourhood moves nothing.
CREATE TRIGGER properties_mark_reviews_elsewhere
    AFTER UPDATE OF address, city, state, zip_code, country ON properties
    FOR EACH ROW
    WHEN (property_address_key(OLD.address, OLD.city, OLD.state, OLD.postal_code_key, OLD.country)
        IS DISTINCT FROM property_address_key(NEW.address, NEW.city, NEW.state, NEW.postal_code_key, NEW.country))
    EXECUTE FUNCTION properties_mark_reviews_elsewhere();

-- The catch-up's index without the reviews about an earlier address. reviews_due_counting stays
-- for the release before this one, whose catch-up does not ask elsewhere (expand then contract);
-- a later release drops it.
CREATE INDEX reviews_due_counting_here ON reviews (id)
    WHERE NOT counted AND NOT owner_linked AND NOT elsewhere AND status = 'published' AND user_id IS NOT NULL;

-- migrate:down

DROP INDEX reviews_due_counting_here;
DROP TRIGGER properties_mark_reviews_elsewhere ON properties;
DROP FUNCTION properties_mark_reviews_elsewhere();
ALTER TABLE reviews DROP COLUMN elsewhere;
