package main

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"connectrpc.com/connect"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/seed"
	"github.com/rentproof/rentproof/internal/soak"
)

// A rolling deploy runs the previous release beside the new one on the new schema: the previous
// release's binary (the tree just before the newest migration, built here), started on a
// database this tree migrated and seeded, serves the main read and write paths: search, a
// property (the rpc and its REST path, which the page's first load reads), sign up, sign in, and a review post, which this tree's schema
// then holds. A migration that renames or drops what the previous release reads or writes fails
// it (expand-then-contract: docs/reliability.md).
func TestSoakPreviousReleaseOnMigratedSchema(t *testing.T) {
	soak.Only(t)
	t.Parallel()
	ctx := context.Background()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) string {
		t.Helper()
		out, err := exec.Command("git", append([]string{"-C", root}, args...)...).Output()
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return strings.TrimSpace(string(out))
	}
	var migrations []string
	for f := range strings.FieldsSeq(git("ls-tree", "--name-only", "HEAD", "sql/migrations/")) {
		if strings.HasSuffix(f, ".sql") {
			migrations = append(migrations, f)
		}
	}
	slices.Sort(migrations)
	newest := migrations[len(migrations)-1]
	added := strings.Fields(git("log", "--diff-filter=A", "--format=%H", "HEAD", "--", newest))
	previous := git("rev-parse", added[len(added)-1]+"^")
	soak.Figure("rolling deploy: previous release", "%s (before %s)", previous[:12], filepath.Base(newest))

	tree := t.TempDir()
	if out, err := exec.Command("bash", "-c", `git -C "$1" archive "$2" | tar -x -C "$3"`, "-", root, previous, tree).CombinedOutput(); err != nil {
		t.Fatalf("archive %s: %v\n%s", previous, err, out)
	}
	built := time.Now()
	bin := filepath.Join(tree, "rentproof-previous")
	build := exec.Command("go", "build", "-o", bin, "./cmd/server")
	build.Dir = tree
	build.Env = append(os.Environ(), "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build the previous release: %v\n%s", err, out)
	}
	soak.Figure("rolling deploy: previous release built in", "%.0f s", time.Since(built).Seconds())

	// This tree's schema and demo data, as the new release leaves them when it starts first.
	pool, dbURL := dbtest.New(t)
	if err := seed.Demo(ctx, pool); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	server := exec.Command(bin)
	server.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "ADDR="+addr, "SEED_DEMO=true", "LIMIT_REGISTRATIONS_PER_NETWORK=100",
		"BLOB_URL=file://"+filepath.ToSlash(t.TempDir())+"?metadata=skip", "STRIPE_SECRET_KEY=")
	logFile, err := os.Create(filepath.Join(t.TempDir(), "server.log"))
	if err != nil {
		t.Fatal(err)
	}
	server.Stdout, server.Stderr = logFile, logFile
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- server.Wait() }()
	defer func() {
		_ = server.Process.Signal(syscall.SIGTERM)
		if err := <-exited; err != nil {
			t.Errorf("the previous release did not stop cleanly on SIGTERM: %v", err)
		}
		if t.Failed() {
			log, _ := os.ReadFile(logFile.Name())
			t.Logf("the previous release's log:\n%s", log)
		}
	}()
	base := "http://" + addr
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		res, err := http.Get(base + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
		}
		select {
		case err := <-exited:
			log, _ := os.ReadFile(logFile.Name())
			t.Fatalf("the previous release stopped on this tree's schema: %v\n%s", err, log)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("the previous release did not become ready")
		}
	}

	checks := 0
	check := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Errorf("previous release, %s: %v", what, err)
			return
		}
		checks++
	}
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	properties := propertyv1connect.NewPropertyServiceClient(browser, base)
	found, err := properties.SearchProperties(ctx, connect.NewRequest(&propertyv1.SearchPropertiesRequest{}))
	check("search", err)
	if err != nil || len(found.Msg.GetProperties()) == 0 {
		t.Fatalf("search found nothing: %v", err)
	}
	id := found.Msg.GetProperties()[0].GetId()
	got, err := properties.GetProperty(ctx, connect.NewRequest(&propertyv1.GetPropertyRequest{Id: id}))
	check("property", err)
	if err == nil && got.Msg.GetProperty().GetId() != id {
		t.Errorf("property %d answered as %d", id, got.Msg.GetProperty().GetId())
	}
	// The REST path of SPEC §7, as the page's first load and legacy clients read it.
	page, err := http.Get(base + "/api/properties/" + strconv.Itoa(int(id)))
	if err == nil {
		var body struct {
			Title string `json:"title"`
		}
		err = json.NewDecoder(page.Body).Decode(&body)
		page.Body.Close()
		if err == nil && (page.StatusCode != http.StatusOK || body.Title != got.Msg.GetProperty().GetTitle()) {
			err = &pageError{page.StatusCode}
		}
	}
	check("property over REST", err)

	accounts := accountv1connect.NewAccountServiceClient(browser, base)
	_, err = accounts.Register(ctx, connect.NewRequest(&accountv1.RegisterRequest{Username: "rolling_tenant", Email: "rolling@example.com",
		Password: "rolling-pass-1", FirstName: "Roll", LastName: "Ing", Role: "tenant"}))
	check("sign up", err)
	jar2, _ := cookiejar.New(nil)
	signedIn := &http.Client{Jar: jar2}
	_, err = accountv1connect.NewAccountServiceClient(signedIn, base).Login(ctx, connect.NewRequest(&accountv1.LoginRequest{Username: "rolling_tenant", Password: "rolling-pass-1"}))
	check("sign in", err)
	posted, err := reviewv1connect.NewReviewServiceClient(signedIn, base).CreateReview(ctx, connect.NewRequest(&reviewv1.CreateReviewRequest{
		PropertyId: id, Rating: 4, Title: "Posted by the old release", Content: "Written through the previous binary on the new schema.",
		ReviewType: "tenant_to_property", Language: "en"}))
	check("review post", err)
	if err == nil {
		var title string
		if err := pool.QueryRow(ctx, `SELECT r.title FROM reviews r JOIN users u ON u.id = r.user_id
			WHERE r.id = $1 AND u.username = 'rolling_tenant'`, posted.Msg.GetReview().GetId()).Scan(&title); err != nil || title != "Posted by the old release" {
			t.Errorf("the previous release's review in this tree's schema: %q %v", title, err)
		}
	}
	soak.Figure("rolling deploy: paths the previous release served on the new schema", "%d of 6", checks)
}

type pageError struct{ status int }

func (e *pageError) Error() string {
	return "the page answered " + strconv.Itoa(e.status) + " without the property's title"
}

// expandFrom is the first migration written for rolling deploys (issue 28): the ones before it
// ran while the product had no previous release to keep working.
const expandFrom = "20261128000000"

// contracting finds the statements that break the previous release while it still runs: what
// it reads or writes dropped, renamed or retyped, a column made required that its INSERTs leave
// out, a required column added without a default.
var contracting = regexp.MustCompile(`(?i)\b(DROP\s+(TABLE|COLUMN|VIEW|FUNCTION|TYPE)|RENAME\b|ALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE|SET\s+NOT\s+NULL|ADD\s+COLUMN\b[^;,]*\bNOT\s+NULL\b)`)

// contracts tells whether a statement's code contracts the schema. A required column added with
// a default, or computed (GENERATED ALWAYS … STORED), needs nothing from the previous release's
// INSERTs.
func contracts(code string) bool {
	upper := strings.ToUpper(code)
	return contracting.MatchString(code) && !strings.Contains(upper, "DEFAULT") && !strings.Contains(upper, "GENERATED ALWAYS")
}

// Migrations from expandFrom on are written expand-then-contract (docs/reliability.md): their up
// section only adds, unless the statement's line or the comment line above it says
// "-- contract:", naming the release that stopped using what it removes. A required column added
// with a default, or computed, passes. (The soak test above runs the previous release's binary
// itself.)
func TestMigrationsExpandThenContract(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("../../sql/migrations/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("migrations: %v", err)
	}
	for _, f := range files {
		if filepath.Base(f) < expandFrom {
			continue
		}
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		up := string(raw)
		if i := strings.Index(up, "-- migrate:down"); i >= 0 {
			up = up[:i]
		}
		lines := strings.Split(up, "\n")
		for i, line := range lines {
			code, _, _ := strings.Cut(line, "--")
			if !contracts(code) {
				continue
			}
			if strings.Contains(line, "-- contract:") || i > 0 && strings.Contains(lines[i-1], "-- contract:") {
				continue
			}
			t.Errorf("%s:%d contracts the schema while the previous release may still use it: %q (expand now, contract in a later release with a \"-- contract:\" comment)",
				filepath.Base(f), i+1, strings.TrimSpace(line))
		}
	}
}

// The check finds what it is for, and lets an expansion through.
func TestContractingStatementsFound(t *testing.T) {
	t.Parallel()
	for stmt, want := range map[string]bool{
		"ALTER TABLE reviews DROP COLUMN title;":                                                         true,
		"ALTER TABLE reviews RENAME COLUMN title TO headline;":                                           true,
		"ALTER TABLE reviews ALTER COLUMN rating TYPE numeric;":                                          true,
		"ALTER TABLE reviews ALTER COLUMN title SET NOT NULL;":                                           true,
		"ALTER TABLE reviews ADD COLUMN mood text NOT NULL;":                                             true,
		"DROP TABLE old_things;":                                                                         true,
		"ALTER TABLE reviews ADD COLUMN mood text;":                                                      false,
		"CREATE INDEX reviews_mood ON reviews (mood);":                                                   false,
		"ALTER TABLE reviews ADD COLUMN renamed_at timestamptz;":                                         false,
		"ALTER TABLE reviews ADD COLUMN mood text NOT NULL DEFAULT 'calm';":                              false,
		"ALTER TABLE reviews ADD COLUMN rated boolean NOT NULL GENERATED ALWAYS AS (rating > 0) STORED;": false,
	} {
		if got := contracts(stmt); got != want {
			t.Errorf("%q: contracting %v, want %v", stmt, got, want)
		}
	}
}
