-- migrate:up

-- From now on every change of users.tokens is a token_transactions row written with it
-- (internal/ledger), so a balance is the sum of its account's rows. Accounts whose balance the
-- rows do not explain yet (loaded without their opening row) get the row that does: the
-- welcome allocation when they have none, otherwise a correction of the difference.
INSERT INTO token_transactions (user_id, amount, transaction_type, related_entity_type, description)
SELECT u.id, u.tokens - coalesce(t.total, 0),
       CASE WHEN t.total IS NULL THEN 'initial_allocation' ELSE 'other' END, 'system',
       CASE WHEN t.total IS NULL THEN 'Welcome tokens for joining RentProof'
            ELSE 'Balance carried over into the token ledger' END
FROM users u
LEFT JOIN (SELECT user_id, sum(amount) AS total FROM token_transactions GROUP BY user_id) t ON t.user_id = u.id
WHERE u.tokens <> coalesce(t.total, 0) OR t.total IS NULL;

-- migrate:down

SELECT 1;
