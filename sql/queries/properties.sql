-- name: GetProperty :one
SELECT * FROM properties WHERE id = $1 AND active;

-- name: CountProperties :one
SELECT count(*) FROM properties;
