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
