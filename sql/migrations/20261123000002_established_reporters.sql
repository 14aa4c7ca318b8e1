-- migrate:up

-- An established account has been open for at least 7 days and has at least one published
-- review. This is the one definition: reports from established accounts may hide a review before
-- a moderator decides (and verification and rewards will ask the same question). A throwaway
-- account costs a week and a review that stands before its reports count.
CREATE FUNCTION account_established(account_id integer) RETURNS boolean
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$
        SELECT EXISTS (
            SELECT 1 FROM users u
            WHERE u.id = account_id AND u.created_at <= now() - interval '7 days'
              AND EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = u.id AND r.status = 'published'))
    $$;

CREATE INDEX review_reports_review_time ON review_reports (review_id, created_at);

-- Reviews that reports hid under the old rule (any three accounts) are published again unless
-- three reports from established accounts other than the property's owner, made since the last
-- restore, still hide them. This is a change of rule, not a moderator's decision, so no decision
-- row is written; the reports stay for the moderators.
UPDATE reviews r SET status = 'published', updated_at = now()
FROM properties p
WHERE p.id = r.property_id AND r.status = 'hidden'
  AND (SELECT count(*) FROM review_reports rr
       WHERE rr.review_id = r.id AND rr.user_id <> p.landlord_id AND account_established(rr.user_id)
         AND rr.created_at > coalesce(
             (SELECT max(d.created_at) FROM review_moderation_decisions d
              WHERE d.review_id = r.id AND d.decision = 'restore'), '-infinity'::timestamptz)) < 3;

-- migrate:down

DROP INDEX review_reports_review_time;
DROP FUNCTION account_established(integer);
