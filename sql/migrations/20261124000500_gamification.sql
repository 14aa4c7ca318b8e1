-- migrate:up

-- Experience points (issue 16). A user's XP is the sum of the points of their user_activities
-- rows; user_xp.xp holds that sum and changes only in the transaction that writes such a row
-- (internal/gamification.Give). xp_reached_at is when the user reached their current XP: of two
-- users with the same XP, the one who got there first ranks higher. XP lives in its own narrow
-- table, not on users: an award moves the leaderboard's index, and on users that update would
-- rewrite an entry in each of users' indexes (its username trigram GIN among them) and stop the
-- token ledger's balance updates of the same row from staying in place (HOT). A user without a
-- row has 0 XP. leaderboard_full_name is the user's choice to show their full name on the
-- leaderboard (else first name and last initial).
CREATE TABLE user_xp (
    user_id       integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    xp            integer NOT NULL DEFAULT 0 CHECK (xp >= 0),
    xp_reached_at timestamptz
);
ALTER TABLE users ADD COLUMN leaderboard_full_name boolean NOT NULL DEFAULT false;

-- The leaderboard in its order; users with 0 XP are not ranked and not indexed.
CREATE INDEX user_xp_leaderboard ON user_xp (xp DESC, xp_reached_at, user_id) WHERE xp > 0;

-- An award row says which rule of the points table it follows (metadata.rule). A reversing row
-- (metadata.reversal, e.g. a removed review's XP taken back) is the one row whose points may be
-- negative.
ALTER TABLE user_activities DROP CONSTRAINT user_activities_points_check;
ALTER TABLE user_activities ADD CONSTRAINT user_activities_points_check
    CHECK (points >= 0 OR (metadata ->> 'reversal') = 'true');

-- How many users rank ahead of a user with p_xp, from the planner's statistics of user_xp.xp (no
-- scan): the leaderboard counts exactly up to its limit and estimates beyond it.
CREATE FUNCTION leaderboard_ahead_estimate(p_xp integer) RETURNS bigint
    LANGUAGE plpgsql
    AS $$
DECLARE
    plan jsonb;
BEGIN
    EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM user_xp WHERE xp > %s', p_xp) INTO plan;
    RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::bigint;
END;
$$;

-- The points of the n-th award of rule on its day: rules' points within its cap, else 0.
CREATE FUNCTION gamification_points(rules jsonb, rule text, n bigint) RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$
        SELECT CASE WHEN coalesce((rules -> rule ->> 'cap')::int, 0) = 0 OR n <= (rules -> rule ->> 'cap')::int
                    THEN (rules -> rule ->> 'points')::int ELSE 0 END
    $$;

-- gamification_backfill gives XP, badges and achievements for what happened without them: each
-- published review, helpful vote from an established account on a review that stands, answered
-- verification request, listing and verified property not awarded yet gets its award row, dated
-- when it happened, with the points of rules (the points table of internal/gamification, as
-- {"reviews": {"points": 20, "cap": 3}, ...}; cap 0: none) and each day's cap counted by that
-- day (UTC). Then every user's xp is their rows' sum and every badge and achievement whose
-- requirements are met is awarded. One set-based statement per kind; idempotent. The server
-- calls it after seeding the demo data and on Initialize; this migration for existing data.
CREATE FUNCTION gamification_backfill(rules jsonb) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
    -- Awards (gamification.Give) start by locking their user's row, which this lock waits for
    -- and then holds off: the sums below see every award, none lands between them, and two
    -- backfills take turns. Reads of users go on.
    LOCK TABLE users IN EXCLUSIVE MODE;

    -- Published reviews, to their authors.
    INSERT INTO user_activities (user_id, activity_type, points, entity_type, entity_id, created_at, metadata)
    SELECT c.user_id, 'review_posted', gamification_points(rules, 'reviews', c.n),
           'review', c.id, c.at, '{"rule": "reviews"}'
    FROM (
        SELECT r.user_id, r.id, r.created_at AS at,
               row_number() OVER (PARTITION BY r.user_id, (r.created_at AT TIME ZONE 'UTC')::date ORDER BY r.created_at, r.id) AS n
        FROM reviews r WHERE r.status = 'published' AND r.user_id IS NOT NULL
    ) c
    WHERE NOT EXISTS (SELECT 1 FROM user_activities a WHERE a.user_id = c.user_id AND a.entity_type = 'review'
                      AND a.entity_id = c.id AND a.metadata ->> 'rule' = 'reviews');

    -- Helpful votes from established accounts, to the reviews' authors (the voters' own rows stay).
    INSERT INTO user_activities (user_id, activity_type, points, entity_type, entity_id, created_at, metadata)
    SELECT c.user_id, 'helpful_vote', gamification_points(rules, 'helpfulVotes', c.n),
           'review', c.review_id, c.at, jsonb_build_object('rule', 'helpfulVotes', 'voter', c.voter_id)
    FROM (
        SELECT r.user_id, v.review_id, v.user_id AS voter_id, v.created_at AS at,
               row_number() OVER (PARTITION BY r.user_id, (v.created_at AT TIME ZONE 'UTC')::date ORDER BY v.created_at, v.review_id, v.user_id) AS n
        FROM review_helpful_votes v JOIN reviews r ON r.id = v.review_id
        WHERE r.user_id IS NOT NULL AND r.user_id <> v.user_id AND r.status <> 'removed' AND account_established(v.user_id)
    ) c
    WHERE NOT EXISTS (SELECT 1 FROM user_activities a WHERE a.user_id = c.user_id AND a.entity_type = 'review'
                      AND a.entity_id = c.review_id AND a.metadata ->> 'rule' = 'helpfulVotes'
                      AND a.metadata ->> 'voter' = c.voter_id::text);

    -- Verification requests answered (approved or rejected) by the people asked.
    INSERT INTO user_activities (user_id, activity_type, points, entity_type, entity_id, created_at, metadata)
    SELECT c.user_id, 'verification_completed', gamification_points(rules, 'verificationsAnswered', c.n),
           'verification', c.id, c.at, '{"rule": "verificationsAnswered"}'
    FROM (
        SELECT q.requested_to_id AS user_id, q.id, q.responded_at AS at,
               row_number() OVER (PARTITION BY q.requested_to_id, (q.responded_at AT TIME ZONE 'UTC')::date ORDER BY q.responded_at, q.id) AS n
        FROM verification_requests q
        WHERE q.requested_to_id IS NOT NULL AND q.responded_at IS NOT NULL AND q.status IN ('approved', 'rejected', 'held')
    ) c
    WHERE NOT EXISTS (SELECT 1 FROM user_activities a WHERE a.user_id = c.user_id AND a.entity_type = 'verification'
                      AND a.entity_id = c.id AND a.metadata ->> 'rule' = 'verificationsAnswered');

    -- Listings, to their landlords.
    INSERT INTO user_activities (user_id, activity_type, points, entity_type, entity_id, created_at, metadata)
    SELECT c.user_id, 'property_listing', gamification_points(rules, 'properties', c.n),
           'property', c.id, c.at, '{"rule": "properties"}'
    FROM (
        SELECT p.landlord_id AS user_id, p.id, p.created_at AS at,
               row_number() OVER (PARTITION BY p.landlord_id, (p.created_at AT TIME ZONE 'UTC')::date ORDER BY p.created_at, p.id) AS n
        FROM properties p
    ) c
    WHERE NOT EXISTS (SELECT 1 FROM user_activities a WHERE a.user_id = c.user_id AND a.entity_type = 'property'
                      AND a.entity_id = c.id AND a.metadata ->> 'rule' = 'properties');

    -- Verified properties (the verification in force, whichever proof), to their owners.
    INSERT INTO user_activities (user_id, activity_type, points, entity_type, entity_id, created_at, metadata)
    SELECT c.user_id, 'verification_completed', gamification_points(rules, 'verifiedProperties', c.n),
           'property', c.id, c.at, '{"rule": "verifiedProperties"}'
    FROM (
        SELECT f.user_id, f.id, f.at,
               row_number() OVER (PARTITION BY f.user_id, (f.at AT TIME ZONE 'UTC')::date ORDER BY f.at, f.id) AS n
        FROM (SELECT p.landlord_id AS user_id, p.id, v.granted_at AS at
              FROM property_verifications v JOIN properties p ON p.id = v.property_id
              WHERE v.withdrawn_at IS NULL) f
    ) c
    WHERE NOT EXISTS (SELECT 1 FROM user_activities a WHERE a.user_id = c.user_id AND a.entity_type = 'property'
                      AND a.entity_id = c.id AND a.metadata ->> 'rule' = 'verifiedProperties');

    -- Every user's XP is their rows' sum, reached with their last row that moved it.
    INSERT INTO user_xp AS x (user_id, xp, xp_reached_at)
    SELECT user_id, sum(points)::int, max(created_at) FILTER (WHERE points <> 0)
    FROM user_activities GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET xp = EXCLUDED.xp, xp_reached_at = EXCLUDED.xp_reached_at
    WHERE x.xp <> EXCLUDED.xp OR x.xp_reached_at IS DISTINCT FROM EXCLUDED.xp_reached_at;

    -- Badges and achievements whose requirements the counts now meet (awarded once).
    WITH counts AS (
        SELECT user_id, rule, count(*) FILTER (WHERE NOT reversal) - count(*) FILTER (WHERE reversal) AS n
        FROM (SELECT user_id, metadata ->> 'rule' AS rule, coalesce((metadata ->> 'reversal')::bool, false) AS reversal
              FROM user_activities WHERE metadata ? 'rule') a
        GROUP BY user_id, rule
    ), badge_rows AS (
        INSERT INTO user_badges (user_id, badge_id)
        SELECT DISTINCT c.user_id, b.id FROM counts c JOIN badges b ON b.active AND b.requirements ? c.rule
        WHERE c.n >= (b.requirements ->> c.rule)::int
        ON CONFLICT DO NOTHING
    )
    INSERT INTO user_achievements (user_id, achievement_id)
    SELECT DISTINCT c.user_id, x.id FROM counts c JOIN achievements x ON x.active AND x.requirements ? c.rule
    WHERE c.n >= (x.requirements ->> c.rule)::int
    ON CONFLICT DO NOTHING;
END;
$$;

-- The seeded catalogue (internal/seed/data) keeps only what can be earned: badges and
-- achievements that nothing records are gone (nobody could have earned them), the verifier's
-- badge counts answered requests, and the levels promise only what they give. Where the
-- catalogue was seeded, the new entries join it; where not, Initialize seeds it whole.
DELETE FROM badges WHERE name IN ('Verified Tenant', 'Regular Visitor', 'Bookworm', 'Globetrotter', 'Early Supporter');
UPDATE badges SET description = 'Answered five verification requests from other users.',
    requirements = '{"verificationsAnswered": 5}' WHERE name = 'Trusted Verifier';
UPDATE badges SET description = 'Your reviews were marked helpful 25 times by established members.' WHERE name = 'Helpful Voice';
INSERT INTO badges (name, description, icon, category, level, requirements)
SELECT 'First Verification', 'Answered your first verification request from another user.', 'shield', 'verification', 1,
       '{"verificationsAnswered": 1}' WHERE EXISTS (SELECT 1 FROM badges)
ON CONFLICT (name) DO NOTHING;
DELETE FROM achievements WHERE name IN ('Welcome Home', 'Honest Voice', 'Neighbourhood Guide', 'Polyglot', 'Night Owl');
UPDATE achievements SET description = 'Answered a verification request for another user.',
    requirements = '{"verificationsAnswered": 1}' WHERE name = 'Good Samaritan';
UPDATE achievements SET description = 'Received ten helpful votes from established members on your reviews.' WHERE name = 'Community Helper';
UPDATE achievements SET description = 'Listed your first property.', requirements = '{"properties": 1}' WHERE name = 'Open Door';
INSERT INTO achievements (name, description, points, icon, category, secret, requirements)
SELECT 'Storyteller', 'Posted three reviews.', 10, 'star', 'review', false, '{"reviews": 3}'
WHERE EXISTS (SELECT 1 FROM achievements)
ON CONFLICT (name) DO NOTHING;
UPDATE user_levels SET benefits = ARRAY['The ' || name || ' level and its icon on your profile and the leaderboard'];

SELECT gamification_backfill('{
    "reviews": {"points": 20, "cap": 3},
    "helpfulVotes": {"points": 2, "cap": 20},
    "verificationsAnswered": {"points": 10, "cap": 0},
    "properties": {"points": 10, "cap": 2},
    "verifiedProperties": {"points": 25, "cap": 0}
}');

-- migrate:down

DROP FUNCTION gamification_backfill(jsonb);
DROP FUNCTION gamification_points(jsonb, text, bigint);
DROP FUNCTION leaderboard_ahead_estimate(integer);
DELETE FROM user_activities WHERE points < 0;
ALTER TABLE user_activities DROP CONSTRAINT user_activities_points_check;
ALTER TABLE user_activities ADD CONSTRAINT user_activities_points_check CHECK (points >= 0);
DROP TABLE user_xp;
ALTER TABLE users DROP COLUMN leaderboard_full_name;
