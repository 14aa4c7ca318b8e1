package main

import (
	"archive/tar"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"gocloud.dev/blob"

	"github.com/rentproof/rentproof/gen/db"
)

// A backup is one tar file: the database as pg_dump's custom format (backupDump), every file of
// the blob store under backupBlobs, and last a manifest (backupManifest) that a restore checks
// the rest against.
const (
	backupDump     = "database.dump"
	backupBlobs    = "blobs/"
	backupManifest = "manifest.json"
	// contentTypeRecord keeps a file's content type in its tar header (S3 serves it back), as the
	// extended attribute user.mime_type that GNU tar --xattrs also restores.
	contentTypeRecord = "SCHILY.xattr.user.mime_type"
)

// manifest says what a backup holds.
type manifest struct {
	Created   string `json:"created"` // UTC, RFC 3339
	Files     int    `json:"files"`
	FileBytes int64  `json:"fileBytes"`
	DumpBytes int64  `json:"dumpBytes"`
}

// backupCommand runs `rentproof backup FILE` and `rentproof restore FILE` with DATABASE_URL and
// BLOB_URL (default: .data/uploads) from the environment.
func backupCommand(ctx context.Context, verb string, args []string) error {
	fs := flag.NewFlagSet(verb, flag.ContinueOnError)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: rentproof %s FILE", verb)
	}
	dbURL := os.Getenv("DATABASE_URL")
	if dbURL == "" {
		return errors.New("DATABASE_URL is not set")
	}
	bucket, err := blob.OpenBucket(ctx, env("BLOB_URL", defaultBlobURL()))
	if err != nil {
		return fmt.Errorf("open blob store: %w", err)
	}
	defer bucket.Close()
	if verb == "backup" {
		m, err := backup(ctx, dbURL, bucket, fs.Arg(0))
		if err == nil {
			slog.Info("backup written", "file", fs.Arg(0), "files", m.Files, "fileBytes", m.FileBytes, "dumpBytes", m.DumpBytes)
		}
		return err
	}
	m, err := restore(ctx, dbURL, bucket, fs.Arg(0))
	if err == nil {
		slog.Info("backup restored", "file", fs.Arg(0), "files", m.Files, "created", m.Created)
	}
	return err
}

// backup writes the database of dbURL and every file of bucket to path, consistent with each
// other: it holds the blob lock alone (the file-deleting jobs hold it shared) from before
// pg_dump's snapshot until the last file is copied, so every file a copied row names is copied.
// Files written after the snapshot may be in it too, unnamed: a restore keeps them harmlessly,
// and housekeeping removes the uploads among them a day later.
func backup(ctx context.Context, dbURL string, bucket *blob.Bucket, path string) (manifest, error) {
	m := manifest{Created: time.Now().UTC().Format(time.RFC3339)}
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return m, fmt.Errorf("connect: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	q := db.New(conn)
	if err := q.LockBlobs(ctx); err != nil {
		return m, fmt.Errorf("take the blob lock: %w", err)
	}
	defer q.UnlockBlobs(context.WithoutCancel(ctx)) //nolint:errcheck // released with the session anyway

	tmp := path + ".partial"
	out, err := os.Create(tmp) //nolint:gosec // G304: the operator names the file
	if err != nil {
		return m, err
	}
	defer os.Remove(tmp) // gone already once renamed
	defer out.Close()
	tw := tar.NewWriter(out)

	dump, err := os.CreateTemp("", "rentproof-dump-*")
	if err != nil {
		return m, err
	}
	defer os.Remove(dump.Name())
	dump.Close()
	if err := pgTool(ctx, "pg_dump", "--format=custom", "--no-owner", "--no-privileges", "--file="+dump.Name(), "--dbname="+libpqURL(dbURL)); err != nil {
		return m, err
	}
	if m.DumpBytes, err = addFile(tw, backupDump, dump.Name()); err != nil {
		return m, err
	}

	it := bucket.List(nil)
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return m, fmt.Errorf("list blob store: %w", err)
		}
		if obj.IsDir {
			continue
		}
		if err := copyBlob(ctx, tw, bucket, obj.Key); err != nil {
			return m, err
		}
		m.Files++
		m.FileBytes += obj.Size
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return m, err
	}
	if err := tw.WriteHeader(&tar.Header{Name: backupManifest, Mode: 0o600, Size: int64(len(raw)), ModTime: time.Now()}); err != nil {
		return m, err
	}
	if _, err := tw.Write(raw); err != nil {
		return m, err
	}
	if err := tw.Close(); err != nil {
		return m, err
	}
	if err := out.Sync(); err != nil {
		return m, err
	}
	if err := out.Close(); err != nil {
		return m, err
	}
	return m, os.Rename(tmp, path) //nolint:gosec // G703: the operator names the file
}

// addFile copies the file at from into tw as name and returns its size.
func addFile(tw *tar.Writer, name, from string) (int64, error) {
	f, err := os.Open(from) //nolint:gosec // G304: our own temporary file
	if err != nil {
		return 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, err
	}
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: st.Size(), ModTime: st.ModTime()}); err != nil {
		return 0, err
	}
	_, err = io.Copy(tw, f)
	return st.Size(), err
}

// copyBlob copies the file key of bucket into tw under backupBlobs, with its content type.
func copyBlob(ctx context.Context, tw *tar.Writer, bucket *blob.Bucket, key string) error {
	r, err := bucket.NewReader(ctx, key, nil)
	if err != nil {
		return fmt.Errorf("read %s: %w", key, err)
	}
	defer r.Close()
	hdr := &tar.Header{Name: backupBlobs + key, Mode: 0o600, Size: r.Size(), ModTime: r.ModTime(), Format: tar.FormatPAX}
	if ct := r.ContentType(); ct != "" {
		hdr.PAXRecords = map[string]string{contentTypeRecord: ct}
	}
	if err := tw.WriteHeader(hdr); err != nil {
		return err
	}
	if _, err := io.Copy(tw, r); err != nil {
		return fmt.Errorf("copy %s: %w", key, err)
	}
	return nil
}

// restore loads the backup at path into the database of dbURL, which must have no tables yet
// (a fresh database: a restore never mixes two databases' rows), and writes its files into
// bucket. It checks the files and the dump against the backup's manifest.
func restore(ctx context.Context, dbURL string, bucket *blob.Bucket, path string) (manifest, error) {
	var m manifest
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return m, fmt.Errorf("connect: %w", err)
	}
	defer pool.Close()
	tables, err := db.New(pool).CountPublicTables(ctx)
	if err != nil {
		return m, fmt.Errorf("look at the database: %w", err)
	}
	if tables > 0 {
		return m, fmt.Errorf("restore needs an empty database: this one has %d tables (create a new one and point DATABASE_URL at it)", tables)
	}
	in, err := os.Open(path) //nolint:gosec // G304: the operator names the file
	if err != nil {
		return m, err
	}
	defer in.Close()
	tr := tar.NewReader(in)
	files, dumped := 0, false
	var fileBytes int64
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return m, fmt.Errorf("read %s: %w", path, err)
		}
		switch name := hdr.Name; {
		case name == backupDump:
			if err := restoreDump(ctx, dbURL, tr); err != nil {
				return m, err
			}
			dumped = true
		case strings.HasPrefix(name, backupBlobs):
			key := strings.TrimPrefix(name, backupBlobs)
			if !filepath.IsLocal(key) {
				return m, fmt.Errorf("the backup names a file outside the store: %q", name)
			}
			w, err := bucket.NewWriter(ctx, key, &blob.WriterOptions{ContentType: hdr.PAXRecords[contentTypeRecord]})
			if err != nil {
				return m, fmt.Errorf("write %s: %w", key, err)
			}
			n, err := io.CopyN(w, tr, hdr.Size)
			if cerr := w.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return m, fmt.Errorf("write %s: %w", key, err)
			}
			files++
			fileBytes += n
		case name == backupManifest:
			if err := json.NewDecoder(tr).Decode(&m); err != nil {
				return m, fmt.Errorf("read the manifest: %w", err)
			}
		}
	}
	if m.Created == "" || !dumped {
		return m, fmt.Errorf("%s is not a whole backup (no manifest or no database): was it cut short?", path)
	}
	if files != m.Files || fileBytes != m.FileBytes {
		return m, fmt.Errorf("the backup holds %d files (%d bytes), its manifest says %d (%d bytes)", files, fileBytes, m.Files, m.FileBytes)
	}
	return m, nil
}

// restoreDump runs pg_restore on the dump read from r.
func restoreDump(ctx context.Context, dbURL string, r io.Reader) error {
	f, err := os.CreateTemp("", "rentproof-restore-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return pgTool(ctx, "pg_restore", "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--dbname="+libpqURL(dbURL), f.Name())
}

// pgTool runs one of PostgreSQL's client programs: on PATH, else the newest of Debian's
// /usr/lib/postgresql/*/bin (pg_dump must be at least as new as the server).
func pgTool(ctx context.Context, name string, args ...string) error {
	path, err := exec.LookPath(name)
	if err != nil {
		found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/" + name)
		if len(found) == 0 {
			return fmt.Errorf("%s not found: install PostgreSQL's client programs (Debian: apt-get install postgresql-client)", name)
		}
		slices.SortFunc(found, func(a, b string) int { return versionOf(a) - versionOf(b) })
		path = found[len(found)-1]
	}
	cmd := exec.CommandContext(ctx, path, args...) //nolint:gosec // G204: PostgreSQL's own program, our arguments
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %w: %s", name, err, strings.TrimSpace(string(out)))
	}
	return nil
}

// versionOf is the major version in a path /usr/lib/postgresql/N/bin/….
func versionOf(path string) int {
	var n int
	_, _ = fmt.Sscanf(strings.TrimPrefix(path, "/usr/lib/postgresql/"), "%d", &n)
	return n
}

// libpqURL drops the pool settings pgx reads from a URL (pool_max_conns and the like), which
// libpq's programs refuse.
func libpqURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	q := u.Query()
	for k := range q {
		if strings.HasPrefix(k, "pool_") {
			q.Del(k)
		}
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// withBlobLock runs fn, a job that deletes files of the blob store, holding the blob lock shared
// on a connection of pool: such jobs run together, but never during a backup.
func withBlobLock(ctx context.Context, pool *pgxpool.Pool, fn func(context.Context) (int, error)) (int, error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return 0, fmt.Errorf("take the blob lock: %w", err)
	}
	defer conn.Release()
	q := db.New(conn)
	if err := q.LockBlobsShared(ctx); err != nil {
		return 0, fmt.Errorf("take the blob lock: %w", err)
	}
	defer func() {
		if err := q.UnlockBlobsShared(context.WithoutCancel(ctx)); err != nil {
			_ = conn.Conn().Close(context.WithoutCancel(ctx)) // the lock ends with the session; the pool drops a closed one
		}
	}()
	return fn(ctx)
}
