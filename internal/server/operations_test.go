package server_test

import (
	"bufio"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	resourcev1 "github.com/rentproof/rentproof/gen/rentproof/resource/v1"
	"github.com/rentproof/rentproof/gen/rentproof/resource/v1/resourcev1connect"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/metrics"
	"github.com/rentproof/rentproof/internal/requestlog"
	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// scrape reads the metrics a fresh metrics handler over pool serves (as METRICS_ADDR does), by
// series ("name{label="value",…}", labels in name order, as Prometheus writes them).
func scrape(t *testing.T, pool *pgxpool.Pool) map[string]float64 {
	t.Helper()
	srv := httptest.NewServer(promhttp.HandlerFor(metrics.Gatherer(pool, map[string]*pgxpool.Pool{"main": pool}), promhttp.HandlerOpts{}))
	defer srv.Close()
	res, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := map[string]float64{}
	lines := bufio.NewScanner(res.Body)
	for lines.Scan() {
		line := lines.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("metrics line %q: %v", line, err)
		}
		out[line[:i]] = v
	}
	return out
}

// series names a metric with its labels given as name, value pairs in name order.
func series(name string, labels ...string) string {
	if len(labels) == 0 {
		return name
	}
	var b strings.Builder
	for i := 0; i+1 < len(labels); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(labels[i] + "=" + strconv.Quote(labels[i+1]))
	}
	return name + "{" + b.String() + "}"
}

func requestsOf(procedure, protocol, code string) string {
	return series("rentproof_requests_total", "code", code, "procedure", procedure, "protocol", protocol)
}

// Requests through the real stack, in every protocol, move the counters the metrics listener
// shows; the pools', the jobs' and the database's figures are there; the public port has no
// /metrics. Counters are the process's, shared with parallel tests: they must grow at least by
// what this test did.
func TestMetricsCountRequestsThroughTheStack(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{Limits: server.Limits{Accounts: account.Limits{RegistrationsPerNetwork: 1}}})
	before := scrape(t, w.Pool)

	w.Register(t, testserver.Browser(), "counted", "tenant", "") // REST
	accounts := accountv1connect.NewAccountServiceClient(http.DefaultClient, w.URL)
	_, err := accounts.Register(t.Context(), connect.NewRequest(&accountv1.RegisterRequest{
		Username: "refused", Email: "refused@example.com", Password: testworld.Password, FirstName: "R", LastName: "F", Role: "tenant",
	}))
	if connect.CodeOf(err) != connect.CodeResourceExhausted {
		t.Fatalf("a second registration from one network: %v", err)
	}
	properties := propertyv1connect.NewPropertyServiceClient(http.DefaultClient, w.URL)
	for range 2 {
		if _, err := properties.SearchProperties(t.Context(), connect.NewRequest(&propertyv1.SearchPropertiesRequest{})); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := properties.GetProperty(t.Context(), connect.NewRequest(&propertyv1.GetPropertyRequest{Id: 999999})); connect.CodeOf(err) != connect.CodeNotFound {
		t.Fatalf("a missing property: %v", err)
	}
	overGRPC := resourcev1connect.NewResourceServiceClient(h2cClient(), w.URL, connect.WithGRPC())
	if _, err := overGRPC.ListResources(t.Context(), connect.NewRequest(&resourcev1.ListResourcesRequest{})); err != nil {
		t.Fatal(err)
	}
	overGRPCWeb := resourcev1connect.NewResourceServiceClient(http.DefaultClient, w.URL, connect.WithGRPCWeb())
	if _, err := overGRPCWeb.ListResources(t.Context(), connect.NewRequest(&resourcev1.ListResourcesRequest{})); err != nil {
		t.Fatal(err)
	}
	if status, _, _ := testworld.Send(t, http.MethodGet, w.URL+"/", "", "", nil); status != http.StatusOK {
		t.Fatalf("home page: %d", status)
	}
	if status, _, body := testworld.Send(t, http.MethodGet, w.URL+"/metrics", "", "", nil); status != http.StatusNotFound || strings.Contains(body, "rentproof_requests_total") {
		t.Fatalf("the public port answered /metrics with %d", status)
	}

	after := scrape(t, w.Pool)
	for key, want := range map[string]float64{
		requestsOf(accountv1connect.AccountServiceRegisterProcedure, "rest", "ok"):                            1,
		requestsOf(accountv1connect.AccountServiceRegisterProcedure, "connect", "resource_exhausted"):         1,
		series("rentproof_rate_limited_total", "procedure", accountv1connect.AccountServiceRegisterProcedure): 1,
		requestsOf(propertyv1connect.PropertyServiceSearchPropertiesProcedure, "connect", "ok"):               2,
		requestsOf(propertyv1connect.PropertyServiceGetPropertyProcedure, "connect", "not_found"):             1,
		requestsOf(resourcev1connect.ResourceServiceListResourcesProcedure, "grpc", "ok"):                     1,
		requestsOf(resourcev1connect.ResourceServiceListResourcesProcedure, "grpc-web", "ok"):                 1,
		requestsOf("page", "web", "200"): 1,
		requestsOf("page", "web", "404"): 1,
		series("rentproof_request_duration_seconds_count", "procedure", propertyv1connect.PropertyServiceSearchPropertiesProcedure, "protocol", "connect"): 2,
	} {
		if got := after[key] - before[key]; got < want {
			t.Errorf("%s grew by %v, want at least %v", key, got, want)
		}
	}

	// The pool's use, read at the scrape.
	for _, key := range []string{
		series("rentproof_db_pool_acquires_total", "pool", "main"), series("rentproof_db_pool_connections", "pool", "main"),
		series("rentproof_db_pool_max_connections", "pool", "main"),
	} {
		if after[key] < 1 {
			t.Errorf("%s = %v", key, after[key])
		}
	}
	if _, ok := after[series("rentproof_db_pool_waits_total", "pool", "main")]; !ok {
		t.Error("no pool waits counter")
	}

	// The ledger's totals are the database's, exactly.
	var rows, tokens float64
	if err := w.Pool.QueryRow(t.Context(), `SELECT count(*), sum(amount) FROM token_transactions WHERE transaction_type = 'initial_allocation'`).Scan(&rows, &tokens); err != nil {
		t.Fatal(err)
	}
	if got := after[series("rentproof_ledger_entries", "type", "initial_allocation")]; got != rows || rows != 1 {
		t.Errorf("ledger entries: metrics %v, database %v", got, rows)
	}
	if got := after[series("rentproof_ledger_tokens", "type", "initial_allocation")]; got != tokens {
		t.Errorf("ledger tokens: metrics %v, database %v", got, tokens)
	}
	if got, ok := after["rentproof_paid_check_refunds"]; !ok || got != 0 {
		t.Errorf("paid check refunds: %v (present %v)", got, ok)
	}

	// The refunds loop the server runs counts its runs.
	deadline := time.Now().Add(10 * time.Second)
	for scrape(t, w.Pool)[series("rentproof_job_runs_total", "job", "refunds")] < 1 {
		if time.Now().After(deadline) {
			t.Fatal("the refunds job's runs were never counted")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// records keeps what the server logs, each record's message and attributes.
type records struct {
	mu   sync.Mutex
	list []map[string]string
}

func (l *records) Enabled(context.Context, slog.Level) bool { return true }
func (l *records) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *records) WithGroup(string) slog.Handler            { return l }

func (l *records) Handle(_ context.Context, r slog.Record) error {
	rec := map[string]string{"msg": r.Message}
	r.Attrs(func(a slog.Attr) bool {
		rec[a.Key] = a.Value.String()
		return true
	})
	l.mu.Lock()
	l.list = append(l.list, rec)
	l.mu.Unlock()
	return nil
}

// withID returns the records of request id.
func (l *records) withID(id string) []map[string]string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]string
	for _, r := range l.list {
		if r["request_id"] == id {
			out = append(out, r)
		}
	}
	return out
}

var generatedID = regexp.MustCompile(`^[0-9a-f]{32}$`)

// Every answer carries its request's id, which every log line of the request names: taken from a
// trusted proxy when it is a plain token, otherwise made here, so a client cannot choose the id
// its requests are logged under.
func TestRequestIDs(t *testing.T) {
	t.Parallel()
	logged := &records{}
	direct := testserver.Start(t, testserver.Options{Log: requestlog.Handler(logged)}) // as cmd/server's logHandler wraps its handler
	proxied := testserver.Start(t, testserver.Options{TrustedProxies: 1})
	idOf := func(base, path string, header ...string) string {
		t.Helper()
		_, h, _ := testworld.Send(t, http.MethodGet, base+path, "", "", nil, header...)
		return h.Get("X-Request-ID")
	}

	first, second := idOf(direct.URL, "/healthz"), idOf(direct.URL, "/healthz")
	if !generatedID.MatchString(first) || !generatedID.MatchString(second) || first == second {
		t.Errorf("generated ids %q and %q", first, second)
	}
	if id := idOf(direct.URL, "/healthz", "X-Request-ID", "chosen-by-client"); id == "chosen-by-client" || !generatedID.MatchString(id) {
		t.Errorf("an untrusted client's id was kept: %q", id)
	}
	if id := idOf(proxied.URL, "/healthz", "X-Request-ID", "proxy-7f3a:12"); id != "proxy-7f3a:12" {
		t.Errorf("the trusted proxy's id became %q", id)
	}
	for _, forged := range []string{"a b", `x" level=ERROR msg="forged`, strings.Repeat("a", 65), "é"} {
		if id := idOf(proxied.URL, "/healthz", "X-Request-ID", forged); id == forged || !generatedID.MatchString(id) {
			t.Errorf("a proxy's id %q that is not a plain token was kept as %q", forged, id)
		}
	}

	// A failing rpc logs twice (its failure and the request): both lines carry its id.
	res, err := http.Post(direct.URL+propertyv1connect.PropertyServiceGetPropertyProcedure, "application/json", strings.NewReader(`{"id":999999}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	id := res.Header.Get("X-Request-ID")
	var messages []string
	for _, r := range logged.withID(id) {
		messages = append(messages, r["msg"])
	}
	slices.Sort(messages)
	if !slices.Equal(messages, []string{"request", "rpc failed"}) {
		t.Errorf("the lines of request %s: %q", id, messages)
	}
}

// firstLoadSPA has the property page's screen, so its first load calls rpcs in process.
var firstLoadSPA = fstest.MapFS{
	"index.html": {Data: []byte(`<!doctype html><html lang="en"><head><title>RentProof</title></head><body><div id="root"></div></body></html>`)},
	".vite/screens.json": {Data: []byte(`[
		{"path": "/properties/:id", "files": [], "title": "Property Details", "description": "A property.", "dynamic": true},
		{"path": "*", "files": [], "title": "Page Not Found", "noindex": true}
	]`)},
}

// A property page runs its first load's rpcs in process, several at once: the page is counted
// once, as a page, and not as one of its rpcs (whose records, written together, were one shared
// record: a data race). Not parallel, so the counters move by this test's requests alone.
func TestPageFirstLoadCountsAsOnePage(t *testing.T) { //nolint:paralleltest // see above
	srv := testserver.Start(t, testserver.Options{Demo: true, SPA: firstLoadSPA})
	before := scrape(t, srv.Pool)
	status, _, body := testworld.Send(t, http.MethodGet, srv.URL+"/properties/1", "", "", nil)
	if status != http.StatusOK || !strings.Contains(body, `id="first-load"`) {
		t.Fatalf("property page: %d, first load %v", status, strings.Contains(body, "first-load"))
	}
	after := scrape(t, srv.Pool)
	var grew []string
	for key, v := range after {
		if strings.HasPrefix(key, "rentproof_requests_total{") && v != before[key] {
			grew = append(grew, key)
		}
	}
	if want := []string{requestsOf("page", "web", "200")}; !slices.Equal(grew, want) {
		t.Errorf("the page moved %q, want %q", grew, want)
	}
}
