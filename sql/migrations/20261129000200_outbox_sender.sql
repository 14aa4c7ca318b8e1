-- migrate:up
-- The sender (internal/mail/sender.go). 'withheld': mail other than security mail whose member's
-- address was not verified (or no longer the member's) when it was due; kept for administrators,
-- never sent.
ALTER TABLE outbox_emails DROP CONSTRAINT outbox_emails_status_check;
ALTER TABLE outbox_emails ADD CONSTRAINT outbox_emails_status_check
    CHECK (status IN ('pending', 'sent', 'dead', 'withheld'));
-- /admin lists dead and withheld mail newest first.
DROP INDEX outbox_emails_dead;
CREATE INDEX outbox_emails_undelivered ON outbox_emails (id DESC) WHERE status IN ('dead', 'withheld');

-- Administrators' resends of dead mail (/admin), kept as who did what and when; never updated.
CREATE TABLE outbox_email_resends (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email_id    bigint NOT NULL REFERENCES outbox_emails (id) ON DELETE CASCADE,
    admin_id    integer REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_email_resends_email ON outbox_email_resends (email_id, created_at DESC);

-- A bell per inserting statement, delivered on commit: every server's sender wakes at once
-- instead of at its next poll.
CREATE FUNCTION outbox_emails_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('outbox_emails_due', '');
    RETURN NULL;
END $$;
CREATE TRIGGER outbox_emails_notify AFTER INSERT ON outbox_emails
    FOR EACH STATEMENT EXECUTE FUNCTION outbox_emails_notify();

-- migrate:down
DROP TRIGGER outbox_emails_notify ON outbox_emails;
DROP FUNCTION outbox_emails_notify();
DROP TABLE outbox_email_resends;
DROP INDEX outbox_emails_undelivered;
CREATE INDEX outbox_emails_dead ON outbox_emails (id DESC) WHERE status = 'dead';
UPDATE outbox_emails SET status = 'dead' WHERE status = 'withheld';
ALTER TABLE outbox_emails DROP CONSTRAINT outbox_emails_status_check;
ALTER TABLE outbox_emails ADD CONSTRAINT outbox_emails_status_check CHECK (status IN ('pending', 'sent', 'dead'));
