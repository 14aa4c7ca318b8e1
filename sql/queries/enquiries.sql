-- Enquiries and viewings (issue 31; internal/enquiry). A thread's list columns (its latest message,
-- each side's unread count, whether a viewing waits) live on the thread row and change in the
-- statement that changes them, so every list is one index range of enquiry_threads.

-- name: GetEnquiryListing :one
-- A listing as an enquiry needs it, in any state (a withdrawn or hidden one refuses new threads).
SELECT p.id, p.title, p.city, p.landlord_id, p.active, p.verified,
    coalesce(p.verification_proof, '')::text AS verification_proof, p.time_zone,
    coalesce(p.images[1], '')::text AS image
FROM properties p WHERE p.id = sqlc.arg(id);

-- name: LockEnquiryMembers :many
-- The members of a send (the sender and the other member), each with whether their account is
-- suspended or closed, locked in id order until the transaction ends: FOR KEY SHARE waits for a
-- suspension or closure of either (LockAccount, FOR UPDATE, before it closes their threads and
-- hides their listings), and lets everything else through.
SELECT u.id, (u.suspended_at IS NOT NULL OR u.closed_at IS NOT NULL)::bool AS barred
FROM users u WHERE u.id = ANY(sqlc.arg(ids)::int[])
ORDER BY u.id
FOR KEY SHARE;

-- name: LockEnquirySends :exec
-- Serialises one member's sends with the blocks of them until the transaction ends, so a send
-- either commits before a block closes the member's threads or sees the block (class 7274 of
-- the two-key advisory locks).
SELECT pg_advisory_xact_lock(7274, sqlc.arg(member_id)::int);

-- name: LockEnquiryListing :one
-- Whether a listing takes enquiries and viewing requests, re-read under a share lock: a hiding
-- or withdrawal in flight (its update of the row) commits first, and is seen, or waits until
-- the new thread or viewing is in. Taken before the members (LockEnquiryMembers), as a
-- suspension or closure locks the owner's listings before the account.
SELECT p.active FROM properties p WHERE p.id = sqlc.arg(id) FOR SHARE;

-- name: GetEnquirySender :one
-- The sender's name, and what their limits depend on: a verified address and an established account.
SELECT u.first_name, u.last_name, (u.email_verified_at IS NOT NULL)::bool AS email_verified,
    account_established(u.id)::bool AS established
FROM users u WHERE u.id = sqlc.arg(id);

-- name: IsEnquirySenderBlocked :one
SELECT EXISTS (SELECT 1 FROM enquiry_blocks b WHERE b.owner_id = sqlc.arg(owner_id) AND b.blocked_id = sqlc.arg(sender_id))::bool;

-- name: GetOpenEnquiryThread :one
-- The member's open thread about a listing (enquiry_threads_open), locked as LockEnquiryThread
-- locks it: one closed meanwhile is no longer found.
SELECT id FROM enquiry_threads
WHERE property_id = sqlc.arg(property_id) AND enquirer_id = sqlc.arg(enquirer_id) AND status = 'open'
FOR NO KEY UPDATE;

-- name: LockEnquiryThread :one
-- A thread's status, locked until the transaction ends, before a viewing is written into it:
-- a close waits for the viewing (and cancels it), or the viewing sees the thread closed.
SELECT status FROM enquiry_threads WHERE id = sqlc.arg(id) FOR NO KEY UPDATE;

-- name: CreateEnquiryThread :one
INSERT INTO enquiry_threads (property_id, owner_id, enquirer_id, move_in_month, occupants)
VALUES (sqlc.arg(property_id), sqlc.arg(owner_id), sqlc.arg(enquirer_id), sqlc.narg(move_in_month), sqlc.narg(occupants))
RETURNING id;

-- name: SetEnquiryThreadDetails :exec
-- A later enquiry in an open thread may say the move-in month and occupants it did not say yet.
UPDATE enquiry_threads SET
    move_in_month = coalesce(sqlc.narg(move_in_month), move_in_month),
    occupants = coalesce(sqlc.narg(occupants), occupants)
WHERE id = sqlc.arg(id) AND (sqlc.narg(move_in_month)::date IS NOT NULL OR sqlc.narg(occupants)::smallint IS NOT NULL);

-- name: AddEnquiryMessage :one
-- A member's message in an open thread of theirs: the thread's latest message and the other
-- side's unread count move in the same statement (which locks the thread row, so a thread's
-- messages are numbered in the order they are sent). No row: not theirs, or not open.
WITH t AS (
    UPDATE enquiry_threads th SET
        last_message_at = now(), last_message = left(sqlc.arg(body)::text, 140),
        owner_unread = th.owner_unread + (th.enquirer_id = sqlc.arg(author_id)::int)::int,
        enquirer_unread = th.enquirer_unread + (th.owner_id = sqlc.arg(author_id)::int)::int
    WHERE th.id = sqlc.arg(thread_id) AND th.status = 'open' AND sqlc.arg(author_id)::int IN (th.enquirer_id, th.owner_id)
    RETURNING th.id
)
INSERT INTO enquiry_messages (thread_id, author_id, body)
SELECT t.id, sqlc.arg(author_id)::int, sqlc.arg(body)::text FROM t
RETURNING *;

-- name: AddEnquiryNotice :one
-- A system notice (safety, a viewing asked for or decided): the thread's latest message; it counts
-- as unread for unread_for (0: no one), and pending_delta moves the waiting viewings.
WITH t AS (
    UPDATE enquiry_threads th SET
        last_message_at = now(), last_message = left(sqlc.arg(body)::text, 140),
        owner_unread = th.owner_unread + (th.owner_id = sqlc.arg(unread_for)::int)::int,
        enquirer_unread = th.enquirer_unread + (th.enquirer_id = sqlc.arg(unread_for)::int)::int,
        pending_viewings = greatest(th.pending_viewings + sqlc.arg(pending_delta)::int, 0)
    WHERE th.id = sqlc.arg(thread_id)
    RETURNING th.id
)
INSERT INTO enquiry_messages (thread_id, author_id, body)
SELECT t.id, NULL::int, sqlc.arg(body)::text FROM t
RETURNING *;

-- name: GetEnquiryThread :one
-- One thread as viewer_id (one of its two members) sees it; no row for anyone else.
SELECT t.id, t.property_id, p.title, coalesce(p.images[1], '')::text AS image, p.city, p.verified,
    coalesce(p.verification_proof, '')::text AS verification_proof, p.time_zone, p.active,
    (t.enquirer_id = sqlc.arg(viewer_id)::int)::bool AS is_enquirer,
    o.id AS other_id, o.first_name AS other_first_name, o.last_name AS other_last_name,
    coalesce(o.profile_image, '')::text AS other_image, (o.closed_at IS NOT NULL)::bool AS other_closed,
    t.status, coalesce(t.closed_reason, '')::text AS closed_reason, t.move_in_month, coalesce(t.occupants, 0)::int AS occupants,
    t.created_at, t.last_message_at, t.last_message,
    (CASE WHEN t.enquirer_id = sqlc.arg(viewer_id)::int THEN t.enquirer_unread ELSE t.owner_unread END)::int AS unread,
    (t.pending_viewings > 0)::bool AS pending_viewing,
    t.enquirer_id, t.owner_id
FROM enquiry_threads t
JOIN properties p ON p.id = t.property_id
JOIN users o ON o.id = CASE WHEN t.enquirer_id = sqlc.arg(viewer_id)::int THEN t.owner_id ELSE t.enquirer_id END
WHERE t.id = sqlc.arg(id) AND sqlc.arg(viewer_id)::int IN (t.enquirer_id, t.owner_id);

-- name: ListMyEnquiryThreads :many
-- One page of the threads viewer_id started, unread first, then the latest: the page is taken
-- from enquiry_threads alone (one range of enquiry_threads_enquirer_list), then its listings
-- and owners are joined, so no more than a page's rows are ever joined. The columns are
-- GetEnquiryThread's.
SELECT t.id, t.property_id, p.title, coalesce(p.images[1], '')::text AS image, p.city, p.verified,
    coalesce(p.verification_proof, '')::text AS verification_proof, p.time_zone, p.active,
    true::bool AS is_enquirer,
    o.id AS other_id, o.first_name AS other_first_name, o.last_name AS other_last_name,
    coalesce(o.profile_image, '')::text AS other_image, (o.closed_at IS NOT NULL)::bool AS other_closed,
    t.status, coalesce(t.closed_reason, '')::text AS closed_reason, t.move_in_month, coalesce(t.occupants, 0)::int AS occupants,
    t.created_at, t.last_message_at, t.last_message,
    t.enquirer_unread::int AS unread,
    (t.pending_viewings > 0)::bool AS pending_viewing,
    t.enquirer_id, t.owner_id
FROM (
    SELECT * FROM enquiry_threads
    WHERE enquirer_id = sqlc.arg(viewer_id)::int
    ORDER BY (enquirer_unread > 0) DESC, last_message_at DESC, id DESC
    LIMIT sqlc.arg(max_rows)::int OFFSET sqlc.arg(row_offset)::int
) t
JOIN properties p ON p.id = t.property_id
JOIN users o ON o.id = t.owner_id
ORDER BY (t.enquirer_unread > 0) DESC, t.last_message_at DESC, t.id DESC;

-- name: ListReceivedEnquiryThreads :many
-- One page of the threads about all of viewer_id's listings, unread first, then the latest: one
-- range of enquiry_threads_owner_list, read in order, then joined as ListMyEnquiryThreads. (One
-- listing's threads are ListListingEnquiryThreads: a filter here, `$2 = 0 OR property_id = $2`,
-- let the generic plan guess one row per owner and sort all of an owner's threads.)
SELECT t.id, t.property_id, p.title, coalesce(p.images[1], '')::text AS image, p.city, p.verified,
    coalesce(p.verification_proof, '')::text AS verification_proof, p.time_zone, p.active,
    false::bool AS is_enquirer,
    o.id AS other_id, o.first_name AS other_first_name, o.last_name AS other_last_name,
    coalesce(o.profile_image, '')::text AS other_image, (o.closed_at IS NOT NULL)::bool AS other_closed,
    t.status, coalesce(t.closed_reason, '')::text AS closed_reason, t.move_in_month, coalesce(t.occupants, 0)::int AS occupants,
    t.created_at, t.last_message_at, t.last_message,
    t.owner_unread::int AS unread,
    (t.pending_viewings > 0)::bool AS pending_viewing,
    t.enquirer_id, t.owner_id
FROM (
    SELECT * FROM enquiry_threads
    WHERE owner_id = sqlc.arg(viewer_id)::int
    ORDER BY (owner_unread > 0) DESC, last_message_at DESC, id DESC
    LIMIT sqlc.arg(max_rows)::int OFFSET sqlc.arg(row_offset)::int
) t
JOIN properties p ON p.id = t.property_id
JOIN users o ON o.id = t.enquirer_id
ORDER BY (t.owner_unread > 0) DESC, t.last_message_at DESC, t.id DESC;

-- name: ListListingEnquiryThreads :many
-- One page of the threads about one of viewer_id's listings, in ListReceivedEnquiryThreads'
-- order: one range of enquiry_threads_property_list.
SELECT t.id, t.property_id, p.title, coalesce(p.images[1], '')::text AS image, p.city, p.verified,
    coalesce(p.verification_proof, '')::text AS verification_proof, p.time_zone, p.active,
    false::bool AS is_enquirer,
    o.id AS other_id, o.first_name AS other_first_name, o.last_name AS other_last_name,
    coalesce(o.profile_image, '')::text AS other_image, (o.closed_at IS NOT NULL)::bool AS other_closed,
    t.status, coalesce(t.closed_reason, '')::text AS closed_reason, t.move_in_month, coalesce(t.occupants, 0)::int AS occupants,
    t.created_at, t.last_message_at, t.last_message,
    t.owner_unread::int AS unread,
    (t.pending_viewings > 0)::bool AS pending_viewing,
    t.enquirer_id, t.owner_id
FROM (
    SELECT * FROM enquiry_threads
    WHERE property_id = sqlc.arg(property_id)::int AND owner_id = sqlc.arg(viewer_id)::int
    ORDER BY (owner_unread > 0) DESC, last_message_at DESC, id DESC
    LIMIT sqlc.arg(max_rows)::int OFFSET sqlc.arg(row_offset)::int
) t
JOIN properties p ON p.id = t.property_id
JOIN users o ON o.id = t.enquirer_id
ORDER BY (t.owner_unread > 0) DESC, t.last_message_at DESC, t.id DESC;

-- name: CountUnreadEnquiryThreads :one
-- How many of viewer_id's threads (as enquirer, or as owner of all listings or of property_id)
-- have unread messages: a range of the list's own index, where the boolean column is true.
SELECT CASE
    WHEN sqlc.arg(as_enquirer)::bool THEN
        (SELECT count(*) FROM enquiry_threads c WHERE c.enquirer_id = sqlc.arg(viewer_id)::int AND c.enquirer_unread > 0)
    ELSE (SELECT count(*) FROM enquiry_threads c
          WHERE c.owner_id = sqlc.arg(viewer_id)::int AND c.owner_unread > 0
            AND (sqlc.arg(property_id)::int = 0 OR c.property_id = sqlc.arg(property_id)::int))
END::int;

-- name: ListEnquiryMessages :many
-- A window of a thread's messages, oldest first: the latest max_rows of those from since_id on
-- and before before_id (0: no bound), read backwards through enquiry_messages_thread. The caller
-- asks for one more than it shows, to know whether earlier ones remain.
SELECT m.* FROM (
    SELECT * FROM enquiry_messages
    WHERE thread_id = sqlc.arg(thread_id) AND id >= sqlc.arg(since_id)::bigint
      AND (sqlc.arg(before_id)::bigint = 0 OR id < sqlc.arg(before_id)::bigint)
    ORDER BY id DESC
    LIMIT sqlc.arg(max_rows)::int
) m
ORDER BY m.id;

-- name: HasEnquiryMessagesBefore :one
-- Whether a thread holds a message before message id.
SELECT EXISTS (SELECT 1 FROM enquiry_messages WHERE thread_id = sqlc.arg(thread_id) AND id < sqlc.arg(id)::bigint);

-- name: ListEnquiryViewings :many
-- A thread's viewings, newest first, one row per proposed time (earliest first).
SELECT v.id, v.status, v.time_zone, coalesce(v.message, '')::text AS message, v.cancelled_by, v.created_at,
    v.accepted_time_id, x.id AS time_id, x.starts_at, x.local
FROM enquiry_viewings v
JOIN enquiry_viewing_times x ON x.viewing_id = v.id
WHERE v.thread_id = sqlc.arg(thread_id)
ORDER BY v.id DESC, x.starts_at;

-- name: MarkEnquiryThreadRead :one
-- viewer_id read the thread up to its latest message: their unread count is zeroed, their
-- last-read message kept, and the other member's unread messages stamped read. No row: not
-- one of theirs.
WITH thread AS (
    UPDATE enquiry_threads t SET
        enquirer_unread = CASE WHEN t.enquirer_id = sqlc.arg(viewer_id)::int THEN 0 ELSE t.enquirer_unread END,
        owner_unread = CASE WHEN t.owner_id = sqlc.arg(viewer_id)::int THEN 0 ELSE t.owner_unread END,
        enquirer_read_id = CASE WHEN t.enquirer_id = sqlc.arg(viewer_id)::int
            THEN coalesce((SELECT max(m.id) FROM enquiry_messages m WHERE m.thread_id = t.id), 0) ELSE t.enquirer_read_id END,
        owner_read_id = CASE WHEN t.owner_id = sqlc.arg(viewer_id)::int
            THEN coalesce((SELECT max(m.id) FROM enquiry_messages m WHERE m.thread_id = t.id), 0) ELSE t.owner_read_id END
    WHERE t.id = sqlc.arg(id) AND sqlc.arg(viewer_id)::int IN (t.enquirer_id, t.owner_id)
    RETURNING t.id
), marked AS (
    UPDATE enquiry_messages m SET read_at = now()
    FROM thread
    WHERE m.thread_id = thread.id AND m.read_at IS NULL AND m.author_id IS NOT NULL AND m.author_id <> sqlc.arg(viewer_id)::int
    RETURNING m.id
)
SELECT thread.id, (SELECT count(*) FROM marked)::int AS marked FROM thread;

-- name: CloseEnquiryThread :one
-- Closes an open thread with a notice (its viewings: CancelEnquiryViewingsOf, next). No row:
-- already closed.
WITH closed AS (
    UPDATE enquiry_threads th SET status = 'closed', closed_reason = sqlc.arg(reason)::text, closed_at = now(),
        last_message_at = now(), last_message = left(sqlc.arg(notice)::text, 140), pending_viewings = 0
    WHERE th.id = sqlc.arg(id) AND th.status = 'open'
    RETURNING th.id
), notice AS (
    INSERT INTO enquiry_messages (thread_id, author_id, body) SELECT id, NULL::int, sqlc.arg(notice)::text FROM closed
)
SELECT id FROM closed;

-- name: CloseEnquiryThreadsBetween :many
-- An owner blocked a member: every open thread of the member's about the owner's listings
-- closes with a notice (the viewings: CancelEnquiryViewingsBetween, next). Answers the threads closed.
WITH closed AS (
    UPDATE enquiry_threads th SET status = 'closed', closed_reason = sqlc.arg(reason)::text, closed_at = now(),
        last_message_at = now(), last_message = left(sqlc.arg(notice)::text, 140), pending_viewings = 0
    WHERE th.owner_id = sqlc.arg(owner_id) AND th.enquirer_id = sqlc.arg(enquirer_id) AND th.status = 'open'
    RETURNING th.id
), notice AS (
    INSERT INTO enquiry_messages (thread_id, author_id, body) SELECT id, NULL::int, sqlc.arg(notice)::text FROM closed
)
SELECT id FROM closed;

-- name: CancelEnquiryViewingsOf :exec
-- The viewings of threads just closed that still wait for an answer (and, with upcoming, those
-- accepted for a time not yet passed) are cancelled by cancelled_by. A statement of its own,
-- after the close: the close locked the threads, waiting for a viewing being written into one,
-- and this statement's snapshot, taken after, sees that viewing.
UPDATE enquiry_viewings v SET status = 'cancelled', cancelled_by = sqlc.arg(cancelled_by)::int, decided_at = now()
WHERE v.thread_id = ANY(sqlc.arg(thread_ids)::bigint[]) AND (v.status = 'requested' OR (sqlc.arg(upcoming)::bool AND v.status = 'accepted'
    AND EXISTS (SELECT 1 FROM enquiry_viewing_times x WHERE x.id = v.accepted_time_id AND x.starts_at > now())));

-- name: CancelEnquiryViewingsBetween :exec
-- An owner blocked a member: the viewings of every thread between them, open or closed, that
-- still wait for an answer or are accepted for a time not yet passed are cancelled by the owner.
-- A statement of its own after CloseEnquiryThreadsBetween, as CancelEnquiryViewingsOf.
UPDATE enquiry_viewings v SET status = 'cancelled', cancelled_by = sqlc.arg(owner_id)::int, decided_at = now()
FROM enquiry_threads t
WHERE t.id = v.thread_id AND t.owner_id = sqlc.arg(owner_id)::int AND t.enquirer_id = sqlc.arg(enquirer_id)::int
    AND (v.status = 'requested' OR (v.status = 'accepted'
        AND EXISTS (SELECT 1 FROM enquiry_viewing_times x WHERE x.id = v.accepted_time_id AND x.starts_at > now())));

-- name: CloseEnquiryThreadsOf :many
-- A member's account closed or was suspended: each of their open threads closes with a neutral
-- notice (their viewings still to come: CancelEnquiryViewingsOf, next, with upcoming). Answers
-- each thread closed with its other member.
WITH closed AS (
    UPDATE enquiry_threads SET status = 'closed', closed_reason = sqlc.arg(reason)::text, closed_at = now(),
        last_message_at = now(), last_message = left(sqlc.arg(notice)::text, 140), pending_viewings = 0
    WHERE (enquirer_id = sqlc.arg(user_id)::int OR owner_id = sqlc.arg(user_id)::int) AND status = 'open'
    RETURNING id, CASE WHEN enquirer_id = sqlc.arg(user_id)::int THEN owner_id ELSE enquirer_id END AS other_id
), notice AS (
    INSERT INTO enquiry_messages (thread_id, author_id, body) SELECT id, NULL::int, sqlc.arg(notice)::text FROM closed
)
SELECT id, other_id::int AS other_id FROM closed;

-- name: BlockEnquirySender :exec
INSERT INTO enquiry_blocks (owner_id, blocked_id, thread_id)
VALUES (sqlc.arg(owner_id), sqlc.arg(blocked_id), sqlc.arg(thread_id))
ON CONFLICT (owner_id, blocked_id) DO NOTHING;

-- name: CreateEnquiryViewing :one
INSERT INTO enquiry_viewings (thread_id, time_zone) VALUES (sqlc.arg(thread_id), sqlc.arg(time_zone))
RETURNING id;

-- name: AddEnquiryViewingTimes :exec
INSERT INTO enquiry_viewing_times (viewing_id, starts_at, local)
SELECT sqlc.arg(viewing_id)::bigint, unnest(sqlc.arg(starts_at)::timestamptz[]), unnest(sqlc.arg(locals)::text[]);

-- name: GetEnquiryViewingMembers :one
-- The two members of a viewing's thread, for one of them only (no row for anyone else), read
-- without a lock before an answer locks their rows (a thread's members never change).
SELECT t.enquirer_id, t.owner_id
FROM enquiry_viewings v JOIN enquiry_threads t ON t.id = v.thread_id
WHERE v.id = sqlc.arg(id) AND sqlc.arg(viewer_id)::int IN (t.enquirer_id, t.owner_id);

-- name: LockEnquiryViewingThread :one
-- The thread of a viewing, locked before the viewing (after the members' rows, as every write
-- into a thread: LockEnquiryMembers), as closing a thread locks it before its viewings, so an
-- answer to a viewing and a close of its thread never wait on each other in opposite orders.
SELECT t.id FROM enquiry_threads t
WHERE t.id = (SELECT v.thread_id FROM enquiry_viewings v WHERE v.id = sqlc.arg(id))
FOR NO KEY UPDATE;

-- name: LockEnquiryViewing :one
-- A viewing with its thread's members, locked until the transaction ends: parallel answers to
-- one viewing take turns, and each sees what the one before decided (a statement of its own,
-- after LockEnquiryViewingThread, so it reads the viewing as the last answer left it).
SELECT v.id, v.thread_id, v.status, v.time_zone, v.accepted_time_id, t.enquirer_id, t.owner_id, t.status AS thread_status,
    t.property_id
FROM enquiry_viewings v JOIN enquiry_threads t ON t.id = v.thread_id
WHERE v.id = sqlc.arg(id)
FOR UPDATE OF v;

-- name: ListEnquiryViewingTimes :many
SELECT id, starts_at, local FROM enquiry_viewing_times WHERE viewing_id = sqlc.arg(viewing_id) ORDER BY starts_at;

-- name: DecideEnquiryViewing :exec
UPDATE enquiry_viewings SET status = sqlc.arg(status)::text, accepted_time_id = coalesce(sqlc.narg(time_id)::bigint, accepted_time_id),
    message = sqlc.narg(message), cancelled_by = sqlc.narg(cancelled_by), decided_at = now()
WHERE id = sqlc.arg(id);

-- name: GetEnquiryViewingCalendar :one
-- An accepted viewing's calendar file's facts, for one of its thread's members only.
SELECT v.id, x.starts_at, v.time_zone, p.title, p.city, coalesce(v.decided_at, v.created_at)::timestamptz AS decided_at
FROM enquiry_viewings v
JOIN enquiry_threads t ON t.id = v.thread_id
JOIN enquiry_viewing_times x ON x.id = v.accepted_time_id
JOIN properties p ON p.id = t.property_id
WHERE v.id = sqlc.arg(id) AND v.status = 'accepted' AND sqlc.arg(viewer_id)::int IN (t.enquirer_id, t.owner_id);

-- name: ReportEnquiryThread :exec
-- One open report per member and thread: reporting again adds nothing.
INSERT INTO enquiry_reports (thread_id, reporter_id, reason, note)
VALUES (sqlc.arg(thread_id), sqlc.arg(reporter_id), sqlc.arg(reason), sqlc.arg(note))
ON CONFLICT (thread_id, reporter_id) WHERE handled_at IS NULL DO NOTHING;

-- name: ListReportedEnquiryThreads :many
-- The threads with open reports, the oldest report first (enquiry_reports_open), at most max_rows.
SELECT t.id, t.property_id, p.title AS property_title, e.username AS enquirer_username, o.username AS owner_username,
    min(r.created_at)::timestamptz AS first_reported_at
FROM enquiry_reports r
JOIN enquiry_threads t ON t.id = r.thread_id
JOIN properties p ON p.id = t.property_id
JOIN users e ON e.id = t.enquirer_id
JOIN users o ON o.id = t.owner_id
WHERE r.handled_at IS NULL
GROUP BY t.id, p.title, e.username, o.username
ORDER BY min(r.created_at), t.id
LIMIT sqlc.arg(max_rows)::int;

-- name: ListOpenEnquiryReports :many
-- The open reports of some threads, oldest first.
SELECT r.thread_id, r.reason, r.note, u.username AS reporter_username, r.created_at
FROM enquiry_reports r JOIN users u ON u.id = r.reporter_id
WHERE r.thread_id = ANY(sqlc.arg(thread_ids)::bigint[]) AND r.handled_at IS NULL
ORDER BY r.created_at, r.id;

-- name: ListReportedEnquiryMessages :many
-- The latest messages of some threads, at most max_rows of each (one range of
-- enquiry_messages_thread per thread, read backwards), each thread's oldest first, with their
-- authors' usernames: however long a thread grew, the list reads no more of it.
SELECT t.thread_id::bigint AS thread_id, m.author_username, m.body, m.created_at
FROM unnest(sqlc.arg(thread_ids)::bigint[]) AS t (thread_id)
CROSS JOIN LATERAL (
    SELECT m.id, coalesce(u.username, '')::text AS author_username, m.body, m.created_at
    FROM enquiry_messages m LEFT JOIN users u ON u.id = m.author_id
    WHERE m.thread_id = t.thread_id
    ORDER BY m.id DESC
    LIMIT sqlc.arg(max_rows)::int
) m
ORDER BY t.thread_id, m.id;

-- name: HandleEnquiryReports :many
-- Marks a thread's open reports handled by admin_id and answers their reporters.
UPDATE enquiry_reports SET handled_at = now(), handled_by = sqlc.arg(admin_id)::int
WHERE thread_id = sqlc.arg(thread_id) AND handled_at IS NULL
RETURNING reporter_id;

-- name: RecordEnquiryDecision :exec
INSERT INTO admin_decisions (admin_id, enquiry_thread_id, property_id, decision, message)
SELECT sqlc.arg(admin_id)::int, t.id, t.property_id, 'enquiry_handled', sqlc.arg(message)::text
FROM enquiry_threads t WHERE t.id = sqlc.arg(thread_id);
