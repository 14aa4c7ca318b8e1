package twoservers_test

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/store"
)

// pgbouncerBinary is Debian's PgBouncer (apt-get install pgbouncer).
const pgbouncerBinary = "/usr/sbin/pgbouncer"

// TestTwoServersBehindPgBouncer runs the two-server checks with DATABASE_POOLER=pgbouncer behind
// a real PgBouncer in transaction mode, whose small pool makes the servers' transactions share
// PostgreSQL sessions; the migrations go over the direct URL. Where PgBouncer is not installed,
// the same checks run with the setting on a direct connection (no prepared statements, no
// startup settings), which is what the setting changes in the servers.
func TestTwoServersBehindPgBouncer(t *testing.T) { //nolint:paralleltest // sets the process's pooler mode and the AWS credentials
	direct := dbtest.NewEmpty(t)
	through := func(u string) string { return u }
	if _, err := os.Stat(pgbouncerBinary); err == nil {
		through = startPgBouncer(t, direct)
		// The default settings are refused there: the reason the setting exists.
		if pool, err := store.Open(context.Background(), through(direct)); err == nil {
			pool.Close()
			t.Error("the default pool connected through PgBouncer: it sends jit at connection start, which PgBouncer refuses")
		}
	} else {
		t.Logf("%s is not installed: the checks run with the setting on a direct connection", pgbouncerBinary)
	}
	if err := store.UsePooler(store.PoolerPgBouncer, direct); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.UsePooler("", "") }) //nolint:errcheck // the default is always valid
	p := startPair(t, direct, through)
	p.checkAll(t)
}

func TestUsePoolerRefusesWhatItCannotHonour(t *testing.T) {
	t.Parallel()
	for kind, want := range map[string]string{
		"pgbouncer":   "DATABASE_POOLER=pgbouncer needs DATABASE_MIGRATE_URL",
		"pgpool":      "DATABASE_POOLER must be empty (a direct connection) or pgbouncer",
		"transaction": "DATABASE_POOLER must be empty (a direct connection) or pgbouncer",
	} {
		if err := store.UsePooler(kind, ""); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("DATABASE_POOLER=%s without DATABASE_MIGRATE_URL: %v, want %q", kind, err, want)
		}
	}
}

// startPgBouncer runs PgBouncer in transaction mode in front of the cluster of dbURL until the
// test ends, and returns how to turn a database URL of that cluster into one through it.
func startPgBouncer(t *testing.T, dbURL string) func(string) string {
	t.Helper()
	target, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	dir := t.TempDir()
	// Readable by the postgres user PgBouncer switches to when started as root.
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	config := fmt.Sprintf(`[databases]
* = host=%s port=%s user=%s

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = %d
unix_socket_dir =
auth_type = any
pool_mode = transaction
default_pool_size = 8
max_client_conn = 400
`, target.Hostname(), target.Port(), target.User.Username(), port)
	ini := filepath.Join(dir, "pgbouncer.ini")
	if err := os.WriteFile(ini, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{ini}
	if u, err := user.Current(); err == nil && u.Uid == "0" {
		args = []string{"-u", "postgres", ini} // PgBouncer will not run as root
	}
	cmd := exec.Command(pgbouncerBinary, args...)
	var log strings.Builder
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill() //nolint:errcheck // ends with the test either way
		cmd.Wait()         //nolint:errcheck // killed
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("PgBouncer did not start: %s", log.String())
		}
	}
	return func(u string) string {
		through, _ := url.Parse(u)
		through.Host = addr
		return through.String()
	}
}

// freePort is a loopback TCP port nobody listens on at the moment.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
