-- The blob lock (single-key advisory lock 727277, held by the session) keeps a backup's database
-- and its files in step: a job that deletes files of the blob store holds it shared while it
-- runs, a backup holds it alone from before its snapshot until its last file is copied, so no row
-- it copies names a file deleted meanwhile.

-- name: LockBlobsShared :exec
SELECT pg_advisory_lock_shared(727277);

-- name: UnlockBlobsShared :exec
SELECT pg_advisory_unlock_shared(727277);

-- name: LockBlobs :exec
SELECT pg_advisory_lock(727277);

-- name: UnlockBlobs :exec
SELECT pg_advisory_unlock(727277);

-- name: CountPublicTables :one
-- The tables of the public schema: a restore goes only into a database without any.
SELECT count(*)::int FROM pg_catalog.pg_tables WHERE schemaname = 'public';
