-- migrate:up

-- A browser the member forgot (a new password, "sign out other sessions", "Require a passkey":
-- account.forgetOtherDevices) is no longer trusted — its next sign-in alerts the member and the
-- account-wide limit holds it — but it still links the accounts that used it: accounts_linked
-- reads every row of known_devices, forgotten or not. Deleting the row instead let a ring erase
-- the one trace of a browser the owner and a puppet shared (a browser's first sign-in presents no
-- device cookie, so sign_ins may not name it) by changing the owner's password from another one.
ALTER TABLE known_devices ADD COLUMN forgotten_at timestamptz;

-- migrate:down

ALTER TABLE known_devices DROP COLUMN forgotten_at;
