-- name: CreateUser :one
INSERT INTO users (username, password_hash, email, first_name, last_name, role, last_login)
VALUES ($1, $2, $3, $4, $5, $6, now())
RETURNING *;

-- name: GetUser :one
SELECT * FROM users WHERE id = $1;

-- name: GetUserByLogin :one
-- Usernames cannot contain "@", so one identifier never names two accounts.
SELECT * FROM users WHERE lower(username) = lower(sqlc.arg(identifier)) OR lower(email) = lower(sqlc.arg(identifier));

-- name: GetUserByEmailAndUsername :one
SELECT * FROM users WHERE lower(email) = lower(sqlc.arg(email)) AND lower(username) = lower(sqlc.arg(username));

-- name: UsernameTaken :one
SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1));

-- name: EmailTaken :one
SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1));

-- name: RecordLogin :exec
UPDATE users SET last_login = now() WHERE id = $1;

-- name: SetSecurityQuestions :exec
UPDATE users SET security_question1 = $2, security_answer1_hash = $3, security_question2 = $4,
    security_answer2_hash = $5, security_answers_version = 2, updated_at = now()
WHERE id = $1;

-- name: SetPassword :exec
UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1;

-- name: CountUsers :one
SELECT count(*) FROM users;

-- name: UpdateProfile :one
-- The Edit Profile form: every field is replaced.
UPDATE users SET first_name = $2, last_name = $3, bio = $4, city = $5, country = $6,
    language_preference = $7, updated_at = now()
WHERE id = $1
RETURNING *;
