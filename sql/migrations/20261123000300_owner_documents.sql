-- migrate:up

-- Ownership documents (issue 14): private files an owner sends with a direct-verification
-- request. Stored in the blob store under documents/<token>.<ext> (never served under /uploads:
-- only GET /api/documents/<token> reads them, for the owner, administrators and verifiers the
-- owner invited for that property). A document is uploaded first (request_id null) and attached
-- once, to the owner's request for that property; one never attached goes after a day. Ninety
-- days after its request was decided its file is deleted (deleted_at set): the row, the request
-- and the decision stay as the audit trail.
CREATE TABLE ownership_documents (
    id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- The unguessable part of the key and of the document's URL.
    token        text NOT NULL UNIQUE CHECK (token ~ '^[0-9a-f]{32}$'),
    key          text NOT NULL UNIQUE CHECK (key ~ '^documents/[0-9a-f]{32}\.(jpg|png|webp|pdf)$'),
    owner_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    property_id  integer NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    request_id   integer REFERENCES verification_requests (id) ON DELETE SET NULL,
    -- The client's file name, shown to administrators and used in Content-Disposition.
    file_name    text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
    content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
    bytes        integer NOT NULL CHECK (bytes > 0),
    created_at   timestamptz NOT NULL DEFAULT now(),
    deleted_at   timestamptz
);
CREATE INDEX ownership_documents_request ON ownership_documents (request_id) WHERE request_id IS NOT NULL;
CREATE INDEX ownership_documents_owner_created ON ownership_documents (owner_id, created_at);
CREATE INDEX ownership_documents_unattached ON ownership_documents (created_at) WHERE request_id IS NULL;

-- One open document request per property: a second one waits for the first's decision. Document
-- requests go to the administrators (requested_to_id null) and do not expire.
CREATE UNIQUE INDEX verification_requests_one_document_request ON verification_requests (property_id)
    WHERE documents_provided AND requested_to_id IS NULL AND payment_intent_id IS NULL AND status = 'pending';
-- The administrators' queue: open document requests, paid checks and held approvals.
CREATE INDEX verification_requests_admin_queue ON verification_requests (created_at, id)
    WHERE status IN ('paid', 'held') OR (status = 'pending' AND requested_to_id IS NULL);

-- Every administrator decision: on verification requests (approve, reject), on badges
-- (withdraw) and on reported reviews (restore, remove; copied from review_moderation_decisions,
-- which the review service writes, by the trigger below). Never updated or deleted.
CREATE TABLE admin_decisions (
    id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    admin_id     integer REFERENCES users (id) ON DELETE SET NULL,
    request_id   integer REFERENCES verification_requests (id) ON DELETE SET NULL,
    review_id    integer REFERENCES reviews (id) ON DELETE SET NULL,
    property_id  integer REFERENCES properties (id) ON DELETE SET NULL,
    decision     text NOT NULL CHECK (decision IN ('approve', 'reject', 'withdraw', 'restore', 'remove')),
    message      text CHECK (length(message) BETWEEN 1 AND 500),
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_decisions_request ON admin_decisions (request_id, created_at) WHERE request_id IS NOT NULL;
CREATE INDEX admin_decisions_review ON admin_decisions (review_id, created_at) WHERE review_id IS NOT NULL;
CREATE INDEX admin_decisions_created ON admin_decisions (created_at DESC, id DESC);

INSERT INTO admin_decisions (admin_id, review_id, property_id, decision, message, created_at)
SELECT d.admin_id, d.review_id, r.property_id, d.decision, nullif(d.note, ''), d.created_at
FROM review_moderation_decisions d JOIN reviews r ON r.id = d.review_id
ORDER BY d.created_at, d.id;

CREATE FUNCTION review_moderation_decisions_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO admin_decisions (admin_id, review_id, property_id, decision, message, created_at)
    SELECT NEW.admin_id, NEW.review_id, r.property_id, NEW.decision, nullif(NEW.note, ''), NEW.created_at
    FROM reviews r WHERE r.id = NEW.review_id;
    RETURN NULL;
END;
$$;
CREATE TRIGGER review_moderation_decisions_log AFTER INSERT ON review_moderation_decisions
    FOR EACH ROW EXECUTE FUNCTION review_moderation_decisions_log();

-- A badge's withdrawal (the verification service's) is a decision too.
CREATE FUNCTION property_verifications_withdrawal_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO admin_decisions (admin_id, property_id, decision, message, created_at)
    VALUES (NEW.withdrawn_by, NEW.property_id, 'withdraw', NEW.withdraw_reason, NEW.withdrawn_at);
    RETURN NULL;
END;
$$;
CREATE TRIGGER property_verifications_withdrawal_log AFTER UPDATE OF withdrawn_at ON property_verifications
    FOR EACH ROW WHEN (OLD.withdrawn_at IS NULL AND NEW.withdrawn_at IS NOT NULL)
    EXECUTE FUNCTION property_verifications_withdrawal_log();

-- migrate:down

DROP TRIGGER property_verifications_withdrawal_log ON property_verifications;
DROP FUNCTION property_verifications_withdrawal_log();

DROP TRIGGER review_moderation_decisions_log ON review_moderation_decisions;
DROP FUNCTION review_moderation_decisions_log();
DROP TABLE admin_decisions;
DROP INDEX verification_requests_admin_queue, verification_requests_one_document_request;
DROP TABLE ownership_documents;
