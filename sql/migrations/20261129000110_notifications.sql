-- migrate:up
-- In-app notifications (issue 29): written in the transaction of the event they tell about, with
-- their email (outbox_emails) when the member wants one.
CREATE TABLE notifications (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    category    text NOT NULL CHECK (category ~ '^[a-z_]{1,40}$'), -- internal/notify's categories
    kind        text NOT NULL CHECK (kind ~ '^[a-z_]{1,40}$'),     -- which event
    title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    body        text NOT NULL CHECK (length(body) <= 2000),
    link        text NOT NULL CHECK (link ~ '^/[^/\\]'),             -- a same-origin path to its object
    created_at  timestamptz NOT NULL DEFAULT now(),
    read_at     timestamptz
);
CREATE INDEX notifications_user_id ON notifications (user_id, id DESC);
-- The bell's count reads only this.
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

-- migrate:down
DROP TABLE notifications;
