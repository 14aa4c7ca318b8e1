-- migrate:up

-- Issue 30: accounts are suspended by administrators or closed by their owners, never deleted. A
-- closed account's row stays as a tombstone with every personal field erased, so the ledger, XP,
-- reviews and decisions keep valid references; only a closed account may have empty names.
ALTER TABLE users
    ADD COLUMN suspended_at timestamptz,
    ADD COLUMN suspension_reason text CHECK (length(suspension_reason) BETWEEN 1 AND 500),
    ADD COLUMN closed_at timestamptz,
    ADD CONSTRAINT users_suspension_reason CHECK ((suspended_at IS NULL) = (suspension_reason IS NULL)),
    DROP CONSTRAINT users_first_name_check,
    DROP CONSTRAINT users_last_name_check,
    ADD CONSTRAINT users_first_name_check CHECK (length(first_name) <= 100 AND (length(first_name) >= 1 OR closed_at IS NOT NULL)),
    ADD CONSTRAINT users_last_name_check CHECK (length(last_name) <= 100 AND (length(last_name) >= 1 OR closed_at IS NOT NULL));

-- Nothing is hard-deleted: a DELETE of an account is refused, so nothing can cascade from it (the
-- ledger and XP rows would go with it and their invariants with them). The keys that would
-- cascade or orphan the most refuse too, should the trigger ever be dropped.
CREATE FUNCTION users_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'account % cannot be deleted: accounts are closed, their row kept as a tombstone', OLD.id
        USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER users_refuse_delete BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_refuse_delete();

ALTER TABLE token_transactions DROP CONSTRAINT token_transactions_user_id_fkey,
    ADD CONSTRAINT token_transactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT NOT VALID;
ALTER TABLE token_transactions VALIDATE CONSTRAINT token_transactions_user_id_fkey;
ALTER TABLE user_xp DROP CONSTRAINT user_xp_user_id_fkey,
    ADD CONSTRAINT user_xp_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT NOT VALID;
ALTER TABLE user_xp VALIDATE CONSTRAINT user_xp_user_id_fkey;
ALTER TABLE user_activities DROP CONSTRAINT user_activities_user_id_fkey,
    ADD CONSTRAINT user_activities_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT NOT VALID;
ALTER TABLE user_activities VALIDATE CONSTRAINT user_activities_user_id_fkey;
ALTER TABLE properties DROP CONSTRAINT properties_landlord_id_fkey,
    ADD CONSTRAINT properties_landlord_id_fkey FOREIGN KEY (landlord_id) REFERENCES users (id) ON DELETE RESTRICT NOT VALID;
ALTER TABLE properties VALIDATE CONSTRAINT properties_landlord_id_fkey;

-- A suspended or closed account never gets a session, whichever way it signs in (password, link,
-- recovery, passkey): the check locks the account row (FOR SHARE), so a suspension that commits
-- first is seen here, and one that comes after waits for this session and then revokes it.
CREATE FUNCTION sessions_refuse_barred_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM users WHERE id = NEW.user_id AND suspended_at IS NULL AND closed_at IS NULL FOR SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'account % is suspended or closed: no session', NEW.user_id
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER sessions_refuse_barred_accounts BEFORE INSERT ON sessions
    FOR EACH ROW EXECUTE FUNCTION sessions_refuse_barred_accounts();

-- A closed account's username is not taken again for 90 days (account.UsernameRetention): the
-- tombstone gives it up (its username becomes "closed:<id>", which registration cannot choose).
CREATE TABLE retired_usernames (
    key         text PRIMARY KEY, -- lower(username)
    user_id     integer NOT NULL REFERENCES users (id),
    retired_at  timestamptz NOT NULL DEFAULT now()
);

-- A listing out of public view because of its owner's account: every public read takes only
-- active listings, so hiding one clears active too (and the triggers on active keep the city and
-- neighbourhood counts); hidden_reason says why, so a reinstatement shows again exactly those
-- its suspension hid.
ALTER TABLE properties
    ADD COLUMN hidden_reason text CHECK (hidden_reason IN ('owner_suspended', 'owner_closed')),
    ADD CONSTRAINT properties_hidden_not_active CHECK (hidden_reason IS NULL OR NOT active);
CREATE INDEX properties_landlord_hidden ON properties (landlord_id) WHERE hidden_reason IS NOT NULL;

-- A review its author deleted with their account: out of public lists and the aggregates (the
-- rating trigger counts published reviews only), kept for the references to it.
ALTER TABLE reviews DROP CONSTRAINT reviews_status_check,
    ADD CONSTRAINT reviews_status_check CHECK (status IN ('published', 'hidden', 'removed', 'deleted'));

-- Administrators' suspensions and reinstatements are kept with their other decisions.
ALTER TABLE admin_decisions
    ADD COLUMN user_id integer REFERENCES users (id),
    DROP CONSTRAINT admin_decisions_decision_check,
    ADD CONSTRAINT admin_decisions_decision_check
        CHECK (decision IN ('approve', 'reject', 'withdraw', 'restore', 'remove', 'arranged', 'revoke', 'suspend', 'reinstate'));
CREATE INDEX admin_decisions_user ON admin_decisions (user_id, created_at) WHERE user_id IS NOT NULL;

-- migrate:down

DROP INDEX admin_decisions_user;
DELETE FROM admin_decisions WHERE decision IN ('suspend', 'reinstate');
ALTER TABLE admin_decisions DROP COLUMN user_id,
    DROP CONSTRAINT admin_decisions_decision_check,
    ADD CONSTRAINT admin_decisions_decision_check
        CHECK (decision IN ('approve', 'reject', 'withdraw', 'restore', 'remove', 'arranged', 'revoke'));
UPDATE reviews SET status = 'removed' WHERE status = 'deleted';
ALTER TABLE reviews DROP CONSTRAINT reviews_status_check,
    ADD CONSTRAINT reviews_status_check CHECK (status IN ('published', 'hidden', 'removed'));
DROP INDEX properties_landlord_hidden;
UPDATE properties SET active = true WHERE hidden_reason IS NOT NULL;
ALTER TABLE properties DROP CONSTRAINT properties_hidden_not_active, DROP COLUMN hidden_reason;
DROP TABLE retired_usernames;
DROP TRIGGER sessions_refuse_barred_accounts ON sessions;
DROP FUNCTION sessions_refuse_barred_accounts();
ALTER TABLE properties DROP CONSTRAINT properties_landlord_id_fkey,
    ADD CONSTRAINT properties_landlord_id_fkey FOREIGN KEY (landlord_id) REFERENCES users (id);
ALTER TABLE user_activities DROP CONSTRAINT user_activities_user_id_fkey,
    ADD CONSTRAINT user_activities_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE user_xp DROP CONSTRAINT user_xp_user_id_fkey,
    ADD CONSTRAINT user_xp_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE token_transactions DROP CONSTRAINT token_transactions_user_id_fkey,
    ADD CONSTRAINT token_transactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE;
DROP TRIGGER users_refuse_delete ON users;
DROP FUNCTION users_refuse_delete();
UPDATE users SET first_name = 'Anonymous', last_name = 'User' WHERE closed_at IS NOT NULL;
ALTER TABLE users DROP CONSTRAINT users_first_name_check, DROP CONSTRAINT users_last_name_check,
    DROP CONSTRAINT users_suspension_reason,
    DROP COLUMN closed_at, DROP COLUMN suspension_reason, DROP COLUMN suspended_at,
    ADD CONSTRAINT users_first_name_check CHECK (length(first_name) BETWEEN 1 AND 100),
    ADD CONSTRAINT users_last_name_check CHECK (length(last_name) BETWEEN 1 AND 100);
