-- Experience points, levels, badges and the leaderboard (internal/gamification). An award row's
-- metadata names its rule of the points table; a reversing row says reversal.

-- name: LockUserXP :one
-- Locks the user's row for an award: the daily caps and once-only checks that follow are
-- counted under it, so parallel awards to one user queue here. (A lock writes no new row
-- version: the user's other updates stay in place.)
SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE;

-- name: LockUsers :exec
-- Locks several users' rows in id order, in the mode LockUserXP and the ledger's updates take: a
-- transaction that will award or credit several people takes them all at once first, so two
-- such transactions never wait on each other in a cycle.
SELECT id FROM users WHERE id = ANY(sqlc.arg(ids)::int[]) ORDER BY id FOR NO KEY UPDATE;

-- name: GetAwardStanding :one
-- How many awards of rule the user earned points for today (the UTC day, by the database's
-- clock, as the backfill counts days), and how many of them (net of reversals) are about the entity.
SELECT
    count(*) FILTER (WHERE points > 0 AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS earned_today,
    (count(*) FILTER (WHERE entity_type = sqlc.arg(entity_type)::text AND entity_id = sqlc.arg(entity_id)::int AND (metadata ->> 'reversal') IS NULL)
     - count(*) FILTER (WHERE entity_type = sqlc.arg(entity_type)::text AND entity_id = sqlc.arg(entity_id)::int AND (metadata ->> 'reversal') IS NOT NULL))::int AS held
FROM user_activities
WHERE user_id = sqlc.arg(user_id) AND metadata ->> 'rule' = sqlc.arg(rule)::text;

-- name: RecordAward :exec
INSERT INTO user_activities (user_id, activity_type, points, entity_id, entity_type, metadata)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: AddXP :one
-- Moves the user's XP by the points of the row just recorded; a user's first award adds the row.
-- (The row to insert is checked before the conflict is found, so it never carries a reversal's
-- negative points; a reversal always follows the award that made the row.) Returns the highest
-- level these points reached ('' when they crossed none; the first level, at 0 XP, is never
-- reached: everyone starts there).
INSERT INTO user_xp AS x (user_id, xp, xp_reached_at) VALUES (sqlc.arg(id), greatest(sqlc.arg(points)::int, 0), now())
ON CONFLICT (user_id) DO UPDATE SET xp = x.xp + sqlc.arg(points)::int, xp_reached_at = now()
RETURNING coalesce((SELECT 'level ' || l.level || ': ' || l.name FROM user_levels l
    WHERE l.points_required > greatest(x.xp - sqlc.arg(points)::int, 0) AND l.points_required <= x.xp
    ORDER BY l.level DESC LIMIT 1), '')::text AS level_reached;

-- name: AwardEarned :many
-- Awards the badges and achievements of rule whose requirement the user's count (net of
-- reversals) now meets; each at most once. Returns the names of those earned now.
WITH n AS (
    SELECT (count(*) FILTER (WHERE (metadata ->> 'reversal') IS NULL)
            - count(*) FILTER (WHERE (metadata ->> 'reversal') IS NOT NULL))::int AS n
    FROM user_activities WHERE user_id = sqlc.arg(user_id)::int AND metadata ->> 'rule' = sqlc.arg(rule)::text
), badge_rows AS (
    INSERT INTO user_badges (user_id, badge_id)
    SELECT sqlc.arg(user_id)::int, b.id FROM badges b, n
    WHERE b.active AND (b.requirements ->> sqlc.arg(rule)::text)::int <= n.n
    ON CONFLICT DO NOTHING
    RETURNING badge_id
), achievement_rows AS (
    INSERT INTO user_achievements (user_id, achievement_id)
    SELECT sqlc.arg(user_id)::int, a.id FROM achievements a, n
    WHERE a.active AND (a.requirements ->> sqlc.arg(rule)::text)::int <= n.n
    ON CONFLICT DO NOTHING
    RETURNING achievement_id
)
SELECT b.name FROM badge_rows JOIN badges b ON b.id = badge_rows.badge_id
UNION ALL
SELECT a.name FROM achievement_rows JOIN achievements a ON a.id = achievement_rows.achievement_id;

-- name: GetEntityXP :one
-- The user's net points and net award count of the given rules about one entity.
SELECT coalesce(sum(points), 0)::int AS points,
    (count(*) FILTER (WHERE metadata ->> 'rule' = sqlc.arg(main_rule)::text AND (metadata ->> 'reversal') IS NULL)
     - count(*) FILTER (WHERE metadata ->> 'rule' = sqlc.arg(main_rule)::text AND (metadata ->> 'reversal') IS NOT NULL))::int AS held
FROM user_activities
WHERE user_id = sqlc.arg(user_id) AND entity_type = sqlc.arg(entity_type)::text AND entity_id = sqlc.arg(entity_id)::int
  AND metadata ->> 'rule' = ANY (sqlc.arg(rules)::text[]);

-- name: GetLandlordOf :one
SELECT landlord_id FROM properties WHERE id = $1;

-- name: IsEstablished :one
SELECT account_established(sqlc.arg(user_id))::bool;

-- name: GetGamificationProfile :one
-- The user's standing: XP, the level it reaches and the next one's threshold (at the top level,
-- its own), achievements earned, whether the levels and badges exist at all, and the planner's
-- estimate of how many rank ahead.
SELECT u.id, u.username, u.role, coalesce(u.profile_image, '')::text AS profile_image,
    coalesce(x.xp, 0)::int AS xp, x.xp_reached_at, u.leaderboard_full_name,
    CASE WHEN x.xp > 0 THEN leaderboard_ahead_estimate(x.xp) ELSE 0 END::bigint AS ahead_estimate,
    coalesce(l.level, 1)::int AS level, coalesce(l.name, '')::text AS level_name,
    coalesce(l.points_required, 0)::int AS level_xp,
    coalesce(nx.points_required, l.points_required, 0)::int AS next_level_xp,
    (SELECT count(*) FROM user_achievements ua WHERE ua.user_id = u.id)::int AS achievements,
    (EXISTS (SELECT 1 FROM user_levels) AND EXISTS (SELECT 1 FROM badges))::bool AS initialized
FROM users u
LEFT JOIN user_xp x ON x.user_id = u.id
LEFT JOIN LATERAL (
    SELECT ul.level, ul.name, ul.points_required FROM user_levels ul
    WHERE ul.points_required <= coalesce(x.xp, 0) ORDER BY ul.points_required DESC LIMIT 1
) l ON true
LEFT JOIN LATERAL (
    SELECT ul.points_required FROM user_levels ul
    WHERE ul.points_required > coalesce(x.xp, 0) ORDER BY ul.points_required LIMIT 1
) nx ON true
WHERE u.id = sqlc.arg(id);

-- name: ListUserBadges :many
-- The badges the user earned, newest first.
SELECT b.id, b.name, b.description, b.icon, b.category, b.level, ub.earned_at
FROM user_badges ub JOIN badges b ON b.id = ub.badge_id
WHERE ub.user_id = $1
ORDER BY ub.earned_at DESC, b.id DESC;

-- name: GetXPStanding :one
-- The user's XP, when they reached it, and the planner's estimate of how many rank ahead.
SELECT coalesce(x.xp, 0)::int AS xp, x.xp_reached_at,
    CASE WHEN x.xp > 0 THEN leaderboard_ahead_estimate(x.xp) ELSE 0 END::bigint AS ahead_estimate
FROM users u LEFT JOIN user_xp x ON x.user_id = u.id WHERE u.id = $1;

-- name: CountAhead :one
-- How many users rank ahead of one with xp reached at reached_at (id breaks exact ties), each
-- part counted from user_xp_ranked and stopped at lim: beyond it the rank is estimated.
SELECT ((SELECT count(*) FROM (SELECT 1 FROM user_xp WHERE xp > 0 AND NOT account_closed AND xp > sqlc.arg(xp)::int LIMIT sqlc.arg(lim)::int) a)
      + (SELECT count(*) FROM (SELECT 1 FROM user_xp
                               WHERE xp > 0 AND NOT account_closed AND xp = sqlc.arg(xp)::int
                                 AND (xp_reached_at, user_id) < (sqlc.arg(reached_at)::timestamptz, sqlc.arg(id)::int)
                               LIMIT sqlc.arg(lim)::int) b))::int AS ahead;

-- name: GetLeaderboardTop :one
-- The stored top of the leaderboard and whether it still holds: under 10 seconds old and the
-- users at its lowest XP or more the same ones, with the same XP, as when it was computed. (The
-- LIMIT tells the planner the probe is small; past 10,000 users tied at the top's lowest XP, the
-- 10 seconds alone refresh it.)
SELECT t.entries, t.computed_at,
    (t.computed_at > now() - interval '10 seconds'
     AND (now_top.ranked, now_top.xp_sum, now_top.latest) IS NOT DISTINCT FROM (t.ranked, t.xp_sum, t.latest))::bool AS fresh
FROM (SELECT * FROM leaderboard_top LIMIT 1) t, -- one row, which the planner is told
LATERAL (SELECT count(*)::int AS ranked, coalesce(sum(x.xp), 0)::bigint AS xp_sum, max(x.xp_reached_at) AS latest
         FROM (SELECT x.xp, x.xp_reached_at FROM user_xp x WHERE x.xp > 0 AND NOT x.account_closed AND x.xp >= t.min_xp
               ORDER BY x.xp DESC LIMIT 10000) x) now_top;

-- name: RefreshLeaderboardTop :one
-- Recomputes the top lim users (most XP first, then who reached it first; 0 XP is not ranked)
-- unless someone did since computed_at was read: of servers refreshing at once, one recomputes;
-- the others wait for its row lock, find computed_at moved and change nothing (no row).
WITH top AS (
    SELECT row_number() OVER (ORDER BY x.xp DESC, x.xp_reached_at, x.user_id) AS position,
        u.id, u.username, u.first_name, u.last_name, u.leaderboard_full_name AS full_name,
        coalesce(u.profile_image, '') AS image, x.xp,
        coalesce((SELECT max(ul.level) FROM user_levels ul WHERE ul.points_required <= x.xp), 1) AS level
    FROM user_xp x
    JOIN users u ON u.id = x.user_id
    WHERE x.xp > 0 AND NOT x.account_closed
    ORDER BY x.xp DESC, x.xp_reached_at, x.user_id
    LIMIT sqlc.arg(lim)::int
), bound AS (
    SELECT CASE WHEN count(*) = sqlc.arg(lim)::int THEN min(xp) ELSE 1 END AS min_xp FROM top
), signature AS (
    SELECT count(*)::int AS ranked, coalesce(sum(x.xp), 0)::bigint AS xp_sum, max(x.xp_reached_at) AS latest
    FROM (SELECT x.xp, x.xp_reached_at FROM user_xp x
          WHERE x.xp > 0 AND NOT x.account_closed AND x.xp >= (SELECT min_xp FROM bound) -- a value, so an index bound in any plan
          ORDER BY x.xp DESC LIMIT 10000) x
)
UPDATE leaderboard_top t SET
    computed_at = now(), min_xp = bound.min_xp,
    ranked = signature.ranked, xp_sum = signature.xp_sum, latest = signature.latest,
    entries = (SELECT coalesce(jsonb_agg(to_jsonb(top) - 'position' ORDER BY top.position), '[]') FROM top)
FROM bound, signature
WHERE t.computed_at = sqlc.arg(seen)::timestamptz
RETURNING t.entries;

-- name: ExpireLeaderboardTop :exec
-- Makes the next reader recompute the stored top (a name choice changes how it shows someone).
UPDATE leaderboard_top SET computed_at = 'epoch';

-- name: SetLeaderboardFullName :one
UPDATE users SET leaderboard_full_name = sqlc.arg(full_name)::bool WHERE id = sqlc.arg(id)
RETURNING leaderboard_full_name;

-- name: IsGamificationInitialized :one
SELECT (EXISTS (SELECT 1 FROM user_levels) AND EXISTS (SELECT 1 FROM badges))::bool;

-- name: BackfillGamification :exec
SELECT gamification_backfill(sqlc.arg(rules)::jsonb);
