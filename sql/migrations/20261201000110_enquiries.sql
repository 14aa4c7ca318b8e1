-- migrate:up

-- Enquiries and viewings (issue 31): a member writes to a listing's owner in a private thread.
-- Lists are read from the thread row alone: its latest message, each side's unread count and
-- whether a viewing waits are kept on it in the transaction that changes them, so an owner's or
-- a member's page of 20 threads is one index range, with no aggregate over messages (sized for
-- 1M threads and 5M messages).
CREATE TABLE enquiry_threads (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    property_id       integer NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    -- the listing's owner (who receives) and the member who started it; accounts are never
    -- deleted (a closed one is a tombstone), so both stay
    owner_id          integer NOT NULL REFERENCES users (id),
    enquirer_id       integer NOT NULL REFERENCES users (id),
    status            text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    closed_reason     text CHECK (closed_reason IN ('closed_by_enquirer', 'closed_by_owner', 'sender_blocked', 'account_closed', 'account_suspended')),
    closed_at         timestamptz,
    move_in_month     date CHECK (move_in_month = date_trunc('month', move_in_month)::date),
    occupants         smallint CHECK (occupants BETWEEN 1 AND 20),
    created_at        timestamptz NOT NULL DEFAULT now(),
    last_message_at   timestamptz NOT NULL DEFAULT now(),
    last_message      text NOT NULL DEFAULT '' CHECK (char_length(last_message) <= 140),
    -- how many of the other side's messages each side has not read; zeroed when it reads
    enquirer_unread   integer NOT NULL DEFAULT 0 CHECK (enquirer_unread >= 0),
    owner_unread      integer NOT NULL DEFAULT 0 CHECK (owner_unread >= 0),
    -- each side's last-read message (0: none) and when it read it
    enquirer_read_id  bigint NOT NULL DEFAULT 0,
    owner_read_id     bigint NOT NULL DEFAULT 0,
    -- viewing requests waiting for the owner's answer
    pending_viewings  integer NOT NULL DEFAULT 0 CHECK (pending_viewings >= 0),
    CHECK (owner_id <> enquirer_id),
    CHECK ((status = 'open') = (closed_reason IS NULL) AND (status = 'open') = (closed_at IS NULL))
);
-- One open thread per member and listing: a second enquiry adds to it.
CREATE UNIQUE INDEX enquiry_threads_open ON enquiry_threads (property_id, enquirer_id) WHERE status = 'open';
-- The owner's list (all listings, or one of them filtered in the range), unread first, then the
-- latest; the member's likewise. The leading equality and the boolean make each page (and the
-- unread count) one index range.
CREATE INDEX enquiry_threads_owner_list ON enquiry_threads (owner_id, (owner_unread > 0) DESC, last_message_at DESC, id DESC);
CREATE INDEX enquiry_threads_enquirer_list ON enquiry_threads (enquirer_id, (enquirer_unread > 0) DESC, last_message_at DESC, id DESC);
-- A listing's threads (its deletion's cascade).
CREATE INDEX enquiry_threads_property ON enquiry_threads (property_id);

CREATE TABLE enquiry_messages (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    thread_id   bigint NOT NULL REFERENCES enquiry_threads (id) ON DELETE CASCADE,
    author_id   integer REFERENCES users (id), -- NULL: a system notice
    body        text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 4000),
    created_at  timestamptz NOT NULL DEFAULT now(),
    read_at     timestamptz -- when the other member read it (members' messages only)
);
-- A thread's messages in order, and the unread ones a read marks.
CREATE INDEX enquiry_messages_thread ON enquiry_messages (thread_id, id);
-- A member's own messages (the data export).
CREATE INDEX enquiry_messages_author ON enquiry_messages (author_id) WHERE author_id IS NOT NULL;

CREATE TABLE enquiry_viewings (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    thread_id     bigint NOT NULL REFERENCES enquiry_threads (id) ON DELETE CASCADE,
    status        text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'accepted', 'declined', 'cancelled')),
    time_zone     text NOT NULL, -- the listing's when it was asked
    accepted_time_id bigint,
    message       text CHECK (char_length(message) BETWEEN 1 AND 500), -- the decline's or the cancel's
    cancelled_by  integer REFERENCES users (id),
    decided_at    timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CHECK ((status = 'accepted') = (accepted_time_id IS NOT NULL) OR status = 'cancelled'),
    CHECK ((status = 'cancelled') = (cancelled_by IS NOT NULL))
);
CREATE INDEX enquiry_viewings_thread ON enquiry_viewings (thread_id, id DESC);

CREATE TABLE enquiry_viewing_times (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    viewing_id  bigint NOT NULL REFERENCES enquiry_viewings (id) ON DELETE CASCADE,
    starts_at   timestamptz NOT NULL,
    local       text NOT NULL CHECK (local ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$'), -- as asked, in the zone
    UNIQUE (viewing_id, starts_at)
);
ALTER TABLE enquiry_viewings ADD CONSTRAINT enquiry_viewings_accepted_time
    FOREIGN KEY (accepted_time_id) REFERENCES enquiry_viewing_times (id);

-- An owner's block: the member opens no thread on any of the owner's listings.
CREATE TABLE enquiry_blocks (
    owner_id    integer NOT NULL REFERENCES users (id),
    blocked_id  integer NOT NULL REFERENCES users (id),
    thread_id   bigint REFERENCES enquiry_threads (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (owner_id, blocked_id)
);
CREATE INDEX enquiry_blocks_blocked ON enquiry_blocks (blocked_id);

-- A member's report of a thread, which lets administrators read it; one open report per member
-- and thread.
CREATE TABLE enquiry_reports (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    thread_id    bigint NOT NULL REFERENCES enquiry_threads (id) ON DELETE CASCADE,
    reporter_id  integer NOT NULL REFERENCES users (id),
    reason       text NOT NULL CHECK (reason IN ('scam', 'harassment', 'spam', 'other')),
    note         text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
    created_at   timestamptz NOT NULL DEFAULT now(),
    handled_at   timestamptz,
    handled_by   integer REFERENCES users (id)
);
CREATE UNIQUE INDEX enquiry_reports_open_once ON enquiry_reports (thread_id, reporter_id) WHERE handled_at IS NULL;
CREATE INDEX enquiry_reports_open ON enquiry_reports (created_at, id) WHERE handled_at IS NULL;
CREATE INDEX enquiry_reports_reporter ON enquiry_reports (reporter_id);
CREATE INDEX enquiry_reports_thread ON enquiry_reports (thread_id);
-- The other references, for the checks a deleted row makes.
CREATE INDEX enquiry_reports_handled_by ON enquiry_reports (handled_by) WHERE handled_by IS NOT NULL;
CREATE INDEX enquiry_viewings_cancelled_by ON enquiry_viewings (cancelled_by) WHERE cancelled_by IS NOT NULL;
CREATE INDEX enquiry_viewings_accepted ON enquiry_viewings (accepted_time_id) WHERE accepted_time_id IS NOT NULL;
CREATE INDEX enquiry_blocks_thread ON enquiry_blocks (thread_id) WHERE thread_id IS NOT NULL;

-- Administrators' handling of reported threads is kept with their other decisions.
ALTER TABLE admin_decisions
    ADD COLUMN enquiry_thread_id bigint REFERENCES enquiry_threads (id) ON DELETE SET NULL,
    DROP CONSTRAINT admin_decisions_decision_check,
    ADD CONSTRAINT admin_decisions_decision_check
        CHECK (decision IN ('approve', 'reject', 'withdraw', 'restore', 'remove', 'arranged', 'revoke', 'suspend', 'reinstate', 'enquiry_handled'));
CREATE INDEX admin_decisions_enquiry_thread ON admin_decisions (enquiry_thread_id, created_at) WHERE enquiry_thread_id IS NOT NULL;

-- An email may carry one attachment (an accepted viewing's calendar file).
ALTER TABLE outbox_emails
    ADD COLUMN attachment_name text CHECK (attachment_name ~ '^[A-Za-z0-9._-]{1,100}$'),
    ADD COLUMN attachment_type text,
    ADD COLUMN attachment bytea CHECK (length(attachment) <= 65536),
    ADD CONSTRAINT outbox_emails_attachment CHECK ((attachment IS NULL) = (attachment_name IS NULL) AND (attachment IS NULL) = (attachment_type IS NULL));

-- migrate:down

ALTER TABLE outbox_emails DROP CONSTRAINT outbox_emails_attachment,
    DROP COLUMN attachment, DROP COLUMN attachment_type, DROP COLUMN attachment_name;
DROP INDEX admin_decisions_enquiry_thread;
DELETE FROM admin_decisions WHERE decision = 'enquiry_handled';
ALTER TABLE admin_decisions DROP COLUMN enquiry_thread_id,
    DROP CONSTRAINT admin_decisions_decision_check,
    ADD CONSTRAINT admin_decisions_decision_check
        CHECK (decision IN ('approve', 'reject', 'withdraw', 'restore', 'remove', 'arranged', 'revoke', 'suspend', 'reinstate'));
DROP TABLE enquiry_reports;
DROP TABLE enquiry_blocks;
ALTER TABLE enquiry_viewings DROP CONSTRAINT enquiry_viewings_accepted_time;
DROP TABLE enquiry_viewing_times;
DROP TABLE enquiry_viewings;
DROP TABLE enquiry_messages;
DROP TABLE enquiry_threads;
