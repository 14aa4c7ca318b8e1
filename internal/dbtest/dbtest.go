// Package dbtest gives each test its own freshly migrated PostgreSQL database.
//
// It uses DATABASE_URL when set; otherwise it starts the project's throwaway test cluster through
// scripts/db.sh (DB_CLUSTER=test). A migrated template database is made once per migration set, and every test
// clones it (tens of milliseconds) and drops its clone when it ends.
package dbtest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/sql/migrations"
)

var (
	setupOnce sync.Once
	adminURL  string // a database URL on the cluster, used to create and drop databases
	template  string // the migrated template's name
	setupErr  error
	// seq keeps database names apart when parallel tests of one process start in the same instant.
	seq atomic.Int64
)

// New returns a pool on a new, migrated, empty database that is dropped when the test ends,
// and the database's URL.
func New(t testing.TB) (*pgxpool.Pool, string) {
	t.Helper()
	setupOnce.Do(func() { setupErr = setup() })
	if setupErr != nil {
		t.Fatalf("test database: %v", setupErr)
	}
	ctx := context.Background()
	name := fmt.Sprintf("test_%d_%d_%d", time.Now().UnixNano(), os.Getpid(), seq.Add(1))
	if err := admin(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s", name, template)); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	dbURL := withDatabase(adminURL, name)
	pool, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatalf("open test database: %v", err)
	}
	t.Cleanup(func() {
		pool.Close()
		if err := admin(context.Background(), fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name)); err != nil {
			t.Logf("drop test database: %v", err)
		}
	})
	return pool, dbURL
}

// NewEmpty returns the URL of a new database with no schema at all, dropped when the test ends
// (for testing the migrations themselves).
func NewEmpty(t testing.TB) string {
	t.Helper()
	setupOnce.Do(func() { setupErr = setup() })
	if setupErr != nil {
		t.Fatalf("test database: %v", setupErr)
	}
	name := fmt.Sprintf("test_empty_%d_%d_%d", time.Now().UnixNano(), os.Getpid(), seq.Add(1))
	if err := admin(context.Background(), "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create empty database: %v", err)
	}
	t.Cleanup(func() {
		if err := admin(context.Background(), fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name)); err != nil {
			t.Logf("drop empty database: %v", err)
		}
	})
	return withDatabase(adminURL, name)
}

func setup() error {
	ctx := context.Background()
	u, err := clusterURL(ctx)
	if err != nil {
		return err
	}
	adminURL = u
	hash, err := migrationsHash()
	if err != nil {
		return err
	}
	template = "template_" + hash
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return fmt.Errorf("connect to %s: %w", redact(adminURL), err)
	}
	defer conn.Close(ctx)
	// Several test binaries start at once: one of them builds the template, the others wait.
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock(727275)"); err != nil {
		return fmt.Errorf("lock template: %w", err)
	}
	defer conn.Exec(ctx, "SELECT pg_advisory_unlock(727275)") //nolint:errcheck // released on close too
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", template).Scan(&exists); err != nil {
		return fmt.Errorf("look for template: %w", err)
	}
	if exists {
		return nil
	}
	building := template + "_building"
	if _, err := conn.Exec(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", building)); err != nil {
		return fmt.Errorf("drop stale template: %w", err)
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+building); err != nil {
		return fmt.Errorf("create template: %w", err)
	}
	tplURL := withDatabase(adminURL, building)
	pool, err := store.Open(ctx, tplURL)
	if err != nil {
		return err
	}
	err = store.Migrate(ctx, pool, tplURL)
	pool.Close()
	if err != nil {
		return fmt.Errorf("migrate template: %w", err)
	}
	// Renamed only once complete, so a crash never leaves a half-migrated template behind.
	if _, err := conn.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s RENAME TO %s", building, template)); err != nil {
		return fmt.Errorf("finish template: %w", err)
	}
	return nil
}

// clusterURL is DATABASE_URL, or the project's test cluster started by scripts/db.sh.
func clusterURL(ctx context.Context) (string, error) {
	if u := os.Getenv("DATABASE_URL"); u != "" {
		return u, nil
	}
	root, err := projectRoot()
	if err != nil {
		return "", err
	}
	// The tests' cluster, fast and not durable: never the one `make run` keeps users' data in.
	cmd := exec.CommandContext(ctx, "bash", filepath.Join(root, "scripts", "db.sh"))
	cmd.Env = append(os.Environ(), "DB_CLUSTER=test")
	out, err := cmd.Output()
	if err != nil {
		msg := err.Error()
		if ee, ok := errors.AsType[*exec.ExitError](err); ok {
			msg = strings.TrimSpace(string(ee.Stderr))
		}
		return "", fmt.Errorf("no DATABASE_URL set and scripts/db.sh could not start PostgreSQL: %s", msg)
	}
	return strings.TrimSpace(string(out)), nil
}

func projectRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("go.mod not found above the test's folder")
		}
		dir = parent
	}
}

// migrationsHash names the template after the migrations' content, so a changed migration
// builds a new template instead of reusing a stale one.
func migrationsHash() (string, error) {
	h := sha256.New()
	err := fs.WalkDir(migrations.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.FS, path)
		if err != nil {
			return err
		}
		h.Write([]byte(path))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("hash migrations: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

func admin(ctx context.Context, statement string) error {
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, statement)
	return err
}

func withDatabase(rawURL, name string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return rawURL
	}
	u.Path = "/" + name
	return u.String()
}

func redact(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "the database"
	}
	return u.Redacted()
}

// NewBefore returns a pool on a new database migrated with the migrations whose names sort
// before version (as a database that last ran an older server has them), and its URL, for
// testing what a migration does to data already stored. It is dropped when the test ends.
func NewBefore(t testing.TB, version string) (*pgxpool.Pool, string) {
	t.Helper()
	dbURL := NewEmpty(t)
	MigrateBefore(t, dbURL, version)
	pool, err := store.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool, dbURL
}

// MigrateBefore applies to the database at dbURL the pending migrations whose names sort before
// version: a test of one migration's data stops there, whatever later migrations do.
func MigrateBefore(t testing.TB, dbURL, version string) {
	t.Helper()
	older := fstest.MapFS{}
	err := fs.WalkDir(migrations.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".sql") || path >= version {
			return err
		}
		b, err := fs.ReadFile(migrations.FS, path)
		older[path] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.MigrateFrom(older, dbURL); err != nil {
		t.Fatalf("migrate before %s: %v", version, err)
	}
}
