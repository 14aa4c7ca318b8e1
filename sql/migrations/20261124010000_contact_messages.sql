-- migrate:up

-- Messages sent with the contact form (/contact), kept 12 months. SPEC only simulated sending;
-- here they are stored for the administrators' list, where each can be marked handled.
CREATE TABLE contact_messages (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 100),
    email       text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
    subject     text NOT NULL CHECK (subject IN ('general', 'support', 'feedback', 'business', 'report')),
    message     text NOT NULL CHECK (char_length(message) BETWEEN 10 AND 500),
    -- the signed-in sender, NULL for a visitor (or once the account is deleted)
    user_id     integer REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    -- set together when an administrator marks the message handled, cleared when reopened;
    -- handled_by alone goes NULL if that administrator's account is deleted
    handled_at  timestamptz,
    handled_by  integer REFERENCES users (id) ON DELETE SET NULL,
    CHECK (handled_at IS NOT NULL OR handled_by IS NULL)
);

-- The list of every message, newest first, and the retention's delete of the oldest.
CREATE INDEX contact_messages_created ON contact_messages (created_at DESC, id DESC);
-- The open messages, newest first, and their count.
CREATE INDEX contact_messages_open ON contact_messages (created_at DESC, id DESC) WHERE handled_at IS NULL;
CREATE INDEX contact_messages_user ON contact_messages (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX contact_messages_handled_by ON contact_messages (handled_by) WHERE handled_by IS NOT NULL;

-- migrate:down

DROP TABLE contact_messages;
