-- migrate:up
-- What an event's transaction writes for its notifications and emails must cost it little (issue
-- 29: at most 2 ms of the p99 of a review post or an approval). Measured on durable settings, two
-- parts of it cost far more, and neither is needed:
-- * NOTIFY on insert into outbox_emails: PostgreSQL serialises the commits of every transaction
--   that notified, WAL flush included, behind one lock. The senders look every second instead.
-- * Foreign keys from notifications, their burst counters and outbox_emails to users: each check
--   locks the member's users row (FOR KEY SHARE), which dirties and logs a random page of users
--   per notification. Members are never deleted (a closed account stays as a row with its
--   personal fields erased), so the keys guard nothing.
DROP TRIGGER outbox_emails_notify ON outbox_emails;
-- contract: the previous release never calls it; its sender, left without the bell, looks every second anyway.
DROP FUNCTION outbox_emails_notify();
ALTER TABLE notifications DROP CONSTRAINT notifications_user_id_fkey;
ALTER TABLE notify_bursts DROP CONSTRAINT notify_bursts_user_id_fkey;
ALTER TABLE outbox_emails DROP CONSTRAINT outbox_emails_user_id_fkey;

-- migrate:down
ALTER TABLE outbox_emails ADD CONSTRAINT outbox_emails_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE notify_bursts ADD CONSTRAINT notify_bursts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE notifications ADD CONSTRAINT notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE;
CREATE FUNCTION outbox_emails_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('outbox_emails_due', '');
    RETURN NULL;
END $$;
CREATE TRIGGER outbox_emails_notify AFTER INSERT ON outbox_emails
    FOR EACH STATEMENT EXECUTE FUNCTION outbox_emails_notify();
