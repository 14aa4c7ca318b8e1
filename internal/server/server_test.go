package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	reflectionpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/grpc/status"

	resourcev1 "github.com/rentproof/rentproof/gen/rentproof/resource/v1"
	"github.com/rentproof/rentproof/gen/rentproof/resource/v1/resourcev1connect"
	"github.com/rentproof/rentproof/internal/blobstore"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/review"
	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/upload"
)

// start serves the real handler with the demo data.
func start(t *testing.T) string {
	t.Helper()
	return testserver.Start(t, testserver.Options{Demo: true}).URL
}

func TestResourcesOverConnectGRPCWebAndGRPC(t *testing.T) {
	t.Parallel()
	base := start(t)
	ctx := context.Background()

	for name, opts := range map[string][]connect.ClientOption{
		"connect":  nil,
		"grpc-web": {connect.WithGRPCWeb()},
	} {
		t.Run(name, func(t *testing.T) {
			client := resourcev1connect.NewResourceServiceClient(http.DefaultClient, base, opts...)
			res, err := client.ListResources(ctx, connect.NewRequest(&resourcev1.ListResourcesRequest{Category: "landlord"}))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Msg.Resources) < 3 {
				t.Fatalf("want at least 3 landlord resources, got %d", len(res.Msg.Resources))
			}
			for _, r := range res.Msg.Resources {
				if r.Category != "landlord" {
					t.Errorf("resource %d has category %q", r.Id, r.Category)
				}
			}
			one, err := client.GetResource(ctx, connect.NewRequest(&resourcev1.GetResourceRequest{Id: res.Msg.Resources[0].Id}))
			if err != nil {
				t.Fatal(err)
			}
			if one.Msg.Resource.Title != res.Msg.Resources[0].Title || one.Msg.Resource.Content == "" {
				t.Errorf("GetResource returned %q with %d bytes of content", one.Msg.Resource.Title, len(one.Msg.Resource.Content))
			}
			_, err = client.GetResource(ctx, connect.NewRequest(&resourcev1.GetResourceRequest{Id: 999999}))
			if connect.CodeOf(err) != connect.CodeNotFound {
				t.Errorf("missing resource: want not_found, got %v", err)
			}
		})
	}

	t.Run("grpc", func(t *testing.T) {
		conn, err := grpc.NewClient(strings.TrimPrefix(base, "http://"), grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var res resourcev1.ListResourcesResponse
		err = conn.Invoke(ctx, "/"+resourcev1connect.ResourceServiceName+"/ListResources",
			&resourcev1.ListResourcesRequest{Query: "DEPOSIT"}, &res)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Resources) == 0 {
			t.Fatal("search for DEPOSIT found nothing")
		}
		for _, r := range res.Resources {
			text := strings.ToLower(r.Title + " " + r.Description)
			if !strings.Contains(text, "deposit") {
				t.Errorf("resource %q does not mention deposit", r.Title)
			}
		}
		var one resourcev1.GetResourceResponse
		err = conn.Invoke(ctx, "/"+resourcev1connect.ResourceServiceName+"/GetResource", &resourcev1.GetResourceRequest{Id: 424242}, &one)
		if status.Code(err) != codes.NotFound {
			t.Errorf("missing resource over gRPC: want NotFound, got %v", err)
		}

		health, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
		if err != nil || health.Status != healthpb.HealthCheckResponse_SERVING {
			t.Errorf("health: %v %v", health, err)
		}

		stream, err := reflectionpb.NewServerReflectionClient(conn).ServerReflectionInfo(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := stream.Send(&reflectionpb.ServerReflectionRequest{
			MessageRequest: &reflectionpb.ServerReflectionRequest_ListServices{ListServices: ""},
		}); err != nil {
			t.Fatal(err)
		}
		got, err := stream.Recv()
		if err != nil {
			t.Fatal(err)
		}
		listed := map[string]bool{}
		for _, s := range got.GetListServicesResponse().GetService() {
			listed[s.Name] = true
		}
		for _, want := range server.Services {
			if !listed[want] {
				t.Errorf("reflection does not list %s (got %v)", want, listed)
			}
		}
	})
}

func TestResourceFilters(t *testing.T) {
	t.Parallel()
	base := start(t)
	client := resourcev1connect.NewResourceServiceClient(http.DefaultClient, base)
	list := func(category, query string) ([]*resourcev1.Resource, error) {
		res, err := client.ListResources(context.Background(),
			connect.NewRequest(&resourcev1.ListResourcesRequest{Category: category, Query: query}))
		if err != nil {
			return nil, err
		}
		return res.Msg.Resources, nil
	}

	all, err := list("", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 12 {
		t.Fatalf("want at least 12 seeded resources, got %d", len(all))
	}
	allTab, err := list("all", "")
	if err != nil || len(allTab) != len(all) {
		t.Errorf(`category "all" should list everything: %d vs %d (%v)`, len(allTab), len(all), err)
	}
	perCategory := map[string]int{}
	for i, r := range all {
		perCategory[r.Category]++
		if i > 0 && !all[i-1].Featured && r.Featured {
			t.Errorf("featured resource %q listed after a non-featured one", r.Title)
		}
	}
	for _, c := range []string{"tenant", "landlord", "market_trends", "legal"} {
		t.Run("category "+c, func(t *testing.T) {
			if perCategory[c] < 3 {
				t.Errorf("%d resources, want at least 3", perCategory[c])
			}
			got, err := list(c, "")
			if err != nil || len(got) != perCategory[c] {
				t.Errorf("filter: got %d, want %d (%v)", len(got), perCategory[c], err)
			}
		})
	}

	// The search matches title and description, ignoring case, and combines with the category.
	word := strings.Fields(strings.ToLower(all[0].Title))[0]
	matches, err := list("", strings.ToUpper(word))
	if err != nil || len(matches) == 0 {
		t.Fatalf("search %q: %d results, %v", word, len(matches), err)
	}
	combined, err := list(all[0].Category, word)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range combined {
		if r.Category != all[0].Category || !strings.Contains(strings.ToLower(r.Title+" "+r.Description), word) {
			t.Errorf("combined filter returned %q (%s)", r.Title, r.Category)
		}
	}
	if none, err := list("", "zzqx-no-such-words"); err != nil || len(none) != 0 {
		t.Errorf("nonsense search: %d results, %v", len(none), err)
	}
	// LIKE metacharacters are matched literally, not as wildcards.
	if pct, err := list("", "%"); err != nil || len(pct) == len(all) {
		t.Errorf(`search "%%" must not match everything: %d results, %v`, len(pct), err)
	}

	_, err = list("pirates", "")
	if ce, ok := errors.AsType[*connect.Error](err); !ok || ce.Code() != connect.CodeInvalidArgument || ce.Message() != "Unknown resource category" {
		t.Errorf("unknown category: got %v", err)
	}
	_, err = list("", strings.Repeat("a", 201))
	if connect.CodeOf(err) != connect.CodeInvalidArgument {
		t.Errorf("overlong search: got %v", err)
	}
}

func TestREST(t *testing.T) {
	t.Parallel()
	base := start(t)
	get := func(t *testing.T, path string) (int, http.Header, []byte) {
		t.Helper()
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header, body
	}

	code, hdr, body := get(t, "/api/resources")
	if code != http.StatusOK || !strings.HasPrefix(hdr.Get("Content-Type"), "application/json") {
		t.Fatalf("GET /api/resources: %d %s", code, hdr.Get("Content-Type"))
	}
	var resources []map[string]any
	if err := json.Unmarshal(body, &resources); err != nil {
		t.Fatalf("GET /api/resources is not a JSON array: %v", err)
	}
	if len(resources) < 12 {
		t.Fatalf("want at least 12 resources, got %d", len(resources))
	}
	first := resources[0]
	for _, field := range []string{"id", "title", "description", "content", "category", "authorName", "coverImage", "readTime", "publishedAt", "featured"} {
		if _, ok := first[field]; !ok {
			t.Errorf("resource JSON lacks %q", field)
		}
	}
	if _, isNumber := first["id"].(float64); !isNumber {
		t.Errorf("id should be a JSON number, got %T", first["id"])
	}

	code, _, body = get(t, "/api/resources?category=legal&query=lease")
	var legal []map[string]any
	if err := json.Unmarshal(body, &legal); code != http.StatusOK || err != nil {
		t.Fatalf("filtered list: %d %v", code, err)
	}
	for _, r := range legal {
		if r["category"] != "legal" {
			t.Errorf("category filter leaked %v", r["category"])
		}
	}

	code, _, body = get(t, "/api/resources/"+jsonNumber(first["id"]))
	if code != http.StatusOK || !strings.Contains(string(body), `"title"`) {
		t.Errorf("GET /api/resources/{id}: %d %s", code, body)
	}

	for path, want := range map[string]int{
		"/api/resources/999999":        http.StatusNotFound,
		"/api/resources/abc":           http.StatusBadRequest,
		"/api/resources?category=nope": http.StatusBadRequest,
		"/api/no-such-thing":           http.StatusNotFound,
		"/api/user":                    http.StatusUnauthorized,
	} {
		t.Run("GET "+path, func(t *testing.T) {
			code, hdr, body := get(t, path)
			if code != want || !strings.HasPrefix(hdr.Get("Content-Type"), "application/json") {
				t.Errorf("%d %s, want %d JSON", code, hdr.Get("Content-Type"), want)
			}
			var e struct{ Message string }
			if err := json.Unmarshal(body, &e); err != nil || e.Message == "" {
				t.Errorf("error body %s has no message", body)
			}
		})
	}

	code, hdr, body = get(t, "/api/properties/3")
	var p map[string]any
	if err := json.Unmarshal(body, &p); code != http.StatusOK || err != nil || p["id"] != 3.0 {
		t.Errorf("GET /api/properties/3: %d %s", code, body)
	}
	if hdr.Get("Content-Length") != strconv.Itoa(len(body)) { // sent whole, not chunked
		t.Errorf("GET /api/properties/3: Content-Length %q for %d bytes", hdr.Get("Content-Length"), len(body))
	}
	code, _, body = get(t, "/api/properties/3/reviews")
	var reviews []map[string]any
	if err := json.Unmarshal(body, &reviews); code != http.StatusOK || err != nil {
		t.Errorf("GET /api/properties/3/reviews: %d %s", code, body)
	}
	rated := 0
	for _, r := range reviews {
		if slices.Contains(review.RatedTypes, r["reviewType"].(string)) {
			rated++
		}
	}
	if n := p["ratingSummary"].(map[string]any)["count"]; n != float64(rated) || rated == 0 {
		t.Errorf("property 3 counts %v reviews in its stars, its list has %d that rate it", n, rated)
	}
	code, _, _ = get(t, "/api/statistics")
	if code != http.StatusOK {
		t.Errorf("GET /api/statistics: %d", code)
	}
}

func jsonNumber(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestSPAAndProbes(t *testing.T) {
	t.Parallel()
	base := start(t)
	for _, c := range []struct {
		path, wantType string
		wantCode       int
		wantBody       string
	}{
		{"/", "text/html", 200, "<title>RentProof</title>"},
		{"/properties/3", "text/html", 200, "<title>RentProof</title>"}, // history fallback on reload
		{"/location/SW1A%201AA", "text/html", 200, "<title>RentProof</title>"},
		{"/assets/app-abc123.js", "text/javascript", 200, "console.log"},
		{"/images/logo.svg", "image/svg+xml", 200, "<svg"},
		{"/images/missing.png", "text/plain", 404, ""}, // a broken image is a 404, not the app
		{"/healthz", "text/plain", 200, "ok"},
		{"/readyz", "text/plain", 200, "ready"},
	} {
		t.Run("GET "+c.path, func(t *testing.T) {
			res, err := http.Get(base + c.path)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != c.wantCode || !strings.HasPrefix(res.Header.Get("Content-Type"), c.wantType) ||
				!strings.Contains(string(body), c.wantBody) {
				t.Errorf("%d %q %.60q", res.StatusCode, res.Header.Get("Content-Type"), body)
			}
			if res.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Error("no nosniff header")
			}
		})
	}
	res, err := http.Get(base + "/assets/app-abc123.js")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("hashed assets should be cached for good, got %q", res.Header.Get("Cache-Control"))
	}
}

func TestRequestLimitsAndCrossOrigin(t *testing.T) {
	t.Parallel()
	base := start(t)
	procedure := base + "/" + resourcev1connect.ResourceServiceName + "/ListResources"

	big := `{"query":"` + strings.Repeat("a", 70<<10) + `"}`
	res, err := http.Post(procedure, "application/json", strings.NewReader(big))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized body: %d, want 413", res.StatusCode)
	}

	// A browser's cross-site POST is refused; the same request from the site itself passes.
	for site, want := range map[string]int{"cross-site": http.StatusForbidden, "same-origin": http.StatusOK} {
		t.Run(site, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, procedure, strings.NewReader("{}"))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Sec-Fetch-Site", site)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != want {
				t.Errorf("POST: %d, want %d", res.StatusCode, want)
			}
		})
	}
}

// A form on another site cannot sign a visitor out (or post anything else) through the REST
// shim, though the browser sends the session cookie with it.
func TestCrossSiteLogoutRefused(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{})
	browser := testserver.Browser()
	w.Register(t, browser, "lovelace", "tenant", "")

	req, _ := http.NewRequest(http.MethodPost, w.URL+"/api/logout", strings.NewReader("x=1"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "https://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	res, err := browser.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("cross-site logout: %d", res.StatusCode)
	}
	me, err := browser.Get(w.URL + "/api/user")
	if err != nil {
		t.Fatal(err)
	}
	me.Body.Close()
	if me.StatusCode != http.StatusOK {
		t.Errorf("the cross-site post signed the user out: %d", me.StatusCode)
	}
}

func TestGracefulShutdown(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	files, err := blobstore.Open(context.Background(), "file://"+t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer files.Close()
	uploads := upload.New(files, pool, upload.Options{})
	var lc net.ListenConfig
	ln, err := lc.Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- server.Serve(ctx, ln, server.NewHandler(pool, server.Options{SPA: testserver.SPA, Uploads: uploads}), server.Timeouts{})
	}()
	if res, err := http.Get("http://" + ln.Addr().String() + "/healthz"); err != nil {
		t.Fatal(err)
	} else {
		res.Body.Close()
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("shutdown: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("server did not stop")
	}
}
