-- Tenancies (internal/tenancy): members' claims to have lived at a property, their proof, their
-- documents and the administrators' decisions on them. Every change of status or stage sets
-- changed_by and change_note, which the database copies into tenancy_events.

-- name: GetTenancyProperty :one
-- The property a claim is about, as the claim form needs it. A listing hidden because of its
-- owner's account (suspended or closed) still takes claims: they go to the documents path.
SELECT id, landlord_id, (active OR hidden_reason IS NOT NULL)::bool AS active FROM properties WHERE id = $1;

-- name: LockTenancyProperty :one
-- The property of a claim, locked until the transaction ends in the mode verification takes, so
-- every decision on its claims (and on the property's own verification, and an edit of it) takes
-- turns; then the claim's row. may_confirm: verified with a real proof (not demo data).
SELECT p.id, p.landlord_id, p.active, (p.verified AND p.verification_proof <> 'demo')::bool AS may_confirm,
    property_address_key(p.address, p.city, p.state, p.postal_code_key, p.country)::text AS address_key,
    property_address_text(p.address, p.city, p.state, p.zip_code, p.country)::text AS address
FROM properties p WHERE p.id = $1
FOR NO KEY UPDATE;

-- name: CreateTenancy :one
-- A new claim: it waits for the owner when the property is verified with a real proof (the owner
-- may confirm), else for the tenant's documents. The address is stamped by the database. A
-- listing hidden because of its owner's account takes claims for the documents path; the row
-- lock (FOR SHARE) makes a suspension or closure that hides it wait for the claim, or the claim
-- for it, so a claim never waits for an owner who cannot answer (SendOwnerClaimsToDocuments).
INSERT INTO tenant_verifications (tenant_id, property_id, from_month, to_month, message, stage, changed_by, change_note)
SELECT sqlc.arg(tenant_id)::int, p.id, sqlc.arg(from_month)::date, sqlc.narg(to_month)::date, sqlc.narg(message)::text,
       CASE WHEN p.verified AND p.verification_proof <> 'demo' AND p.active THEN 'landlord' ELSE 'documents' END,
       sqlc.arg(tenant_id)::int, 'Claimed'
FROM properties p WHERE p.id = sqlc.arg(property_id) AND (p.active OR p.hidden_reason IS NOT NULL)
FOR SHARE OF p
RETURNING id;

-- name: GetTenancy :one
SELECT * FROM tenant_verifications WHERE id = $1;

-- name: GetTenancyDetails :many
SELECT * FROM tenancy_details WHERE id = ANY(sqlc.arg(ids)::int[]);

-- name: ListMyTenancies :many
SELECT * FROM tenancy_details WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC LIMIT sqlc.arg(max_rows);

-- name: ListTenancyClaims :many
-- Claims on the owner's properties (or one of them): open ones oldest first, then verified ones
-- newest first.
SELECT * FROM tenancy_details
WHERE owner_id = sqlc.arg(owner_id) AND (sqlc.arg(property_id)::int = 0 OR property_id = sqlc.arg(property_id))
  AND status IN ('pending', 'approved')
ORDER BY (status = 'approved'), CASE WHEN status = 'pending' THEN created_at END, created_at DESC, id
LIMIT sqlc.arg(max_rows);

-- name: ListTenancyQueue :many
-- Claims waiting for an administrator, oldest first.
SELECT * FROM tenancy_details WHERE status = 'pending' AND stage = 'administrator'
ORDER BY created_at, id LIMIT sqlc.arg(max_rows);

-- name: ListTenancyDocuments :many
SELECT * FROM tenancy_documents WHERE tenancy_id = ANY(sqlc.arg(tenancy_ids)::int[]) ORDER BY tenancy_id, id;

-- name: ListDuplicateClaims :many
-- For each claim, the other claims that were sent a document with the same content.
SELECT DISTINCT d.tenancy_id, o.tenancy_id AS other_id
FROM tenancy_documents d JOIN tenancy_documents o ON o.sha256 = d.sha256 AND o.tenancy_id <> d.tenancy_id
WHERE d.tenancy_id = ANY(sqlc.arg(tenancy_ids)::int[])
ORDER BY d.tenancy_id, other_id;

-- name: CountOwnerConfirmations :one
-- The owner's confirmations (verified or held) in the last `days` days.
SELECT count(*)::int FROM tenant_verifications
WHERE verified_by_id = sqlc.arg(owner_id)::int AND verification_date > now() - make_interval(days => sqlc.arg(days)::int)
  AND (proof = 'landlord' OR hold_reason IS NOT NULL);

-- name: ApproveTenancy :one
-- Verifies a pending claim (decided once: status still pending and at one of from_stages).
UPDATE tenant_verifications
SET status = 'approved', stage = NULL, proof = sqlc.arg(proof)::text, verified_by_id = sqlc.arg(verified_by_id)::int,
    verification_date = coalesce(CASE WHEN sqlc.arg(proof)::text = 'landlord' THEN verification_date END, now()),
    decided_at = now(), response_message = sqlc.narg(response_message)::text, updated_at = now(),
    changed_by = sqlc.arg(changed_by)::int, change_note = sqlc.arg(change_note)::text
WHERE id = sqlc.arg(id) AND status = 'pending' AND stage = ANY(sqlc.arg(from_stages)::text[])
RETURNING id;

-- name: HoldTenancy :one
-- An owner's confirmation that waits for an administrator: still pending, stage administrator,
-- the confirmation stamped (owner and time) and why it waits.
UPDATE tenant_verifications
SET stage = 'administrator', verified_by_id = sqlc.arg(owner_id)::int, verification_date = now(),
    hold_reason = sqlc.arg(hold_reason)::text, updated_at = now(),
    changed_by = sqlc.arg(owner_id)::int, change_note = sqlc.arg(hold_reason)::text
WHERE id = sqlc.arg(id) AND status = 'pending' AND stage IN ('landlord', 'documents')
RETURNING id;

-- name: SendTenancyToDocuments :one
-- The owner's "I can't confirm this": the claim waits for the tenant's documents (or, when they
-- were sent already, still for an administrator), with the owner's message. Said once: a message
-- already there stays.
UPDATE tenant_verifications
SET stage = CASE WHEN stage = 'administrator' THEN stage ELSE 'documents' END, owner_message = sqlc.arg(owner_message)::text,
    updated_at = now(), changed_by = sqlc.arg(owner_id)::int, change_note = 'The owner could not confirm it'
WHERE id = sqlc.arg(id) AND status = 'pending' AND hold_reason IS NULL AND owner_message IS NULL
RETURNING id;

-- name: TenancyDocumentsSent :one
-- Documents sent: the claim waits for an administrator.
UPDATE tenant_verifications
SET stage = 'administrator', updated_at = now(), changed_by = sqlc.arg(tenant_id)::int, change_note = 'Documents sent'
WHERE id = sqlc.arg(id) AND status = 'pending'
RETURNING id;

-- name: CloseTenancy :one
-- Ends a claim: withdrawn (by its tenant), rejected or revoked (by an administrator), from one of
-- from_statuses (decided once).
UPDATE tenant_verifications
SET status = sqlc.arg(status)::text, stage = NULL, decided_at = now(), updated_at = now(),
    response_message = coalesce(sqlc.narg(response_message)::text, response_message),
    changed_by = sqlc.narg(changed_by)::int, change_note = sqlc.arg(change_note)::text
WHERE id = sqlc.arg(id) AND status = ANY(sqlc.arg(from_statuses)::text[])
RETURNING id;

-- name: CloseTenanciesElsewhere :many
-- The listing moved: open claims about another address than its current one are withdrawn and
-- verified tenancies about it revoked (their labels go with them). Returns what changed.
UPDATE tenant_verifications t
SET status = CASE WHEN t.status = 'pending' THEN 'withdrawn' ELSE 'revoked' END, stage = NULL,
    decided_at = now(), updated_at = now(),
    response_message = CASE WHEN t.status = 'approved' THEN sqlc.arg(revoke_note)::text ELSE t.response_message END,
    changed_by = sqlc.narg(changed_by)::int,
    change_note = CASE WHEN t.status = 'pending' THEN sqlc.arg(withdraw_note)::text ELSE sqlc.arg(revoke_note)::text END
FROM properties p
WHERE p.id = t.property_id AND t.property_id = sqlc.arg(property_id) AND t.status IN ('pending', 'approved')
  AND t.address_key IS DISTINCT FROM property_address_key(p.address, p.city, p.state, p.postal_code_key, p.country)
RETURNING t.id, t.status, t.tenant_id;

-- name: ListMovedTenants :many
-- The tenants of the property's verified tenancies about another address than its current one.
SELECT t.tenant_id::int FROM tenant_verifications t JOIN properties p ON p.id = t.property_id
WHERE t.property_id = $1 AND t.status = 'approved' AND t.tenant_id IS NOT NULL
  AND t.address_key IS DISTINCT FROM property_address_key(p.address, p.city, p.state, p.postal_code_key, p.country);

-- name: ListOwnerConfirmedTenants :many
-- The tenants of the property's tenancies verified by its owner's confirmation.
SELECT tenant_id::int FROM tenant_verifications
WHERE property_id = $1 AND status = 'approved' AND proof = 'landlord' AND tenant_id IS NOT NULL;

-- name: RevokeOwnerConfirmations :many
-- The property's verification was withdrawn, so its owner can no longer vouch for anyone: the
-- tenancies verified by the owner's confirmation are revoked (their labels go with them), and the
-- claims waiting for the owner, or holding the owner's confirmation for an administrator, wait for
-- the tenant's documents instead (for an administrator's check when they were sent already).
-- Returns what changed.
WITH revoked AS (
    UPDATE tenant_verifications v
    SET status = 'revoked', stage = NULL, decided_at = now(), updated_at = now(),
        response_message = sqlc.arg(revoke_note)::text,
        changed_by = sqlc.narg(changed_by)::int, change_note = sqlc.arg(revoke_note)::text
    WHERE v.property_id = sqlc.arg(property_id) AND v.status = 'approved' AND v.proof = 'landlord'
    RETURNING v.id, v.status, v.tenant_id
), unconfirmed AS (
    UPDATE tenant_verifications t
    SET stage = CASE WHEN EXISTS (SELECT 1 FROM tenancy_documents d WHERE d.tenancy_id = t.id)
                     THEN 'administrator' ELSE 'documents' END,
        hold_reason = NULL, verified_by_id = NULL, verification_date = NULL, updated_at = now(),
        changed_by = sqlc.narg(changed_by)::int, change_note = sqlc.arg(documents_note)::text
    WHERE t.property_id = sqlc.arg(property_id) AND t.status = 'pending' AND (t.stage = 'landlord' OR t.hold_reason IS NOT NULL)
    RETURNING t.id, t.status, t.tenant_id
)
SELECT id, status, tenant_id FROM revoked
UNION ALL
SELECT id, status, tenant_id FROM unconfirmed;

-- name: RecordTenancyDecision :one
INSERT INTO admin_decisions (admin_id, tenancy_id, property_id, decision, message)
VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- name: CountTenancyDocuments :one
SELECT count(*)::int FROM tenancy_documents WHERE tenancy_id = $1;

-- name: CreateTenancyDocument :one
INSERT INTO tenancy_documents (token, key, tenant_id, tenancy_id, kind, file_name, content_type, bytes, sha256)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
RETURNING *;

-- name: GetTenancyDocumentByToken :one
SELECT d.*, t.tenant_id AS holder_id FROM tenancy_documents d JOIN tenant_verifications t ON t.id = d.tenancy_id
WHERE d.token = $1;

-- name: ListExpiredTenancyDocuments :many
-- Files to delete: documents of claims decided more than retention_days ago.
SELECT d.id, d.key FROM tenancy_documents d JOIN tenant_verifications t ON t.id = d.tenancy_id
WHERE d.deleted_at IS NULL AND t.status <> 'pending'
  AND t.decided_at < now() - make_interval(days => sqlc.arg(retention_days)::int)
ORDER BY d.id
LIMIT sqlc.arg(max_rows);

-- name: MarkTenancyDocumentDeleted :execrows
-- The file is gone; the row (its hash included) stays with the claim and its decision.
UPDATE tenancy_documents SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL;
