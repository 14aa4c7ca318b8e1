-- migrate:up

-- Each report keeps the network (an IPv4 address, an IPv6 /64; none for loopback) and the hash of
-- the browser's device cookie it was sent with, as sign_ins keeps them, so the hiding rule can
-- tell reporters apart.
ALTER TABLE review_reports
    ADD COLUMN network text CHECK (length(network) <= 100),
    ADD COLUMN device_hash bytea;

-- How many independent reporters a review has, counted up to enough: reports made since an admin
-- last restored it, taken greedily in the order they were made (by id). A report counts when it
-- came from a known network and browser that no counted report shares, from an established
-- account (account_established) that is linked (accounts_linked, with the report's own network
-- and browser as one more sign-in) neither to the review's author, nor to the property's owner
-- (the owner included), nor to a reporter already counted, in either direction. Linked reporters
-- count as one: the first of them. This is the one definition of the reports that hide a review
-- before a moderator decides.
CREATE FUNCTION review_hiding_reporters(review integer, enough integer) RETURNS integer
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
    author integer;
    owner integer;
    since timestamptz;
    rep record;
    counted_users integer[] := '{}';
    counted_networks text[] := '{}';
    counted_devices bytea[] := '{}';
BEGIN
    SELECT r.user_id, p.landlord_id INTO author, owner
    FROM reviews r JOIN properties p ON p.id = r.property_id
    WHERE r.id = review;
    SELECT coalesce(max(d.created_at), '-infinity') INTO since
    FROM review_moderation_decisions d
    WHERE d.review_id = review AND d.decision = 'restore';
    FOR rep IN
        SELECT rr.user_id, rr.network, rr.device_hash FROM review_reports rr
        WHERE rr.review_id = review AND rr.created_at > since
          AND rr.network IS NOT NULL AND rr.device_hash IS NOT NULL
        ORDER BY rr.id
    LOOP
        EXIT WHEN cardinality(counted_users) >= enough;
        CONTINUE WHEN rep.network = ANY (counted_networks) OR rep.device_hash = ANY (counted_devices)
            OR NOT account_established(rep.user_id)
            OR accounts_linked(author, rep.user_id, rep.network, rep.device_hash)
            OR accounts_linked(owner, rep.user_id, rep.network, rep.device_hash)
            OR EXISTS (
                SELECT 1 FROM unnest(counted_users, counted_networks, counted_devices) AS c(user_id, network, device_hash)
                WHERE accounts_linked(c.user_id, rep.user_id, rep.network, rep.device_hash)
                   OR accounts_linked(rep.user_id, c.user_id, c.network, c.device_hash));
        counted_users := counted_users || rep.user_id;
        counted_networks := counted_networks || rep.network;
        counted_devices := counted_devices || rep.device_hash;
    END LOOP;
    RETURN cardinality(counted_users);
END;
$$;

-- Reviews hidden under the old rule (three established accounts, wherever they reported from) are
-- published again unless the new rule still hides them. Reports made before this change carry no
-- network or browser, so none of them counts: every review they hid is published again, and stays
-- in the moderators' queue with its reports. This is a change of rule, not a moderator's decision,
-- so no decision row is written.
UPDATE reviews SET status = 'published', updated_at = now()
WHERE status = 'hidden' AND review_hiding_reporters(id, 3) < 3;

-- migrate:down

DROP FUNCTION review_hiding_reporters(integer, integer);
ALTER TABLE review_reports DROP COLUMN device_hash, DROP COLUMN network;
