-- migrate:up

-- The top of the leaderboard, stored: listing it live joins its 50 users at every request (about
-- 1 ms of the database's CPU; at 1,000 requests a second, half of two cores). Readers compare the
-- stored row's signature of the top with the top's as it is now (count, XP sum and latest change
-- of the users at min_xp or more: an index-only look at ~50 entries of user_xp_leaderboard), and
-- recompute it when they differ or when it is 10 seconds old (names and pictures move without
-- XP). internal/gamification/leaderboard.go.
CREATE TABLE leaderboard_top (
    id          boolean PRIMARY KEY DEFAULT true CHECK (id),
    computed_at timestamptz NOT NULL DEFAULT 'epoch', -- never computed
    -- min_xp is the last entry's XP when the board is full, else 1: a user with less cannot be on it.
    min_xp      integer NOT NULL DEFAULT 1,
    -- The signature of the users with min_xp or more, when computed.
    ranked      integer NOT NULL DEFAULT 0,
    xp_sum      bigint NOT NULL DEFAULT 0,
    latest      timestamptz,
    -- entries are the top users in order: [{"id", "username", "first_name", "last_name",
    -- "full_name", "image", "xp", "level"}].
    entries     jsonb NOT NULL DEFAULT '[]'
);
INSERT INTO leaderboard_top DEFAULT VALUES;

-- migrate:down

DROP TABLE leaderboard_top;
