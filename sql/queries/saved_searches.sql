-- Saved searches with alerts (issue 32): internal/savedsearch.

-- name: CreateSavedSearch :one
-- Saves a search for a member, counted in saved_search_counts in the same statement: the
-- upsert's row lock makes parallel saves of one member count each other, and a member at
-- max_saved gets no row (the count is not raised, nothing is saved).
WITH counted AS (
    INSERT INTO saved_search_counts AS c (user_id, saved) VALUES (sqlc.arg(user_id), 1)
    ON CONFLICT (user_id) DO UPDATE SET saved = c.saved + 1 WHERE c.saved < sqlc.arg(max_saved)::int
    RETURNING user_id
)
INSERT INTO saved_searches (user_id, name, city_key, locality_key, postal_code_key, place_name,
    property_type, verified_only, currency, min_rent, max_rent, min_bedrooms, min_bathrooms,
    pets_allowed, furnished, min_area_sqft, words, search_city, search_zip_code, search_query,
    min_area, area_unit, alerts, map_area)
SELECT counted.user_id, sqlc.arg(name), sqlc.narg(city_key), sqlc.narg(locality_key), sqlc.narg(postal_code_key),
    sqlc.arg(place_name), sqlc.narg(property_type), sqlc.arg(verified_only), sqlc.narg(currency),
    sqlc.narg(min_rent), sqlc.narg(max_rent), sqlc.narg(min_bedrooms), sqlc.narg(min_bathrooms),
    sqlc.arg(pets_allowed), sqlc.arg(furnished), sqlc.narg(min_area_sqft), sqlc.narg(words)::text[],
    sqlc.arg(search_city), sqlc.arg(search_zip_code), sqlc.arg(search_query), sqlc.narg(min_area),
    sqlc.arg(area_unit), sqlc.arg(alerts), search_area(sqlc.narg(map_area)::float8[])
FROM counted
RETURNING *;

-- name: ListSavedSearches :many
-- A member's saved searches, newest first (saved_searches_user).
SELECT * FROM saved_searches WHERE user_id = sqlc.arg(user_id) ORDER BY id DESC;

-- name: DeleteSavedSearch :one
-- Deletes one of a member's saved searches, with what it was told and owes, and counts it out;
-- how many it deleted (0: not theirs, or none).
WITH gone AS (
    DELETE FROM saved_searches d WHERE d.id = sqlc.arg(id) AND d.user_id = sqlc.arg(user_id) RETURNING d.id, d.user_id AS owner_id
), told AS (
    DELETE FROM saved_search_matches m USING gone WHERE m.saved_search_id = gone.id
), owed AS (
    DELETE FROM saved_search_digests o USING gone WHERE o.saved_search_id = gone.id
), counted AS (
    UPDATE saved_search_counts c SET saved = c.saved - 1 FROM gone WHERE c.user_id = gone.owner_id AND c.saved > 0
    RETURNING c.user_id
)
SELECT count(*)::int FROM gone;

-- name: SetSavedSearchAlerts :one
-- Turns one of a member's saved searches' alerts on or off (no row: not theirs, or none).
UPDATE saved_searches SET alerts = sqlc.arg(alerts)
WHERE id = sqlc.arg(id) AND user_id = sqlc.arg(user_id)
RETURNING *;

-- name: DeleteSavedSearchesOf :exec
-- Deletes every saved search of a member, with what they were told and owe, and their count
-- (account closure).
WITH gone AS (
    DELETE FROM saved_searches d WHERE d.user_id = sqlc.arg(user_id) RETURNING d.id
), told AS (
    DELETE FROM saved_search_matches m USING gone WHERE m.saved_search_id = gone.id
), owed AS (
    DELETE FROM saved_search_digests o USING gone WHERE o.saved_search_id = gone.id
)
DELETE FROM saved_search_counts c WHERE c.user_id = sqlc.arg(user_id);

-- name: ClaimSavedSearchJob :one
-- The oldest job no other transaction holds, locked until this batch's transaction ends: two
-- servers never run one job's batch together, and a batch that fails leaves the job as it was.
SELECT * FROM saved_search_jobs ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED;

-- name: AdvanceSavedSearchJob :exec
-- Records that a job's saved searches up to after_id are done (its batch commits with it): its ids,
-- if it had them, are told, and the worker's next batch matches the listing from after_id on.
UPDATE saved_search_jobs SET after_id = sqlc.arg(after_id), search_ids = NULL WHERE id = sqlc.arg(id);

-- name: DeleteSavedSearchJob :exec
-- A job whose last batch is done.
DELETE FROM saved_search_jobs WHERE id = sqlc.arg(id);

-- name: CountSavedSearchJobs :one
-- How many listings wait to be matched, and how long the oldest has waited (seconds).
SELECT count(*)::int AS jobs, coalesce(extract(epoch FROM now() - min(enqueued_at)), 0)::float8 AS oldest_seconds
FROM saved_search_jobs;

-- name: EnqueueListingMatches :exec
-- Matches a new or edited listing in its own transaction (MatchListing): the saved searches it
-- matches as it is now (listing_saved_searches: the first max_rows in id order), written as one
-- row of saved_search_jobs holding their ids, which every server's worker tells after the commit
-- (MatchListingBatch). No row when none matches. A listing that matched max_rows may match more:
-- the worker goes on matching it from the last of them.
INSERT INTO saved_search_jobs (property_id, search_ids)
SELECT sqlc.arg(property_id)::int, array_agg(m.id ORDER BY m.id)
FROM listing_saved_searches(sqlc.arg(property_id)::int, 0, sqlc.arg(max_rows)::int) AS m (id)
HAVING count(*) > 0;

-- name: MatchListingBatch :one
-- One batch of telling, run by the worker for a job (Worker.Step): the members whose saved
-- searches the listing property_id matches as it is now (listing_saved_searches, the one rule)
-- after after_id, up to max_rows in id order; of those, when the job has search_ids (what the
-- listing's transaction matched), only the ones among them, so an edit or a lost badge since then
-- tells no search the listing no longer matches (the edit's own job tells its new matches). An
-- inactive or deleted listing, or a closed account, is told nothing. Each match is recorded in
-- saved_search_matches first, and only those newly recorded are told (a search told about this listing before, by an earlier edit, job
-- or retried batch, is not told again): one notification each. Of the told searches whose member
-- wants saved-search email and has a verified address, each not yet emailed today claims the UTC
-- day in saved_search_emails and gets one compact email in the outbox; the others owe it to
-- tomorrow's digest (saved_search_digests). The claim never waits for another transaction's
-- claim: a search's existing row is taken with FOR UPDATE SKIP LOCKED (a row another transaction
-- holds — another listing's batch claiming the same day, or the digest — counts as taken: this
-- match goes to the digest), and only a search's first-ever row is inserted (ON CONFLICT DO
-- NOTHING, in id order, so two transactions inserting the same new rows wait for each other in one
-- order and never deadlock). matched and last_id say where the batch stopped: how many searches
-- the listing matches now after after_id (at most max_rows), and the last of them.
WITH p AS (
    SELECT id, title, city, locality, monthly_rent, currency FROM properties
    WHERE properties.id = sqlc.arg(property_id) AND active
), matching AS (
    SELECT m.id
    FROM listing_saved_searches(sqlc.arg(property_id), sqlc.arg(after_id)::bigint, sqlc.arg(max_rows)::int) AS m (id)
), matched AS (
    SELECT c.id FROM matching c
    WHERE sqlc.narg(search_ids)::bigint[] IS NULL OR c.id = ANY (sqlc.narg(search_ids)::bigint[])
), told AS (
    -- In id order, so two batches of one listing (two edits' transactions, or an edit's and the
    -- worker's) wait for each other's rows in one order.
    INSERT INTO saved_search_matches (saved_search_id, property_id)
    SELECT m.id, sqlc.arg(property_id) FROM matched m ORDER BY m.id
    ON CONFLICT DO NOTHING
    RETURNING saved_search_id AS id
), news AS (
    -- Each search newly told, by its key (the CTEs' row counts are unknown to the planner: a join
    -- of two of them is a nested loop, each row of one against every row of the other).
    SELECT s.id, s.user_id, s.name FROM told JOIN saved_searches s ON s.id = told.id
), listing AS (
    SELECT p.id, '/properties/' || p.id AS link,
        left(p.title || ' · ' || p.monthly_rent || ' ' || p.currency || ' a month · '
            || coalesce(nullif(p.locality, '') || ', ', '') || p.city, 2000) AS body
    FROM p
), noted AS (
    INSERT INTO notifications (user_id, category, kind, title, body, link)
    SELECT m.user_id, 'saved_searches', 'saved_search_match', left('New listing for your saved search “' || m.name || '”', 200),
        l.body, l.link
    FROM news m JOIN users u ON u.id = m.user_id AND u.closed_at IS NULL, listing l
    RETURNING id
), wants AS (
    -- The told searches whose member gets saved-search email (not while suspended: the
    -- notification waits in the app for the suspension to end).
    SELECT m.id, u.id AS user_id, u.email, m.name FROM news m JOIN users u ON u.id = m.user_id
    WHERE u.email_verified_at IS NOT NULL AND u.closed_at IS NULL AND u.suspended_at IS NULL
        AND CASE jsonb_typeof(u.notification_preferences -> 'email' -> 'saved_searches')
            WHEN 'boolean' THEN (u.notification_preferences -> 'email' ->> 'saved_searches')::bool
            ELSE sqlc.arg(email_default)::bool END
), due AS (
    -- Those not emailed today as this transaction sees them (a plain read: most are, after a
    -- day's first matches); locked and fresh below decide for sure.
    SELECT w.* FROM wants w
    WHERE NOT EXISTS (SELECT FROM saved_search_emails e WHERE e.saved_search_id = w.id
            AND e.emailed_on >= (now() AT TIME ZONE 'UTC')::date)
), locked AS (
    -- The due searches' rows of earlier days that no other transaction holds, locked in id order
    -- without waiting (a row updated and committed since this statement's snapshot is read again:
    -- claimed today, it drops out).
    SELECT e.saved_search_id AS id FROM saved_search_emails e
    WHERE e.saved_search_id IN (SELECT due.id FROM due) AND e.emailed_on < (now() AT TIME ZONE 'UTC')::date
    ORDER BY e.saved_search_id
    FOR UPDATE OF e SKIP LOCKED
), renewed AS (
    UPDATE saved_search_emails e SET emailed_on = (now() AT TIME ZONE 'UTC')::date
    FROM locked WHERE e.saved_search_id = locked.id
    RETURNING e.saved_search_id AS id
), fresh AS (
    -- The due searches never emailed: their row, inserted; one another transaction inserted first
    -- is taken (after waiting for it to end, the one wait a claim can make).
    INSERT INTO saved_search_emails (saved_search_id, emailed_on)
    SELECT due.id, (now() AT TIME ZONE 'UTC')::date FROM due
    WHERE NOT EXISTS (SELECT FROM saved_search_emails e WHERE e.saved_search_id = due.id)
    ORDER BY due.id
    ON CONFLICT DO NOTHING
    RETURNING saved_search_id AS id
), claimed AS (
    SELECT id FROM renewed UNION ALL SELECT id FROM fresh
), emailed AS (
    -- The claimed searches' member and address by their keys, as news.
    INSERT INTO outbox_emails (user_id, to_address, category, kind, subject, content, status)
    SELECT s.user_id, u.email, 'saved_searches', 'saved_search_match',
        left('New listing for your saved search “' || s.name || '”', 200),
        jsonb_build_object(
            'heading', 'A new listing matches your saved search “' || s.name || '”',
            'paragraphs', jsonb_build_array(l.body, sqlc.arg(later)::text),
            'action', jsonb_build_object('label', 'View the listing', 'url', sqlc.arg(origin)::text || l.link),
            'origin', sqlc.arg(origin)::text, 'topic', s.id),
        'queued'
    FROM claimed JOIN saved_searches s ON s.id = claimed.id JOIN users u ON u.id = s.user_id, listing l
    RETURNING id
), owed AS (
    -- The rest wait for the search's digest, from tomorrow (UTC).
    INSERT INTO saved_search_digests (saved_search_id, property_id, due_on)
    SELECT w.id, sqlc.arg(property_id), (now() AT TIME ZONE 'UTC')::date + 1
    FROM (SELECT id FROM wants EXCEPT SELECT id FROM claimed) w
    ORDER BY w.id
    ON CONFLICT DO NOTHING
    RETURNING 1
)
SELECT (SELECT count(*) FROM matching)::int AS matched, (SELECT coalesce(max(id), 0) FROM matching)::bigint AS last_id,
    (SELECT count(*) FROM noted)::int AS notified, (SELECT count(*) FROM emailed)::int AS emailed,
    (SELECT count(*) FROM owed)::int AS owed;

-- name: DigestSavedSearches :one
-- One batch of digests: up to max_searches saved searches owed a digest from today (UTC) on
-- (saved_search_digests) whose email of the day is not sent yet, each locked by its
-- saved_search_emails row (FOR UPDATE SKIP LOCKED: two servers never take one search, and a
-- match batch, which takes the row the same way, finds it held and owes its match to the next
-- digest). Each taken search whose
-- alerts are on, whose member still wants saved-search email at a verified address, and of whose
-- owed listings at least one is still active and still matches it, claims the day and gets one compact email listing
-- them (the newest max_listed, and how many more); its owed rows are deleted either way. The owed
-- rows of searches already emailed today wait for tomorrow. searches is how many were taken:
-- fewer than max_searches means none is left.
WITH today AS MATERIALIZED (
    SELECT (now() AT TIME ZONE 'UTC')::date AS d
), taken AS (
    -- The searches due, read once from saved_search_digests_due (an InitPlan), then each one's
    -- saved_search_emails row by its key.
    SELECT e.saved_search_id AS id FROM saved_search_emails e
    WHERE e.saved_search_id = ANY (ARRAY(
            SELECT DISTINCT o.saved_search_id FROM saved_search_digests o WHERE o.due_on <= (SELECT d FROM today)))
        AND e.emailed_on < (SELECT d FROM today)
    ORDER BY e.saved_search_id LIMIT sqlc.arg(max_searches)::int
    FOR UPDATE OF e SKIP LOCKED
), sendable AS (
    SELECT s.id, s.name, u.id AS user_id, u.email
    FROM taken t JOIN saved_searches s ON s.id = t.id AND s.alerts JOIN users u ON u.id = s.user_id
    WHERE u.email_verified_at IS NOT NULL AND u.suspended_at IS NULL
        AND CASE jsonb_typeof(u.notification_preferences -> 'email' -> 'saved_searches')
            WHEN 'boolean' THEN (u.notification_preferences -> 'email' ->> 'saved_searches')::bool
            ELSE sqlc.arg(email_default)::bool END
), listed AS (
    SELECT o.saved_search_id AS id, count(*)::int AS n,
        (array_agg(left(p.title || ' · ' || p.monthly_rent || ' ' || p.currency || ' a month · '
            || coalesce(nullif(p.locality, '') || ', ', '') || p.city, 300)
            || ': ' || sqlc.arg(origin)::text || '/properties/' || p.id ORDER BY p.id DESC))[1:sqlc.arg(max_listed)::int] AS lines
    FROM saved_search_digests o JOIN sendable ON sendable.id = o.saved_search_id
        JOIN properties p ON p.id = o.property_id AND p.active
        JOIN saved_searches s ON s.id = o.saved_search_id
    WHERE o.due_on <= (SELECT d FROM today)
        -- Only a listing the search still matches as it is now (an edit or a lost badge since
        -- its match tells nobody it no longer suits, as MatchListingBatch does): the rule of
        -- listing_saved_searches for this one search, by its key (its place, then its filters).
        AND (s.city_key = p.city_key OR s.locality_key = p.locality_key OR s.postal_code_key = p.postal_code_key
            OR (s.map_area IS NOT NULL AND s.city_key IS NULL AND s.locality_key IS NULL AND s.postal_code_key IS NULL))
        AND saved_search_wants(p, s.user_id, s.property_type, s.verified_only, s.currency, s.min_rent, s.max_rent,
            s.min_bedrooms, s.min_bathrooms, s.pets_allowed, s.furnished, s.min_area_sqft, s.words, s.map_area)
    GROUP BY o.saved_search_id
), claimed AS (
    UPDATE saved_search_emails e SET emailed_on = (SELECT d FROM today)
    FROM listed WHERE e.saved_search_id = listed.id
    RETURNING e.saved_search_id AS id
), emailed AS (
    INSERT INTO outbox_emails (user_id, to_address, category, kind, subject, content, status)
    SELECT s.user_id, s.email, 'saved_searches', 'saved_search_digest',
        left(CASE l.n WHEN 1 THEN '1 more new listing' ELSE l.n || ' more new listings' END
            || ' for your saved search “' || s.name || '”', 200),
        jsonb_build_object(
            'heading', CASE l.n WHEN 1 THEN 'One more new listing matches' ELSE l.n || ' more new listings match' END
                || ' your saved search “' || s.name || '”',
            'paragraphs', to_jsonb(l.lines)
                || CASE WHEN l.n > cardinality(l.lines) THEN jsonb_build_array('And ' || (l.n - cardinality(l.lines)) || ' more: every one is in your notifications.')
                    ELSE '[]'::jsonb END
                || jsonb_build_array(sqlc.arg(digest_note)::text),
            'action', jsonb_build_object('label', 'Open your notifications', 'url', sqlc.arg(origin)::text || '/notifications'),
            'origin', sqlc.arg(origin)::text, 'topic', s.id),
        'queued'
    FROM sendable s JOIN listed l ON l.id = s.id JOIN claimed c ON c.id = s.id
    RETURNING id
), dropped AS (
    DELETE FROM saved_search_digests o USING taken t
    WHERE o.saved_search_id = t.id AND o.due_on <= (SELECT d FROM today)
), postponed AS (
    UPDATE saved_search_digests o SET due_on = (SELECT d FROM today) + 1
    FROM saved_search_emails e
    WHERE o.due_on <= (SELECT d FROM today) AND e.saved_search_id = o.saved_search_id
        AND e.emailed_on >= (SELECT d FROM today)
    RETURNING 1
)
SELECT (SELECT count(*) FROM taken)::int AS searches, (SELECT count(*) FROM emailed)::int AS emailed,
    (SELECT count(*) FROM postponed)::int AS postponed;

-- name: SavedSearchName :one
-- The name of one of a member's saved searches (no row: not theirs, or none): what an
-- unsubscribe link of its emails stops.
SELECT name FROM saved_searches WHERE id = sqlc.arg(id) AND user_id = sqlc.arg(user_id);

-- name: SavedSearchDigestsDue :one
-- Whether any saved search owes a digest from today (UTC) on: one probe of
-- saved_search_digests_due, which the worker makes each poll before DigestSavedSearches.
SELECT EXISTS (SELECT FROM saved_search_digests WHERE due_on <= (now() AT TIME ZONE 'UTC')::date);
