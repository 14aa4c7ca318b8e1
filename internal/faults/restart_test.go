package faults_test

import (
	"context"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/rentproof/rentproof/internal/soak"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/testserver"
)

// TestRestartUnderLoad: PostgreSQL stopped at once (pg_ctl -m immediate, as a crash) and started
// again under the mixed load, on a throwaway cluster of the test's own.
func TestRestartUnderLoad(t *testing.T) {
	t.Parallel()
	c := newCluster(t)
	w := start(t, testserver.Options{DatabaseURL: c.url, DatabaseVia: func(u string) string { return u }})
	run(t, w, plan{writes: 8, readers: 3, writers: 3, pace: 100 * time.Millisecond, outages: []time.Duration{time.Second}},
		c.stop, c.start, "restart", logTo(t))
}

// TestSoakRestarts is the long form: a restart loop under more load, with longer and shorter stops.
func TestSoakRestarts(t *testing.T) { //nolint:paralleltest // measures times: runs alone
	soak.Only(t)
	c := newCluster(t)
	w := start(t, testserver.Options{DatabaseURL: c.url, DatabaseVia: func(u string) string { return u }})
	outages := []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 5 * time.Second, time.Second, 500 * time.Millisecond}
	run(t, w, plan{writes: 60, readers: 6, writers: 3, pace: 100 * time.Millisecond, outages: outages, gap: 3 * time.Second},
		c.stop, c.start, "restart", soak.Figure)
}

// cluster is a throwaway PostgreSQL cluster (initdb in a temporary folder, a free port), which a
// test may stop and start without touching the shared one. Its settings are the durable ones but
// fsync: an immediate stop kills PostgreSQL, not the machine, so what the kernel holds survives.
type cluster struct {
	t         *testing.T
	bin, data string
	port      int
	url       string
}

func newCluster(t *testing.T) *cluster {
	t.Helper()
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pg_ctl")
	if len(matches) == 0 {
		t.Fatal("no PostgreSQL server binaries in /usr/lib/postgresql/*/bin: install them (Debian: apt-get install postgresql; scripts/db.sh does it as root)")
	}
	// Not t.TempDir: its parent folders are root's alone, where the postgres user cannot reach.
	dir, err := os.MkdirTemp("", "rentproof-faults-") //nolint:usetesting // see above
	if err != nil {
		t.Fatal(err)
	}
	c := &cluster{t: t, bin: filepath.Dir(matches[len(matches)-1]), data: filepath.Join(dir, "data")}
	t.Cleanup(func() {
		_ = c.pgctl("-m", "immediate", "stop")
		_ = os.RemoveAll(dir)
	})
	if os.Geteuid() == 0 { // initdb refuses root: the cluster is the postgres user's
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Skipf("running as root without a postgres user: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := c.as(filepath.Join(c.bin, "initdb"), "-D", c.data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8").CombinedOutput(); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c.port = ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	c.start()
	admin := "postgres://postgres@127.0.0.1:" + strconv.Itoa(c.port) + "/postgres?sslmode=disable"
	conn, err := pgx.Connect(context.Background(), admin)
	if err != nil {
		t.Fatal(err)
	}
	_, err = conn.Exec(context.Background(), "CREATE DATABASE rentproof")
	conn.Close(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c.url = "postgres://postgres@127.0.0.1:" + strconv.Itoa(c.port) + "/rentproof?sslmode=disable"
	pool, err := store.Open(context.Background(), c.url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if err := store.Migrate(context.Background(), pool, c.url); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return c
}

// as is the command run as the cluster's owner (postgres when the test runs as root).
func (c *cluster) as(name string, args ...string) *exec.Cmd {
	if os.Geteuid() == 0 {
		return exec.Command("runuser", append([]string{"-u", "postgres", "--", name}, args...)...)
	}
	return exec.Command(name, args...)
}

func (c *cluster) pgctl(args ...string) error {
	out, err := c.as(filepath.Join(c.bin, "pg_ctl"), append([]string{"-D", c.data}, args...)...).CombinedOutput()
	if err != nil {
		c.t.Logf("pg_ctl %v: %v\n%s", args, err, out)
	}
	return err
}

// start starts the cluster and waits until it accepts connections.
func (c *cluster) start() {
	opts := "-p " + strconv.Itoa(c.port) + " -k " + filepath.Dir(c.data) + " -c listen_addresses=127.0.0.1 -c fsync=off"
	if err := c.pgctl("-l", filepath.Join(filepath.Dir(c.data), "server.log"), "-o", opts, "-w", "-t", "30", "start"); err != nil {
		c.t.Fatal("start the throwaway cluster")
	}
}

// stop stops the cluster at once, as a crash does: no checkpoint, clients cut off.
func (c *cluster) stop() {
	if err := c.pgctl("-m", "immediate", "stop"); err != nil {
		c.t.Fatal("stop the throwaway cluster")
	}
}
