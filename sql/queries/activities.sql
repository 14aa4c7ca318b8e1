-- name: RecordActivity :exec
INSERT INTO user_activities (user_id, activity_type, points, entity_id, entity_type)
VALUES ($1, $2, $3, $4, $5);
