-- migrate:up
-- Administrators answer contact messages from /admin (issue 29): each reply is kept with who wrote
-- it, and emailed (outbox_emails) in the transaction that stores it.
CREATE TABLE contact_replies (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    message_id  bigint NOT NULL REFERENCES contact_messages (id) ON DELETE CASCADE,
    admin_id    integer REFERENCES users (id) ON DELETE SET NULL,
    body        text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 5000),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_replies_message ON contact_replies (message_id);
CREATE INDEX contact_replies_admin ON contact_replies (admin_id) WHERE admin_id IS NOT NULL;

-- migrate:down
DROP TABLE contact_replies;
