// Package twoservers_test runs two server stacks on one database and one S3-compatible store
// behind a round-robin front, as production runs more than one machine, and checks that they
// act as one: sessions, rate limits, cached figures, uploads and the migration at start.
package twoservers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	gamificationv1 "github.com/rentproof/rentproof/gen/rentproof/gamification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/gamification/v1/gamificationv1connect"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/blobstore/s3test"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/review"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/sql/migrations"
)

// pair is two servers on one database and one blob store, and the front that alternates
// between them.
type pair struct {
	a, b   *testworld.World
	front  string          // the front's URL
	served [2]atomic.Int64 // requests the front sent to a and to b
	failed atomic.Int64    // answers ≥ 500 that came back through the front
}

// startPair makes a fresh empty database at dbURL's cluster (reached through poolURL, which is
// dbURL or a pooler in front of it), migrates it from two processes at once as two servers
// starting together do, and starts both servers on it and on one S3 bucket. Not parallel:
// s3test sets the AWS credentials in the environment.
func startPair(t *testing.T, dbURL string, poolURL func(string) string) *pair {
	t.Helper()
	migrateTogether(t, poolURL(dbURL))
	blobURL := s3test.Start(t, "rentproof-files")
	p := &pair{}
	var backends [2]*url.URL
	for i, w := range []**testworld.World{&p.a, &p.b} {
		*w = testworld.Start(t, testserver.Options{DatabaseURL: poolURL(dbURL), BlobURL: blobURL, TrustedProxies: 1})
		backends[i], _ = url.Parse((*w).URL)
	}
	var next atomic.Int64
	front := httptest.NewServer(&httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			i := next.Add(1) % 2
			p.served[i].Add(1)
			r.SetURL(backends[i])
			r.SetXForwarded()
		},
		ModifyResponse: func(res *http.Response) error {
			if res.StatusCode >= 500 {
				p.failed.Add(1)
			}
			return nil
		},
	})
	t.Cleanup(front.Close)
	p.front = front.URL
	return p
}

// migrateTogether runs the server's start-up migration from two pools at once on the empty
// database at dbURL: one applies every migration, the other finds none pending.
func migrateTogether(t *testing.T, dbURL string) {
	t.Helper()
	ctx := context.Background()
	files, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("migrations: %v %v", files, err)
	}
	var applied [2]int
	var errs [2]error
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range 2 {
		pool, err := store.Open(ctx, dbURL)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(pool.Close)
		wg.Go(func() {
			<-start
			applied[i], errs[i] = store.MigrateCounting(ctx, pool, dbURL)
		})
	}
	close(start)
	wg.Wait()
	if errs[0] != nil || errs[1] != nil || applied[0]+applied[1] != len(files) || min(applied[0], applied[1]) != 0 {
		t.Fatalf("two migrations at once: applied %v (errors %v), want %d by one and 0 by the other", applied, errs, len(files))
	}
	pool, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var rows, versions int
	if err := pool.QueryRow(ctx, `SELECT count(*), count(DISTINCT version) FROM schema_migrations`).Scan(&rows, &versions); err != nil {
		t.Fatal(err)
	}
	if rows != len(files) || versions != len(files) {
		t.Fatalf("schema_migrations: %d rows, %d versions; want %d", rows, versions, len(files))
	}
}

// TestTwoServers is the fast form: each guarantee checked once, with real parallel requests
// through the front where a limit is counted.
func TestTwoServers(t *testing.T) { //nolint:paralleltest // s3test sets the AWS credentials in the environment
	p := startPair(t, dbtest.NewEmpty(t), func(u string) string { return u })
	p.checkAll(t)
}

func (p *pair) checkAll(t *testing.T) {
	t.Helper()
	t.Run("a session made on one works on the other", p.checkSession)
	t.Run("sign-in failures count across both", p.checkLoginLimit)
	t.Run("the daily review limit counts across both", p.checkReviewLimit)
	t.Run("an upload written through one is served by the other", func(t *testing.T) {
		p.checkUpload(t, p.a.Person(t, "uploader", "tenant"))
	})
	t.Run("statistics agree", p.checkStatistics)
	t.Run("the leaderboard agrees", p.checkLeaderboard)
	if p.served[0].Load() == 0 || p.served[1].Load() == 0 {
		t.Errorf("the front sent %d requests to a and %d to b: both must serve", p.served[0].Load(), p.served[1].Load())
	}
}

// checkSession signs up on a, is known on b, signs out on b and is signed out on a.
func (p *pair) checkSession(t *testing.T) {
	browser := testserver.Browser()
	p.a.Register(t, browser, "roaming", "tenant", "")
	if status, body := get(t, browser, p.b.URL+"/api/user"); status != http.StatusOK || !strings.Contains(body, `"roaming"`) {
		t.Fatalf("the session on the other server: %d %s", status, body)
	}
	if status, _ := send(t, browser, http.MethodPost, p.b.URL+"/api/logout", "", nil); status != http.StatusOK {
		t.Fatalf("sign out on the other server: %d", status)
	}
	if status, _ := get(t, browser, p.a.URL+"/api/user"); status != http.StatusUnauthorized {
		t.Errorf("after signing out on b, a still knows the session: %d", status)
	}
}

// checkLoginLimit sends 60 wrong passwords for one account at once through the front: exactly
// the limit is evaluated, whichever server each lands on.
func (p *pair) checkLoginLimit(t *testing.T) {
	p.a.Register(t, testserver.Browser(), "babbage", "tenant", "")
	before := [2]int64{p.served[0].Load(), p.served[1].Load()}
	got := map[int]int{}
	var mu sync.Mutex
	parallel(60, func(int) {
		status, _ := send(t, testserver.Browser(), http.MethodPost, p.front+"/api/login", "application/json",
			strings.NewReader(`{"username":"babbage","password":"wrong-pass"}`))
		mu.Lock()
		got[status]++
		mu.Unlock()
	})
	if got[http.StatusUnauthorized] != account.MaxAccountNetworkFailures || got[http.StatusTooManyRequests] != 60-account.MaxAccountNetworkFailures {
		t.Errorf("60 parallel sign-ins over two servers: %v; want exactly %d evaluated", got, account.MaxAccountNetworkFailures)
	}
	if a, b := p.served[0].Load()-before[0], p.served[1].Load()-before[1]; a != 30 || b != 30 {
		t.Errorf("the front sent %d to a and %d to b, want 30 each", a, b)
	}
}

// checkReviewLimit posts 25 reviews by one account at once through the front: exactly the daily
// limit is stored.
func (p *pair) checkReviewLimit(t *testing.T) {
	p.a.Person(t, "owner", "landlord")
	ids := make([]int32, 25)
	for i := range ids {
		ids[i] = p.a.Property(t, "owner", fmt.Sprintf("Limit flat %d", i))
	}
	author := p.a.Person(t, "prolific", "tenant")
	client := reviewv1connect.NewReviewServiceClient(http.DefaultClient, p.front)
	var ok, limited atomic.Int32
	parallel(len(ids), func(i int) {
		_, err := client.CreateReview(context.Background(), testworld.As(author, &reviewv1.CreateReviewRequest{
			PropertyId: ids[i], Rating: 4, Title: "Quiet and bright", Content: "Two years here, the heating always worked.",
			ReviewType: "general", Language: "en",
		}))
		switch {
		case err == nil:
			ok.Add(1)
		case connect.CodeOf(err) == connect.CodeResourceExhausted:
			limited.Add(1)
		default:
			t.Errorf("review %d: %v", i, err)
		}
	})
	stored := p.a.ID(t, `SELECT count(*) FROM reviews r JOIN users u ON u.id = r.user_id WHERE u.username = 'prolific'`)
	if int(ok.Load()) != review.MaxReviewsPerDay || int(limited.Load()) != 25-review.MaxReviewsPerDay || int(stored) != review.MaxReviewsPerDay {
		t.Errorf("25 parallel posts over two servers: %d accepted, %d limited, %d stored; want exactly %d",
			ok.Load(), limited.Load(), stored, review.MaxReviewsPerDay)
	}
}

// checkUpload uploads a photo through a as the bearer of token and fetches it from b (and
// through the front), byte for byte; it returns false on any disagreement.
func (p *pair) checkUpload(t *testing.T, token string) bool {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	part, _ := mw.CreateFormFile("photos", "flat.png")
	part.Write(testworld.SmallPNG(t)) //nolint:errcheck // a bytes.Buffer
	mw.Close()
	status, _, answer := testworld.Send(t, http.MethodPost, p.a.URL+"/api/upload/review-photos", token, mw.FormDataContentType(), &body)
	var uploaded struct{ Files []string }
	if err := json.Unmarshal([]byte(answer), &uploaded); status != http.StatusOK || err != nil || len(uploaded.Files) != 1 {
		t.Errorf("upload through a: %d %s", status, answer)
		return false
	}
	path := uploaded.Files[0]
	statusA, _, onA := testworld.Send(t, http.MethodGet, p.a.URL+path, token, "", http.NoBody)
	statusB, _, onB := testworld.Send(t, http.MethodGet, p.b.URL+path, token, "", http.NoBody)
	statusF, _, onFront := testworld.Send(t, http.MethodGet, p.front+path, token, "", http.NoBody)
	if statusA != http.StatusOK || statusB != http.StatusOK || statusF != http.StatusOK || onA != onB || onB != onFront || onA == "" {
		t.Errorf("%s: a %d (%d bytes), b %d (%d bytes), front %d (%d bytes)", path, statusA, len(onA), statusB, len(onB), statusF, len(onFront))
		return false
	}
	return true
}

// checkStatistics makes the stored figures stale and asks both servers at once, many times:
// every answer is the same, and counts the listing added just before.
func (p *pair) checkStatistics(t *testing.T) {
	p.agreeOnStatistics(t)
}

// agreeOnStatistics is checkStatistics, reporting whether the servers agreed.
func (p *pair) agreeOnStatistics(t *testing.T) bool {
	t.Helper()
	p.a.Person(t, "lister", "landlord")
	p.a.Property(t, "lister", fmt.Sprintf("Counted flat %d", p.served[0].Load()))
	p.a.Exec(t, `UPDATE statistics_cache SET computed_at = now() - interval '2 minutes'`)
	answers := map[string]int{}
	var mu sync.Mutex
	parallel(10, func(i int) {
		_, body := get(t, http.DefaultClient, []string{p.a.URL, p.b.URL}[i%2]+"/api/statistics")
		mu.Lock()
		answers[body]++
		mu.Unlock()
	})
	properties := p.a.ID(t, `SELECT count(*) FROM properties`)
	var figures struct{ TotalProperties int32 }
	for body := range answers {
		if err := json.Unmarshal([]byte(body), &figures); err != nil || figures.TotalProperties != properties {
			t.Errorf("statistics %s (%v), want %d properties", body, err, properties)
			return false
		}
	}
	if len(answers) != 1 {
		t.Errorf("two servers answered %d different statistics: %v", len(answers), answers)
		return false
	}
	return true
}

// checkLeaderboard makes the stored top stale and asks both servers at once: they agree.
func (p *pair) checkLeaderboard(t *testing.T) {
	p.agreeOnLeaderboard(t, p.a.Person(t, "watcher", "tenant"))
}

// agreeOnLeaderboard is checkLeaderboard as the bearer of token, reporting whether they agreed.
func (p *pair) agreeOnLeaderboard(t *testing.T, token string) bool {
	t.Helper()
	p.a.Exec(t, `UPDATE leaderboard_top SET computed_at = now() - interval '1 minute'`)
	var answers [6]*gamificationv1.GetLeaderboardResponse
	parallel(len(answers), func(i int) {
		base := []string{p.a.URL, p.b.URL}[i%2]
		res, err := gamificationv1connect.NewGamificationServiceClient(http.DefaultClient, base).
			GetLeaderboard(context.Background(), testworld.As(token, &gamificationv1.GetLeaderboardRequest{}))
		if err != nil {
			t.Errorf("leaderboard from %s: %v", base, err)
			return
		}
		answers[i] = res.Msg
	})
	for _, a := range answers[1:] {
		if !proto.Equal(a, answers[0]) {
			t.Errorf("the two servers' leaderboards differ: %v and %v", answers[0], a)
			return false
		}
	}
	return answers[0] != nil
}

// parallel runs call(0…n-1) at once and waits for all.
func parallel(n int, call func(i int)) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			call(i)
		})
	}
	close(start)
	wg.Wait()
}

func get(t *testing.T, client *http.Client, url string) (int, string) {
	t.Helper()
	return send(t, client, http.MethodGet, url, "", nil)
}

// send makes one request with client (its cookies) and returns the status and body.
func send(t *testing.T, client *http.Client, method, url, contentType string, body io.Reader) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Errorf("%s %s: %v", method, url, err)
		return 0, ""
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(raw)
}
