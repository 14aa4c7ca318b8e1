-- migrate:up

-- What the tenancy server (internal/tenancy) needs beside the contract's schema (issue 27).

-- Administrators' decisions: 'arranged' (a request marked arranged, issue 25) stays allowed
-- beside the tenancies' 'revoke' (20261127000100 listed the decisions without it).
ALTER TABLE admin_decisions
    DROP CONSTRAINT admin_decisions_decision_check,
    ADD CONSTRAINT admin_decisions_decision_check
        CHECK (decision IN ('approve', 'reject', 'withdraw', 'restore', 'remove', 'arranged', 'revoke'));

-- A verified tenancy earns its holder XP once (gamification's verifiedTenancies rule): its
-- activity rows name the tenancy.
ALTER TABLE user_activities
    DROP CONSTRAINT user_activities_entity_type_check,
    ADD CONSTRAINT user_activities_entity_type_check
        CHECK (entity_type IN ('property', 'review', 'verification', 'resource', 'badge', 'tenancy'));

-- An owner's confirmations in the last 30 days, the verified ones (proof landlord) and those held
-- for an administrator alike (hold_reason set): a confirmation stamps verified_by_id and
-- verification_date with the owner and its time, held or not.
CREATE INDEX tenant_verifications_confirmations ON tenant_verifications (verified_by_id, verification_date)
    WHERE proof = 'landlord' OR hold_reason IS NOT NULL;

-- One claim as every screen shows it: the property, the people, the months as YYYY-MM, whether
-- the property's owner may confirm (verified with a real proof: a demo listing's "owner" was never
-- checked), the owner's review of it and the property's address today when it moved since.
CREATE VIEW tenancy_details AS
SELECT t.id, t.property_id, coalesce(p.title, '') AS property_title, coalesce(t.address, '') AS address,
       t.tenant_id, coalesce(u.first_name, '') AS tenant_first_name, coalesce(left(u.last_name, 1), '')::text AS tenant_last_name,
       coalesce(u.username, '') AS tenant_username, p.landlord_id AS owner_id, coalesce(o.username, '') AS owner_username,
       to_char(t.from_month, 'YYYY-MM') AS from_month, coalesce(to_char(t.to_month, 'YYYY-MM'), '')::text AS to_month,
       t.status, coalesce(t.stage, '') AS stage, coalesce(t.proof, '') AS proof, coalesce(t.message, '') AS message,
       coalesce(t.owner_message, '') AS owner_message, coalesce(t.response_message, '') AS response_message,
       coalesce(t.hold_reason, '') AS hold_reason, t.created_at, t.decided_at,
       coalesce(p.verified AND p.verification_proof <> 'demo', false)::bool AS property_verified,
       coalesce((SELECT r.id FROM reviews r WHERE r.tenancy_id = t.id AND r.review_type = 'landlord_to_tenant' LIMIT 1), 0)::int AS landlord_review_id,
       CASE WHEN t.address_key IS DISTINCT FROM property_address_key(p.address, p.city, p.state, p.postal_code_key, p.country)
            THEN property_address_text(p.address, p.city, p.state, p.zip_code, p.country) ELSE '' END AS address_now
FROM tenant_verifications t
JOIN properties p ON p.id = t.property_id
LEFT JOIN users u ON u.id = t.tenant_id
LEFT JOIN users o ON o.id = p.landlord_id;

-- migrate:down

DELETE FROM admin_decisions WHERE decision = 'arranged';
ALTER TABLE admin_decisions
    DROP CONSTRAINT admin_decisions_decision_check,
    ADD CONSTRAINT admin_decisions_decision_check
        CHECK (decision IN ('approve', 'reject', 'withdraw', 'restore', 'remove', 'revoke'));

DROP VIEW tenancy_details;
DROP INDEX tenant_verifications_confirmations;
UPDATE user_activities SET entity_type = NULL WHERE entity_type = 'tenancy'; -- the points stay, so XP still sums them
ALTER TABLE user_activities
    DROP CONSTRAINT user_activities_entity_type_check,
    ADD CONSTRAINT user_activities_entity_type_check
        CHECK (entity_type IN ('property', 'review', 'verification', 'resource', 'badge'));
