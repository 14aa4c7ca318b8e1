-- migrate:up

-- A closed account leaves the leaderboard and nobody's rank counts it, while its XP stays the sum
-- of its award rows (the invariant every check reads). The flag sits on user_xp so the ranking
-- reads one table and its partial index, as before.
ALTER TABLE user_xp ADD COLUMN account_closed boolean NOT NULL DEFAULT false;
UPDATE user_xp x SET account_closed = true FROM users u WHERE u.id = x.user_id AND u.closed_at IS NOT NULL;
CREATE INDEX user_xp_ranked ON user_xp (xp DESC, xp_reached_at, user_id) WHERE xp > 0 AND NOT account_closed;
-- The ranking's index before closed accounts left it, user_xp_leaderboard, stays for the previous
-- release, whose leaderboard reads would otherwise scan user_xp during a rollout (measured: 5 s on
-- a million members); the release after this one drops it.

-- migrate:down

DROP INDEX user_xp_ranked;
ALTER TABLE user_xp DROP COLUMN account_closed;
