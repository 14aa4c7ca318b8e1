-- migrate:up
-- Email (issue 29). A message is a row written in the transaction of the event that causes it, so
-- nothing is sent for a rolled-back change and nothing is lost for a committed one; the senders
-- of every server claim due rows with FOR UPDATE SKIP LOCKED (internal/mail).

-- When the member proved they read mail at users.email; NULL until then (and again after a change).
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

-- Keys that sign links (email verification, unsubscribe) and key choices that must not be
-- guessable; made once by whichever server needs one first, shared by every server.
CREATE TABLE signing_keys (
    name        text PRIMARY KEY CHECK (name ~ '^[a-z_]{1,40}$'),
    key         bytea NOT NULL CHECK (length(key) = 32),
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox_emails (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id          integer REFERENCES users (id) ON DELETE CASCADE, -- NULL: not a member (a contact reply)
    to_address       text NOT NULL CHECK (length(to_address) BETWEEN 3 AND 254),
    -- What it is about: a notification category, or 'security' (verification, reset, sign-in
    -- alerts: the only mail that may go to an address that is not verified).
    category         text NOT NULL CHECK (category ~ '^[a-z_]{1,40}$'),
    kind             text NOT NULL CHECK (kind ~ '^[a-z_]{1,40}$'), -- which message: verify_email, password_reset, review_response, …
    subject          text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
    text_body        text NOT NULL,
    html_body        text NOT NULL,
    unsubscribe_url  text, -- RFC 8058 one-click target; NULL for mail that cannot be turned off
    status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dead')),
    attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    send_after       timestamptz NOT NULL DEFAULT now(),
    last_error       text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    sent_at          timestamptz
);
CREATE INDEX outbox_emails_due ON outbox_emails (send_after, id) WHERE status = 'pending';
CREATE INDEX outbox_emails_dead ON outbox_emails (id DESC) WHERE status = 'dead';
CREATE INDEX outbox_emails_user_id ON outbox_emails (user_id);
-- Caps per address and hour (verification and reset mail) count through this.
CREATE INDEX outbox_emails_address ON outbox_emails (lower(to_address), kind, created_at);

-- migrate:down
DROP TABLE outbox_emails;
DROP TABLE signing_keys;
ALTER TABLE users DROP COLUMN email_verified_at;
