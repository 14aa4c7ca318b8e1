package faults_test

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	grpcstatus "google.golang.org/grpc/status"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/verification/v1/verificationv1connect"
	"github.com/rentproof/rentproof/internal/faultproxy"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// deadline is every client's: a call that outlives it (with a margin for the machine's two busy
// cores) hung.
const (
	deadline = 2 * time.Second
	hang     = deadline + time.Second
)

// world is a test server whose database connections pass through a fault proxy (nil when the
// test stops PostgreSQL itself), with a mixed load's clients and its log.
type world struct {
	*testworld.World
	proxy      *faultproxy.Proxy
	log        *levels
	properties propertyv1connect.PropertyServiceClient
	reviews    reviewv1connect.ReviewServiceClient
	verify     verificationv1connect.VerificationServiceClient
	listings   []int32
}

// newWorld starts a server through a fault proxy.
func newWorld(t *testing.T) *world {
	t.Helper()
	var proxy *faultproxy.Proxy
	w := start(t, testserver.Options{DatabaseVia: func(dbURL string) string {
		u, err := url.Parse(dbURL)
		if err != nil {
			t.Fatal(err)
		}
		proxy = faultproxy.Start(t, u.Host)
		u.Host = proxy.Addr()
		return u.String()
	}})
	w.proxy = proxy
	return w
}

func start(t *testing.T, opts testserver.Options) *world {
	t.Helper()
	log := &levels{}
	opts.Log = log
	w := &world{World: &testworld.World{Server: testserver.Start(t, opts)}, log: log}
	w.sendThrough(http.DefaultClient)
	return w
}

// sendThrough makes the world's clients send through client.
func (w *world) sendThrough(client *http.Client) {
	w.properties = propertyv1connect.NewPropertyServiceClient(client, w.URL)
	w.reviews = reviewv1connect.NewReviewServiceClient(client, w.URL)
	w.verify = verificationv1connect.NewVerificationServiceClient(client, w.URL)
}

// levels keeps the server's log records: how many at each level, and the ERROR ones.
type levels struct {
	mu     sync.Mutex
	counts map[slog.Level]int
	errors []string
}

func (l *levels) Enabled(context.Context, slog.Level) bool { return true }
func (l *levels) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *levels) WithGroup(string) slog.Handler            { return l }
func (l *levels) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.counts == nil {
		l.counts = map[slog.Level]int{}
	}
	l.counts[r.Level]++
	if r.Level >= slog.LevelError {
		var b strings.Builder
		b.WriteString(r.Message)
		r.Attrs(func(a slog.Attr) bool { fmt.Fprintf(&b, " %s=%v", a.Key, a.Value); return true })
		l.errors = append(l.errors, b.String())
	}
	return nil
}

func (l *levels) count(level slog.Level) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.counts[level]
}

func (l *levels) errorRecords() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.errors)
}

// A write is one write rpc a client keeps retrying until it has a definite answer, as a client
// that timed out or was told "unavailable" does.
type write struct {
	kind string
	name string
	// send makes one attempt: nil when the write is acknowledged; errAlready when the server says
	// it was made before (by an attempt whose answer the client never saw); another error when
	// the client does not know (retry).
	send func(ctx context.Context) error
	// stored is the query that counts the write's rows in the database, with its arguments.
	stored   []any
	attempts int
	failed   int  // attempts the client saw fail
	acked    bool // an attempt answered success
	already  bool // a retry found it made: an attempt that failed to answer had been applied
}

var errAlready = errors.New("already made")

// load is the mixed load: reads in a loop, and writes taken from a queue and retried until
// definite. Its figures are per kind.
type load struct {
	w *world
	t *testing.T
	// writeDeadline is each write attempt's (default: deadline).
	writeDeadline time.Duration

	mu       sync.Mutex
	queue    []*write
	writes   []*write
	requests map[string]int
	over500  map[string]int
	codes    map[string]int
	slowest  time.Duration
	outcomes []outcome // every answer, for the windows of a fault
}

type outcome struct {
	at, took time.Duration
	ok       bool
}

var began = time.Now()

func (l *load) record(kind string, status int, code string, took time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.requests[kind]++
	if status >= 500 {
		l.over500[kind]++
	}
	l.codes[kind+" "+code]++
	l.slowest = max(l.slowest, took)
	l.outcomes = append(l.outcomes, outcome{at: time.Since(began), took: took, ok: code == "ok"})
	if took > hang {
		l.t.Errorf("%s took %v, past its deadline of %v: a hang", kind, took, deadline)
	}
}

// arrange makes the people, listings, published reviews and verification requests the load
// writes about: nWrites of each kind of write.
func arrange(t *testing.T, w *world, nWrites int) *load {
	t.Helper()
	l := &load{w: w, t: t, requests: map[string]int{}, over500: map[string]int{}, codes: map[string]int{}}
	ctx := context.Background()
	w.Established(t, "olga", "landlord")
	for i := range 4 {
		w.listings = append(w.listings, w.Property(t, "olga", fmt.Sprintf("Faulty flat %d", i)))
	}
	// Reviews: each writer posts one review of each listing.
	writers := (nWrites + len(w.listings) - 1) / len(w.listings)
	for i := range writers {
		token := w.Member(t, fmt.Sprintf("writer%d", i), "tenant")
		for _, p := range w.listings {
			l.add(&write{kind: "review", name: fmt.Sprintf("writer%d on %d", i, p), stored: []any{`SELECT count(*) FROM reviews r JOIN users u ON u.id = r.user_id
				WHERE u.username = $1 AND r.property_id = $2 AND r.review_type = 'tenant_to_property'`, fmt.Sprintf("writer%d", i), p}, send: func(ctx context.Context) error {
				_, err := w.reviews.CreateReview(ctx, testworld.As(token, &reviewv1.CreateReviewRequest{
					PropertyId: p, Rating: 4, Title: "Quiet and bright", ReviewType: "tenant_to_property", Language: "en",
					Content: "Two years here, the heating always worked.",
				}))
				if connect.CodeOf(err) == connect.CodeAlreadyExists {
					return errAlready
				}
				return err
			}})
		}
	}
	// Votes: voters mark the published reviews of established members.
	var published []int32
	for i := range 3 {
		w.Established(t, fmt.Sprintf("author%d", i), "tenant")
		published = append(published, w.ID(t, `SELECT r.id FROM reviews r JOIN users u ON u.id = r.user_id WHERE u.username = $1`, fmt.Sprintf("author%d", i)))
	}
	for i := range (nWrites + len(published) - 1) / len(published) {
		token := w.Member(t, fmt.Sprintf("voter%d", i), "tenant")
		for _, r := range published {
			l.add(&write{kind: "vote", name: fmt.Sprintf("voter%d on review %d", i, r), stored: []any{`SELECT count(*) FROM review_helpful_votes v JOIN users u ON u.id = v.user_id
				WHERE u.username = $1 AND v.review_id = $2`, fmt.Sprintf("voter%d", i), r}, send: func(ctx context.Context) error {
				res, err := w.reviews.MarkHelpful(ctx, testworld.As(token, &reviewv1.MarkHelpfulRequest{ReviewId: r}))
				if err == nil && res.Msg.AlreadyMarked {
					return errAlready
				}
				return err
			}})
		}
	}
	// Approvals with their reward: owners ask each verifier about a listing of their own (at most 20
	// requests a day each); the verifiers approve.
	for i := range nWrites {
		owner := fmt.Sprintf("owner%d", i/20)
		ownerToken := "token-" + owner
		if i%20 == 0 {
			w.Established(t, owner, "landlord")
		}
		name := fmt.Sprintf("verifier%d", i)
		token := w.Established(t, name, "tenant")
		flat := w.Property(t, owner, fmt.Sprintf("Checked flat %d", i))
		res, err := w.verify.CreateVerificationRequest(ctx, testworld.As(ownerToken, &verificationv1.CreateVerificationRequestRequest{
			PropertyId: flat, VerifierUsernames: []string{name}, Message: "Please confirm",
		}))
		if err != nil {
			t.Fatalf("ask %s: %v", name, err)
		}
		id := res.Msg.Requests[0].Id
		l.add(&write{kind: "approval", name: fmt.Sprintf("%s approves request %d", name, id), stored: []any{
			`SELECT count(*) FROM verification_requests WHERE id = $1 AND status = 'approved'`, id}, send: func(ctx context.Context) error {
			_, err := w.verify.AnswerVerificationRequest(ctx, testworld.As(token, &verificationv1.AnswerVerificationRequestRequest{Id: id, Status: "approved"}))
			if connect.CodeOf(err) == connect.CodeFailedPrecondition {
				return errAlready
			}
			return err
		}})
	}
	return l
}

func (l *load) add(wr *write) {
	l.queue = append(l.queue, wr)
	l.writes = append(l.writes, wr)
}

// run drives the load until ctx ends: readers clients alternating a search and a property page
// over REST, and writers clients each making one write attempt every pace (a write that failed
// waits its turn again, as a client retrying later).
func (l *load) run(ctx context.Context, readers, writers int, pace time.Duration) *sync.WaitGroup {
	var wg sync.WaitGroup
	for c := range readers {
		wg.Go(func() {
			for i := c; ctx.Err() == nil; i++ {
				ok := l.page(l.w.listings[i%len(l.w.listings)])
				ok = l.search() && ok
				if !ok {
					time.Sleep(10 * time.Millisecond) // a client backs off a little
				}
			}
		})
	}
	for range writers {
		wg.Go(func() {
			for ctx.Err() == nil {
				l.writeOnce()
				select {
				case <-ctx.Done():
				case <-time.After(pace):
				}
			}
		})
	}
	return &wg
}

func (l *load) search() bool {
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	begin := time.Now()
	_, err := l.w.properties.SearchProperties(ctx, connect.NewRequest(&propertyv1.SearchPropertiesRequest{City: "Leeds"}))
	l.connectAnswer("search", err, time.Since(begin))
	return err == nil
}

// page reads a property page over REST; a 503 must say when to come back.
func (l *load) page(id int32) bool {
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, fmt.Sprintf("%s/api/properties/%d", l.w.URL, id), http.NoBody)
	begin := time.Now()
	res, err := http.DefaultClient.Do(req)
	took := time.Since(begin)
	if err != nil {
		l.record("property", 0, "client: "+err.Error(), took)
		if ctx.Err() == nil {
			l.t.Errorf("property page: %v", err)
		}
		return false
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	code := "ok"
	if res.StatusCode != http.StatusOK {
		code = fmt.Sprint(res.StatusCode)
	}
	l.record("property", res.StatusCode, code, took)
	switch res.StatusCode {
	case http.StatusOK, http.StatusGatewayTimeout:
	case http.StatusServiceUnavailable:
		if res.Header.Get("Retry-After") != "2" {
			l.t.Errorf("a 503 without Retry-After: %v", res.Header)
		}
	default:
		l.t.Errorf("property page answered %d", res.StatusCode)
	}
	return res.StatusCode == http.StatusOK
}

// connectAnswer records a Connect call's answer: success, unavailable (with Retry-After) or the
// client's own deadline are what a fault may bring; anything else fails the test.
func (l *load) connectAnswer(kind string, err error, took time.Duration) {
	code, status := "ok", http.StatusOK
	if err != nil {
		c := connect.CodeOf(err)
		code, status = c.String(), httpStatus(c)
		switch c {
		case connect.CodeUnavailable:
			// The server's answers carry headers; a connection lost on the client's side has none.
			if ce, ok := errors.AsType[*connect.Error](err); ok && len(ce.Meta()) > 0 && ce.Meta().Get("Retry-After") != "2" {
				l.t.Errorf("%s: unavailable without Retry-After: %v", kind, ce.Meta())
			}
		case connect.CodeDeadlineExceeded:
		default:
			l.t.Errorf("%s: %v", kind, err)
		}
	}
	l.record(kind, status, code, took)
}

func httpStatus(c connect.Code) int {
	switch c {
	case connect.CodeUnavailable:
		return http.StatusServiceUnavailable
	case connect.CodeDeadlineExceeded:
		return http.StatusGatewayTimeout
	case connect.CodeInternal, connect.CodeUnknown:
		return http.StatusInternalServerError
	}
	return http.StatusBadRequest
}

// writeOnce makes one attempt of the next write in the queue; false when the queue is empty.
func (l *load) writeOnce() bool {
	l.mu.Lock()
	if len(l.queue) == 0 {
		l.mu.Unlock()
		return false
	}
	wr := l.queue[0]
	l.queue = l.queue[1:]
	wr.attempts++
	l.mu.Unlock()

	ctx, cancel := context.WithTimeout(context.Background(), cmp.Or(l.writeDeadline, deadline))
	defer cancel()
	begin := time.Now()
	err := wr.send(ctx)
	took := time.Since(begin)
	l.mu.Lock()
	switch {
	case err == nil:
		wr.acked = true
	case errors.Is(err, errAlready):
		if wr.failed == 0 {
			l.t.Errorf("%s: made before its first attempt", wr.name)
		}
		wr.already, err = true, nil
	default:
		wr.failed++
		l.queue = append(l.queue, wr) // retried after the others
	}
	l.mu.Unlock()
	l.connectAnswer(wr.kind, err, took)
	return true
}

// acknowledgedFound checks, while the load goes on, that every write a client has seen
// acknowledged so far is in the database exactly once; it returns how many were, and found.
func (l *load) acknowledgedFound(t *testing.T) (acked, found int) {
	t.Helper()
	l.mu.Lock()
	var done []*write
	for _, wr := range l.writes {
		if wr.acked {
			done = append(done, wr)
		}
	}
	l.mu.Unlock()
	for _, wr := range done {
		n := l.w.ID(t, wr.stored[0].(string), wr.stored[1:]...)
		if n != 1 {
			t.Errorf("%s: acknowledged, found %d times", wr.name, n)
		}
		found += int(n)
	}
	return len(done), found
}

// settle makes every write still waiting for a definite answer, now that the database is back.
func (l *load) settle(t *testing.T) {
	t.Helper()
	stop := time.Now().Add(30 * time.Second)
	for l.writeOnce() {
		if time.Now().After(stop) {
			t.Fatalf("writes still failing 30 s after the faults: %d left", len(l.queue))
		}
	}
}

// since is every answer after at (on the load's clock), in order.
func (l *load) since(at time.Duration) []outcome {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []outcome
	for _, o := range l.outcomes {
		if o.at-o.took >= at { // sent after at
			out = append(out, o)
		}
	}
	slices.SortFunc(out, func(a, b outcome) int { return int(a.at - b.at) })
	return out
}

// recovery waits until a search and a property page succeed after the database came back at
// back (on the load's clock) and returns how long after that the first one answered.
func (w *world) recovery(t *testing.T, back time.Duration) time.Duration {
	t.Helper()
	for {
		ctx, cancel := context.WithTimeout(context.Background(), deadline)
		_, err := w.properties.SearchProperties(ctx, connect.NewRequest(&propertyv1.SearchPropertiesRequest{City: "Leeds"}))
		cancel()
		if err == nil {
			return time.Since(began) - back
		}
		if time.Since(began)-back > 10*time.Second {
			t.Fatalf("still failing 10 s after the database came back: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// notServing checks that /readyz and gRPC health both say the server cannot serve, fast.
func (w *world) notServing(t *testing.T) {
	t.Helper()
	begin := time.Now()
	status, _, body := testworld.Send(t, http.MethodGet, w.URL+"/readyz", "", "", nil)
	if status != http.StatusServiceUnavailable {
		t.Errorf("/readyz during the outage: %d %s", status, body)
	}
	conn, err := grpc.NewClient(strings.TrimPrefix(w.URL, "http://"), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	health, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	if err != nil || health.Status != healthpb.HealthCheckResponse_NOT_SERVING {
		t.Errorf("gRPC health during the outage: %v %v", health, err)
	}
	// An rpc over gRPC: UNAVAILABLE, with retry-after in its trailers.
	var trailer metadata.MD
	err = conn.Invoke(ctx, "/"+propertyv1connect.PropertyServiceName+"/SearchProperties",
		&propertyv1.SearchPropertiesRequest{City: "Leeds"}, &propertyv1.SearchPropertiesResponse{}, grpc.Trailer(&trailer))
	if grpcstatus.Code(err) != codes.Unavailable || !slices.Equal(trailer.Get("retry-after"), []string{"2"}) {
		t.Errorf("a search over gRPC during the outage: %v, trailers %v", err, trailer)
	}
	if took := time.Since(begin); took > hang {
		t.Errorf("probes took %v during the outage", took)
	}
}

// check finds every write in the database exactly once with all its effects, whatever the
// faults did to the attempts: a review with its XP row, a vote counted on its review with its
// activity row, an approval with its one reward in the ledger; balances are the sums of their
// ledgers and XP the sums of their rows. It returns the acknowledged writes and those found.
func (l *load) check(t *testing.T) (acked, found int) {
	t.Helper()
	w := l.w
	for _, wr := range l.writes {
		if !wr.acked && !wr.already {
			t.Errorf("%s: no definite answer after %d attempts", wr.name, wr.attempts)
		}
		if wr.acked {
			acked++
		}
	}
	found = int(w.ID(t, `SELECT count(*) FROM reviews r JOIN users u ON u.id = r.user_id
		WHERE u.username LIKE 'writer%' AND r.review_type = 'tenant_to_property'`))
	found += int(w.ID(t, `SELECT count(*) FROM review_helpful_votes v JOIN users u ON u.id = v.user_id WHERE u.username LIKE 'voter%'`))
	found += int(w.ID(t, `SELECT count(*) FROM verification_requests WHERE status = 'approved'`))
	if found != len(l.writes) {
		t.Errorf("%d writes made, %d found", len(l.writes), found)
	}
	for what, sql := range map[string]string{
		"reviews without exactly one XP row": `SELECT count(*) FROM reviews r JOIN users u ON u.id = r.user_id
			WHERE u.username LIKE 'writer%' AND (SELECT count(*) FROM user_activities a
				WHERE a.entity_type = 'review' AND a.entity_id = r.id AND a.activity_type = 'review_posted') <> 1`,
		"reviews whose helpful count is not their votes": `SELECT count(*) FROM reviews r
			WHERE r.helpful <> (SELECT count(*) FROM review_helpful_votes v WHERE v.review_id = r.id)`,
		"votes without exactly one activity row": `SELECT count(*) FROM review_helpful_votes v WHERE (SELECT count(*) FROM user_activities a
			WHERE a.user_id = v.user_id AND a.activity_type = 'helpful_vote' AND a.entity_id = v.review_id) <> 1`,
		"approvals without exactly one reward": `SELECT count(*) FROM verification_requests q WHERE q.status = 'approved' AND
			(SELECT count(*) FROM token_transactions x WHERE x.transaction_type = 'verification_reward'
				AND x.related_entity_type = 'verification_request' AND x.related_entity_id = q.id) <> 1`,
		"rewards of requests not approved": `SELECT count(*) FROM token_transactions x JOIN verification_requests q ON q.id = x.related_entity_id
			WHERE x.transaction_type = 'verification_reward' AND q.status <> 'approved'`,
		"users whose XP is not the sum of their rows": `SELECT count(*) FROM users u LEFT JOIN user_xp x ON x.user_id = u.id
			WHERE coalesce(x.xp, 0) <> coalesce((SELECT sum(points) FROM user_activities a WHERE a.user_id = u.id), 0)`,
	} {
		if n := w.ID(t, sql); n != 0 {
			t.Errorf("%d %s", n, what)
		}
	}
	if bad := w.LedgerMismatches(t); len(bad) > 0 {
		t.Errorf("balances that are not their ledger: %v", bad)
	}
	return acked, found
}

// figures prints the load's figures (soak.Figure in the long forms, t.Log in the short ones).
func (l *load) figures(emit func(name, format string, args ...any), prefix string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, kind := range slices.Sorted(maps.Keys(l.requests)) {
		emit(prefix+" requests "+kind, "%d (answers >= 500: %d)", l.requests[kind], l.over500[kind])
	}
	var retried, already int
	for _, wr := range l.writes {
		if wr.failed > 0 {
			retried++
		}
		if wr.already {
			already++
		}
	}
	emit(prefix+" writes retried after a failure", "%d of %d (%d found already made by an attempt whose answer was lost)", retried, len(l.writes), already)
	for _, kc := range slices.Sorted(maps.Keys(l.codes)) {
		emit(prefix+" answers "+kc, "%d", l.codes[kc])
	}
	emit(prefix+" slowest answer", "%v (deadline %v)", l.slowest.Round(time.Millisecond), deadline)
}
