package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// TestDefaultClusterSwitchedToDurable runs scripts/db.sh on a throwaway project folder: a cluster
// made before the default was durable (fsync, synchronous_commit and full_page_writes off, as
// the tests' cluster still is), running with data in it, becomes durable in place on the next
// `make run` or `make db`, on the same port and with its data; a second run leaves it running.
func TestDefaultClusterSwitchedToDurable(t *testing.T) {
	t.Parallel()
	if bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb"); len(bins) == 0 {
		t.Fatal("PostgreSQL's server binaries are not installed: install them (Debian: apt-get install postgresql; scripts/db.sh does it as root)")
	}
	root := t.TempDir()
	// As root the cluster belongs to the postgres user, who must reach the folder.
	for dir := root; dir != os.TempDir() && dir != "/"; dir = filepath.Dir(dir) {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	script, err := os.ReadFile("../../scripts/db.sh")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "scripts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "scripts", "db.sh"), script, 0o755); err != nil {
		t.Fatal(err)
	}
	dbsh := func(cluster string, args ...string) string {
		t.Helper()
		cmd := exec.Command("bash", append([]string{filepath.Join(root, "scripts", "db.sh")}, args...)...)
		cmd.Env = slices.DeleteFunc(os.Environ(), func(v string) bool {
			return strings.HasPrefix(v, "DATABASE_URL=") || strings.HasPrefix(v, "DB_CLUSTER=")
		})
		if cluster != "" {
			cmd.Env = append(cmd.Env, "DB_CLUSTER="+cluster)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("db.sh %s %v: %v\n%s", cluster, args, err, stderr.String())
		}
		return strings.TrimSpace(string(out))
	}
	t.Cleanup(func() { dbsh("", "stop"); dbsh("test", "stop") })
	ctx := context.Background()
	query := func(url, sql string) string {
		t.Helper()
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		var v string
		if err := conn.QueryRow(ctx, sql).Scan(&v); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return v
	}
	const settings = `SELECT string_agg(name || '=' || setting, ' ' ORDER BY name) FROM pg_settings
		WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes')`

	// The tests' cluster is what the default one used to be: make one, with data, and move it to
	// the default's place.
	testURL := dbsh("test")
	if got := query(testURL, settings); got != "fsync=off full_page_writes=off synchronous_commit=off" {
		t.Fatalf("test cluster runs with %s", got)
	}
	if conn, err := pgx.Connect(ctx, testURL); err != nil {
		t.Fatal(err)
	} else {
		_, err := conn.Exec(ctx, "CREATE TABLE kept AS SELECT 'written before the switch'::text AS note")
		conn.Close(ctx)
		if err != nil {
			t.Fatal(err)
		}
	}
	dbsh("test", "stop")
	old, err := filepath.Glob(filepath.Join(root, ".data", "postgres-test"))
	if err != nil || len(old) != 1 {
		t.Fatalf("test cluster's folder: %v %v", old, err)
	}
	if err := os.Rename(old[0], filepath.Join(root, ".data", "postgres")); err != nil {
		t.Fatal(err)
	}
	// Running, as a `make run` of the old tree would have left it.
	pgCtl, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pg_ctl")
	start := exec.Command(pgCtl[len(pgCtl)-1], "-D", filepath.Join(root, ".data", "postgres"), "-l", filepath.Join(root, ".data", "postgres", "server.log"), "-w", "start")
	if os.Getuid() == 0 {
		start = exec.Command("runuser", append([]string{"-u", "postgres", "--"}, start.Args...)...)
	}
	if out, err := start.CombinedOutput(); err != nil {
		t.Fatalf("start the old cluster: %v\n%s", err, out)
	}

	url := dbsh("")
	if url != testURL {
		t.Errorf("default cluster's URL %q, want the old cluster's %q (same port)", url, testURL)
	}
	if got := query(url, settings); got != "fsync=on full_page_writes=on synchronous_commit=on" {
		t.Errorf("default cluster runs with %s after the switch", got)
	}
	if got := query(url, "SELECT note FROM kept"); got != "written before the switch" {
		t.Errorf("data after the switch: %q", got)
	}
	started := query(url, "SELECT pg_postmaster_start_time()::text")
	time.Sleep(10 * time.Millisecond)
	dbsh("")
	if again := query(url, "SELECT pg_postmaster_start_time()::text"); again != started {
		t.Errorf("a durable cluster was restarted again (%s, then %s)", started, again)
	}
	conf, err := os.ReadFile(filepath.Join(root, ".data", "postgres", "postgresql.conf"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"fsync", "synchronous_commit", "full_page_writes"} {
		if n := strings.Count("\n"+string(conf), "\n"+s+" = "); n != 1 {
			t.Errorf("postgresql.conf sets %s %d times", s, n)
		}
	}
}
