-- migrate:up
-- Notification email is written compact (issue 29: what an event's transaction writes for its
-- notifications must add at most 2 ms to its p99). The event writes what the email says
-- (content: heading, paragraphs, action, the site's origin) and the sender renders the text and
-- HTML parts, with the footer and unsubscribe link, when it sends it: no template, signing key
-- or 4 KB of bodies inside the event's transaction.
ALTER TABLE outbox_emails ADD COLUMN content jsonb;
ALTER TABLE outbox_emails ALTER COLUMN text_body DROP NOT NULL, ALTER COLUMN html_body DROP NOT NULL;
-- A compact row waits as 'queued', never 'pending': the previous release's sender claims only
-- 'pending' rows and reads their bodies, so it never meets one it cannot send. The check keeps it
-- so (the previous release's resend of a dead compact row is refused rather than made 'pending').
ALTER TABLE outbox_emails DROP CONSTRAINT outbox_emails_status_check;
ALTER TABLE outbox_emails ADD CONSTRAINT outbox_emails_status_check
    CHECK (status IN ('pending', 'queued', 'sent', 'dead', 'withheld'));
ALTER TABLE outbox_emails ADD CONSTRAINT outbox_emails_rendered_or_compact
    CHECK ((text_body IS NOT NULL AND html_body IS NOT NULL AND status <> 'queued')
        OR (content IS NOT NULL AND status <> 'pending'));
-- This release's claim reads both kinds of due row; outbox_emails_due stays for the previous
-- release's claim until a later release drops it.
CREATE INDEX outbox_emails_due_any ON outbox_emails (send_after, id) WHERE status IN ('pending', 'queued');

-- migrate:down
DROP INDEX outbox_emails_due_any;
DELETE FROM outbox_emails WHERE text_body IS NULL;
ALTER TABLE outbox_emails DROP CONSTRAINT outbox_emails_rendered_or_compact;
ALTER TABLE outbox_emails DROP CONSTRAINT outbox_emails_status_check;
ALTER TABLE outbox_emails ADD CONSTRAINT outbox_emails_status_check
    CHECK (status IN ('pending', 'sent', 'dead', 'withheld'));
ALTER TABLE outbox_emails ALTER COLUMN text_body SET NOT NULL, ALTER COLUMN html_body SET NOT NULL;
ALTER TABLE outbox_emails DROP COLUMN content;
