package server_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/soak"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// pgNode is one PostgreSQL server of a throwaway cluster of the test's own: a primary, or a
// streaming replica of one.
type pgNode struct {
	bin, dir string
	port     int
}

// pgBin is the newest installed PostgreSQL's binaries folder.
func pgBin(t *testing.T) string {
	t.Helper()
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	if len(dirs) == 0 {
		t.Fatal("no PostgreSQL server binaries in /usr/lib/postgresql/*/bin: install them (Debian: apt-get install postgresql; scripts/db.sh does it as root)")
	}
	slices.SortFunc(dirs, func(a, b string) int {
		va, _ := strconv.Atoi(filepath.Base(filepath.Dir(a)))
		vb, _ := strconv.Atoi(filepath.Base(filepath.Dir(b)))
		return va - vb
	})
	return dirs[len(dirs)-1]
}

// pgCmd is a PostgreSQL program's command, run as user postgres when the test runs as root
// (initdb refuses root).
func pgCmd(bin, program string, args ...string) *exec.Cmd {
	name := filepath.Join(bin, program)
	if os.Geteuid() == 0 {
		args = append([]string{"-u", "postgres", "--", name}, args...)
		name = "runuser"
	}
	return exec.CommandContext(context.Background(), name, args...)
}

func pgRun(t *testing.T, bin, program string, args ...string) {
	t.Helper()
	if out, err := pgCmd(bin, program, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", program, strings.Join(args, " "), err, out)
	}
}

// pgDir is an empty folder PostgreSQL's user owns, removed when the test ends.
func pgDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "rentproof-replica-") //nolint:usetesting // PostgreSQL's user must reach it: t.TempDir's parent is root's alone
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Skipf("no postgres user to run PostgreSQL as: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func freePort(t *testing.T) int {
	t.Helper()
	var lc net.ListenConfig
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// fastSettings switch off the durability a throwaway cluster does without (as the test clusters
// of scripts/db.sh do); durableSettings are PostgreSQL's defaults, which the served cluster keeps.
const (
	fastSettings    = "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n"
	durableSettings = "fsync = on\nsynchronous_commit = on\nfull_page_writes = on\n"
)

// startPrimary initialises and starts a primary with settings that streams its WAL to replicas.
func startPrimary(t *testing.T, settings string) *pgNode {
	t.Helper()
	n := &pgNode{bin: pgBin(t), dir: filepath.Join(pgDir(t), "primary"), port: freePort(t)}
	pgRun(t, n.bin, "initdb", "-D", n.dir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
	conf := fmt.Sprintf("listen_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\nwal_level = replica\n"+
		"max_wal_senders = 4\n%s", filepath.Dir(n.dir), settings)
	appendConf(t, filepath.Join(n.dir, "postgresql.conf"), conf)
	n.start(t)
	return n
}

// startReplica copies primary (pg_basebackup -R: standby.signal and primary_conninfo) and
// starts the copy as its streaming replica.
func (n *pgNode) startReplica(t *testing.T) *pgNode {
	t.Helper()
	r := &pgNode{bin: n.bin, dir: filepath.Join(filepath.Dir(n.dir), "replica"), port: freePort(t)}
	pgRun(t, n.bin, "pg_basebackup", "-h", "127.0.0.1", "-p", strconv.Itoa(n.port), "-U", "postgres",
		"-D", r.dir, "-R", "-X", "stream", "-c", "fast", "--no-sync")
	if _, err := os.Stat(filepath.Join(r.dir, "standby.signal")); err != nil {
		t.Fatalf("pg_basebackup -R wrote no standby.signal: %v", err)
	}
	r.start(t)
	return r
}

func appendConf(t *testing.T, path, lines string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(lines); err != nil {
		t.Fatal(err)
	}
}

func (n *pgNode) start(t *testing.T) {
	t.Helper()
	pgRun(t, n.bin, "pg_ctl", "-D", n.dir, "-l", n.dir+".log", "-o", "-p "+strconv.Itoa(n.port), "-w", "start")
	t.Cleanup(func() {
		_ = pgCmd(n.bin, "pg_ctl", "-D", n.dir, "-m", "immediate", "stop").Run() // already stopped: no matter
	})
}

// stop stops the server at once, as a crash or a lost machine would.
func (n *pgNode) stop(t *testing.T) {
	t.Helper()
	pgRun(t, n.bin, "pg_ctl", "-D", n.dir, "-m", "immediate", "-w", "stop")
}

func (n *pgNode) url(database string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", n.port, database)
}

// replicatedServer is the server over a primary and its streaming replica.
type replicatedServer struct {
	*testworld.World
	primary, replica *pgNode
	replicaPool      *pgxpool.Pool // the replica's database, for pausing its replay
}

// startReplicated builds a primary with settings and a migrated database, its streaming replica,
// and the real server handler over both, on a loopback port.
func startReplicated(t *testing.T, settings string) *replicatedServer {
	t.Helper()
	ctx := context.Background()
	primary := startPrimary(t, settings)
	admin, err := store.Open(ctx, primary.url("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE rentproof"); err != nil {
		t.Fatal(err)
	}
	admin.Close()
	dbURL := primary.url("rentproof")
	pool, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if err := store.Migrate(ctx, pool, dbURL); err != nil {
		t.Fatal(err)
	}
	fixedPlans, err := store.OpenFixedPlans(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(fixedPlans.Close)
	customPlans, err := store.OpenCustomPlans(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(customPlans.Close)
	replica := primary.startReplica(t)
	replicaPools, err := store.OpenReplica(replica.url("rentproof"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(replicaPools.Close)

	h := server.NewHandler(pool, server.Options{
		SPA: screensSPA, FixedPlans: fixedPlans, CustomPlans: customPlans,
		Replica: replicaPools.Pool, ReplicaFixedPlans: replicaPools.FixedPlans, ReplicaCustomPlans: replicaPools.CustomPlans,
	})
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	serveCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- server.Serve(serveCtx, ln, h, server.Timeouts{}) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	w := &testworld.World{Server: &testserver.Server{URL: "http://" + ln.Addr().String(), Pool: pool, Client: http.DefaultClient}}
	return &replicatedServer{World: w, primary: primary, replica: replica, replicaPool: replicaPools.Pool}
}

// caughtUp waits until the replica has replayed everything the primary has written.
func (s *replicatedServer) caughtUp(t *testing.T) {
	t.Helper()
	var lsn string
	// The insert position, not the write one: with synchronous_commit off a commit can still be in
	// the WAL buffers, behind the write position, until the WAL writer's next round.
	if err := s.Pool.QueryRow(context.Background(), "SELECT pg_current_wal_insert_lsn()::text").Scan(&lsn); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; {
		var done bool
		err := s.replicaPool.QueryRow(context.Background(), "SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn", lsn).Scan(&done)
		if err == nil && done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replica did not catch up with %s in 10 s (last error: %v)", lsn, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (s *replicatedServer) replay(t *testing.T, fn string) {
	t.Helper()
	if _, err := s.replicaPool.Exec(context.Background(), "SELECT "+fn+"()"); err != nil {
		t.Fatalf("%s: %v", fn, err)
	}
}

// property is the property as PropertyService answers a GetProperty with header's name and
// value pairs, and the cookies the answer sets.
func (s *replicatedServer) property(t *testing.T, id int32, header ...string) (*propertyv1.Property, []*http.Cookie) {
	t.Helper()
	req := connect.NewRequest(&propertyv1.GetPropertyRequest{Id: id})
	for i := 0; i+1 < len(header); i += 2 {
		req.Header().Add(header[i], header[i+1])
	}
	res, err := propertyv1connect.NewPropertyServiceClient(http.DefaultClient, s.URL).GetProperty(context.Background(), req)
	if err != nil {
		t.Fatalf("get property %d: %v", id, err)
	}
	return res.Msg.Property, (&http.Response{Header: res.Header()}).Cookies()
}

// TestReadReplica builds a real streaming replica and shows both halves of the routing: with the
// replica's replay paused and a title changed on the primary, a visitor's property, search, REST
// and page reads show the old title (the replica answered), while a bearer-token client, a
// member right after their own write, and the reads that decide a permission see the primary;
// then, with the replica stopped, every read falls back to the primary without an error.
func TestReadReplica(t *testing.T) {
	t.Parallel()
	s := startReplicated(t, fastSettings)
	ctx := context.Background()
	s.Person(t, "lena", "landlord")
	member := s.Person(t, "mia", "tenant")
	id := s.Property(t, "lena", "Before The Pause")
	s.caughtUp(t)

	s.replay(t, "pg_wal_replay_pause")
	s.Exec(t, `UPDATE properties SET title = 'Written On The Primary' WHERE id = $1`, id)
	kenwood := s.Kenwood(t, "lena", "Listed During The Pause", "listed-during-the-pause") // on the primary only

	// A visitor's public reads: the replica's (old) state, in every protocol and on the page.
	if p, cookies := s.property(t, id); p.Title != "Before The Pause" || len(cookies) != 0 {
		t.Errorf("visitor's GetProperty: %q, cookies %v; want the replica's title and no cookie", p.Title, cookies)
	}
	search, err := propertyv1connect.NewPropertyServiceClient(http.DefaultClient, s.URL).SearchProperties(ctx,
		connect.NewRequest(&propertyv1.SearchPropertiesRequest{City: "Leeds"}))
	if err != nil || len(search.Msg.Properties) != 1 || search.Msg.Properties[0].Title != "Before The Pause" {
		t.Errorf("visitor's search: %v %v; want the replica's one property", search, err)
	}
	if status, _, body := testworld.Send(t, http.MethodGet, s.URL+"/api/properties/"+strconv.Itoa(int(id)), "", "", nil); status != http.StatusOK || !strings.Contains(body, "Before The Pause") {
		t.Errorf("visitor's REST read: %d %s", status, body)
	}
	if status, _, _ := testworld.Send(t, http.MethodGet, s.URL+"/api/properties/"+strconv.Itoa(int(kenwood)), "", "", nil); status != http.StatusNotFound {
		t.Errorf("visitor's REST read of a listing the replica has not replayed: %d, want 404", status)
	}
	propertyPage := s.URL + "/properties/" + strconv.Itoa(int(id))
	if status, _, body := testworld.Send(t, http.MethodGet, propertyPage, "", "", nil); status != http.StatusOK || !strings.Contains(body, "Before The Pause") {
		t.Errorf("visitor's property page: %d %s", status, body)
	}
	// A member who has not written lately reads the replica too.
	session := identity.SessionCookie + "=" + member
	if p, _ := s.property(t, id, "Cookie", session); p.Title != "Before The Pause" {
		t.Errorf("member without a recent write: %q, want the replica's title", p.Title)
	}

	// A bearer-token client (no cookie to carry a window) reads the primary.
	if p, _ := s.property(t, id, "Authorization", "Bearer "+member); p.Title != "Written On The Primary" {
		t.Errorf("bearer client: %q, want the primary's title", p.Title)
	}

	// The member writes (saves the property) and reads right after: the primary, own write
	// included, for the window the write's answer opened.
	save := connect.NewRequest(&propertyv1.SavePropertyRequest{PropertyId: id})
	save.Header().Set("Cookie", session)
	saved, err := propertyv1connect.NewPropertyServiceClient(http.DefaultClient, s.URL).SaveProperty(ctx, save)
	if err != nil {
		t.Fatalf("save: %v", err)
	}
	window := (&http.Response{Header: saved.Header()}).Cookies()
	if len(window) != 1 || window[0].Name != server.RecentWriteCookie || window[0].MaxAge != int(server.RecentWriteWindow/time.Second) || !window[0].HttpOnly {
		t.Fatalf("the write's answer set %v, want the %s cookie for %s", window, server.RecentWriteCookie, server.RecentWriteWindow)
	}
	afterWrite := []string{"Cookie", session, "Cookie", window[0].Name + "=" + window[0].Value}
	if p, _ := s.property(t, id, afterWrite...); p.Title != "Written On The Primary" || !p.Saved {
		t.Errorf("member right after saving: %q saved=%v, want the primary's title and their own save", p.Title, p.Saved)
	}
	if _, _, body := testworld.Send(t, http.MethodGet, propertyPage, "", "", nil, afterWrite...); !strings.Contains(body, "Written On The Primary") {
		t.Errorf("member's property page right after saving: %s", body)
	}
	if p, _ := s.property(t, id, "Cookie", session); p.Saved {
		t.Errorf("the replica already shows the save: replay was not paused")
	}

	// A read that decides a permission (the owner of a listing only the primary has) is the
	// primary's, even for a browser with no recent write.
	update := connect.NewRequest(&propertyv1.UpdatePropertyRequest{Id: kenwood, Listing: &propertyv1.CreatePropertyRequest{
		Title: "Edited By Its Owner", Description: "A flat edited while the replica is behind.", Address: "1407 Kenwood Avenue",
		City: "Springfield", ZipCode: "62704", PropertyType: "apartment", MonthlyRent: 900, SquareFeet: 500, Images: []string{"/images/demo/a.svg"},
	}})
	update.Header().Set("Cookie", identity.SessionCookie+"="+s.Person(t, "lena", "landlord"))
	if _, err := propertyv1connect.NewPropertyServiceClient(http.DefaultClient, s.URL).UpdateProperty(ctx, update); err != nil {
		t.Errorf("the owner's edit of a listing only the primary has: %v", err)
	}

	// Replay resumes: the visitor sees the primary's title once the replica catches up.
	s.replay(t, "pg_wal_replay_resume")
	s.caughtUp(t)
	if p, _ := s.property(t, id); p.Title != "Written On The Primary" {
		t.Errorf("visitor after replay: %q", p.Title)
	}

	// The replica goes down: every read falls back to the primary, none fails.
	s.Exec(t, `UPDATE properties SET title = 'Written While The Replica Is Down' WHERE id = $1`, id)
	s.replica.stop(t)
	for i := range 20 {
		if p, _ := s.property(t, id); p.Title != "Written While The Replica Is Down" {
			t.Fatalf("visitor's read %d with the replica down: %q", i, p.Title)
		}
		for _, u := range []string{s.URL + "/api/properties?city=Leeds", propertyPage, s.URL + "/find-properties?city=Leeds"} {
			if status, _, body := testworld.Send(t, http.MethodGet, u, "", "", nil); status != http.StatusOK || !strings.Contains(body, "Written While The Replica Is Down") {
				t.Fatalf("visitor's GET %s (%d) with the replica down: %d %s", u, i, status, body)
			}
		}
		time.Sleep(100 * time.Millisecond) // past replicaRetry: the replica is tried again, and fails again
	}
}

// TestSoakReplicaLag measures the replica lag a visitor sees, on a primary with durable settings
// and on one with the test clusters' fast ones: for 15 s each, while four writers update
// listings on the primary as fast as they can, a title is changed on the primary and a visitor's
// GetProperty (served from the replica) is asked until it shows it.
func TestSoakReplicaLag(t *testing.T) {
	t.Parallel()
	soak.Only(t)
	for _, c := range []struct{ name, settings string }{
		{"durable (fsync, synchronous_commit, full_page_writes on)", durableSettings},
		{"fast (fsync, synchronous_commit, full_page_writes off)", fastSettings},
	} {
		t.Run(strings.Fields(c.name)[0], func(t *testing.T) { replicaLag(t, c.name, c.settings) })
	}
}

func replicaLag(t *testing.T, name, settings string) {
	t.Helper()
	s := startReplicated(t, settings)
	s.Person(t, "lena", "landlord")
	id := s.Property(t, "lena", "Lag Marker 0")
	var busy []int32
	for i := range 4 {
		busy = append(busy, s.Property(t, "lena", fmt.Sprintf("Busy Flat %d", i)))
	}
	s.caughtUp(t)

	ctx, stop := context.WithCancel(context.Background())
	var writes atomic.Int64
	var wg sync.WaitGroup
	for _, other := range busy {
		wg.Go(func() {
			for ctx.Err() == nil {
				if _, err := s.Pool.Exec(ctx, `UPDATE properties SET monthly_rent = monthly_rent % 5000 + 1 WHERE id = $1`, other); err == nil {
					writes.Add(1)
				}
			}
		})
	}
	var lags []time.Duration
	start := time.Now()
	for i := 1; time.Since(start) < 15*time.Second; i++ {
		title := fmt.Sprintf("Lag Marker %d", i)
		s.Exec(t, `UPDATE properties SET title = $1 WHERE id = $2`, title, id)
		written := time.Now()
		for {
			if p, _ := s.property(t, id); p.Title == title {
				break
			}
			if time.Since(written) > 10*time.Second {
				t.Fatalf("the replica did not show %q in 10 s", title)
			}
			time.Sleep(time.Millisecond)
		}
		lags = append(lags, time.Since(written))
	}
	stop()
	wg.Wait()
	slices.Sort(lags)
	at := func(q float64) time.Duration { return lags[int(q*float64(len(lags)-1))] }
	soak.Figure("replica lag seen by a visitor, "+name+" (p50 / p99 / max)", "%s / %s / %s over %d changes, beside %.0f other writes/s",
		at(0.5).Round(10*time.Microsecond), at(0.99).Round(10*time.Microsecond), lags[len(lags)-1].Round(10*time.Microsecond),
		len(lags), float64(writes.Load())/time.Since(start).Seconds())
}
