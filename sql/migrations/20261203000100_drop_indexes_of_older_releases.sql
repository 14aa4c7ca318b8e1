-- migrate:up
-- Two indexes kept only for the release before the previous one, which no server runs any more:
-- every award of XP and every security email stops writing an entry to them.
-- contract: the ranking reads user_xp_ranked since 20261130000700, the previous release too.
DROP INDEX user_xp_leaderboard;
-- contract: the sender claims through outbox_emails_due_any since 20261202000100, the previous release too.
DROP INDEX outbox_emails_due;

-- migrate:down
CREATE INDEX outbox_emails_due ON outbox_emails (send_after, id) WHERE status = 'pending';
CREATE INDEX user_xp_leaderboard ON user_xp (xp DESC, xp_reached_at, user_id) WHERE xp > 0;
