-- A property's verifications, the audit trail (a trigger keeps properties' verified, proof and
-- confirmations in step with the one in force).

-- name: GrantConfirmedVerification :exec
-- People confirmed the property: its verification, granted through request_id.
INSERT INTO property_verifications (property_id, proof, confirmations, request_id, granted_by)
VALUES ($1, 'confirmed', 1, $2, $3);

-- name: AddVerificationConfirmation :exec
-- One more person confirmed the verification in force.
UPDATE property_verifications SET confirmations = confirmations + 1
WHERE property_id = $1 AND withdrawn_at IS NULL;

-- name: WithdrawVerification :execrows
-- An administrator withdraws the verification in force; the row stays as the audit trail.
UPDATE property_verifications SET withdrawn_at = now(), withdrawn_by = sqlc.arg(admin_id), withdraw_reason = sqlc.arg(reason)
WHERE property_id = sqlc.arg(property_id) AND withdrawn_at IS NULL;

-- name: WithdrawVerificationElsewhere :execrows
-- The listing moved: the verification in force, when it was granted for another address than
-- the property's current one, is withdrawn by the owner who moved it (the row stays as the audit
-- trail; the trigger makes the property unverified).
UPDATE property_verifications v SET withdrawn_at = now(), withdrawn_by = sqlc.arg(owner_id), withdraw_reason = sqlc.arg(reason)
FROM properties p
WHERE v.property_id = sqlc.arg(property_id) AND v.withdrawn_at IS NULL AND p.id = v.property_id
  AND v.address_key IS DISTINCT FROM property_address_key(p.address, p.city, p.state, p.postal_code_key, p.country);
