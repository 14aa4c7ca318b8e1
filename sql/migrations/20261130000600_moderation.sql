-- migrate:up

-- Whether a review has reports no moderator's decision has answered yet (made after its last
-- decision): the one definition of a review waiting in the moderators' reported list, so a
-- restored or removed review leaves it until it is reported again.
CREATE FUNCTION review_awaits_moderation(review integer) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
    SELECT EXISTS (
        SELECT 1 FROM review_reports rr
        WHERE rr.review_id = review
          AND rr.created_at > coalesce((SELECT max(d.created_at) FROM review_moderation_decisions d WHERE d.review_id = review), '-infinity'))
$$;

-- migrate:down

DROP FUNCTION review_awaits_moderation(integer);
