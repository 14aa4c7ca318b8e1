package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/gen/rentproof/resource/v1/resourcev1connect"
	"github.com/rentproof/rentproof/internal/testserver"
)

// hstsPaths are answers of every kind: the SPA and its files, probes, REST and an rpc.
var hstsPaths = []string{"/", "/properties/3", "/assets/app-abc123.js", "/healthz", "/api/resources", "/api/no-such-thing",
	"/" + resourcev1connect.ResourceServiceName + "/ListResources"}

// getAll requests every path with header set and returns what Strict-Transport-Security each got.
func getAll(t *testing.T, client *http.Client, base string, header http.Header) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, path := range hstsPaths {
		method, body := http.MethodGet, ""
		if strings.HasPrefix(path, "/rentproof.") {
			method, body = http.MethodPost, "{}"
		}
		req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
		req.Header = header.Clone()
		req.Header.Set("Content-Type", "application/json")
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		out[path] = res.Header.Get("Strict-Transport-Security")
	}
	return out
}

// The attack found no HSTS even behind a TLS proxy. Every answer to a secure request carries it
// (the session cookie's rule: direct TLS, or a trusted proxy's X-Forwarded-Proto: https), and no
// answer over plain HTTP does.
func TestHSTSOnSecureRequestsOnly(t *testing.T) {
	t.Parallel()
	fromTLSProxy := http.Header{"X-Forwarded-Proto": {"https"}, "X-Forwarded-For": {"198.51.100.7"}}
	check := func(name string, got map[string]string, want string) {
		t.Helper()
		t.Run(name, func(t *testing.T) {
			for path, hsts := range got {
				if hsts != want {
					t.Errorf("%s: Strict-Transport-Security %q, want %q", path, hsts, want)
				}
			}
		})
	}

	proxied := testserver.Start(t, testserver.Options{TrustedProxies: 1})
	check("behind a TLS proxy", getAll(t, http.DefaultClient, proxied.URL, fromTLSProxy), "max-age=31536000")
	check("behind a plain proxy", getAll(t, http.DefaultClient, proxied.URL, http.Header{"X-Forwarded-Proto": {"http"}}), "")
	check("behind a proxy, no header", getAll(t, http.DefaultClient, proxied.URL, http.Header{}), "")

	direct := testserver.Start(t, testserver.Options{})
	check("plain HTTP, header not trusted", getAll(t, http.DefaultClient, direct.URL, fromTLSProxy), "")

	overTLS := testserver.Start(t, testserver.Options{TLS: true})
	check("direct TLS", getAll(t, overTLS.Client, overTLS.URL, http.Header{}), "max-age=31536000")
}

// HSTS and the session cookie's Secure flag follow one rule.
func TestSecureCookieAndHSTSAgree(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{TrustedProxies: 1})
	for _, proto := range []string{"https", "http"} {
		t.Run(proto, func(t *testing.T) {
			body := strings.NewReader(`{"username":"hsts-` + proto + `","email":"hsts-` + proto + `@example.com","password":"s3cret-pass","firstName":"Ada","lastName":"Lovelace","role":"tenant"}`)
			req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/register", body)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Forwarded-Proto", proto)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			var secure, found bool
			for _, c := range res.Cookies() {
				if c.Name == "rentproof_session" {
					found, secure = true, c.Secure
				}
			}
			hsts := res.Header.Get("Strict-Transport-Security") != ""
			if !found || secure != (proto == "https") || hsts != secure {
				t.Errorf("status %d, cookie found %v secure %v, HSTS %v", res.StatusCode, found, secure, hsts)
			}
		})
	}
}

// The answers net/http writes on a handler's behalf (ServeMux's 404 and 405, the body limit's
// 413, Connect's protocol refusals such as 415) pass the middleware that sets HSTS, so they carry
// it over TLS too. Only the answers net/http writes before any handler runs (a malformed request
// line or header 400, headers too large 431, an HTTP version it does not speak 505) cannot: the
// server writes those from its connection loop, with no hook; they are logged here, not checked.
func TestHSTSOnAnswersNetHTTPWrites(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{TLS: true, MaxBodyBytes: 1 << 10})
	rpc := "/" + resourcev1connect.ResourceServiceName + "/ListResources"
	for _, c := range []struct {
		method, path, contentType, body string
		status                          int
	}{
		{http.MethodDelete, "/healthz", "", "", http.StatusMethodNotAllowed},
		{http.MethodGet, "/api/no-such-thing", "", "", http.StatusNotFound},
		{http.MethodPost, rpc, "text/plain", "{}", http.StatusUnsupportedMediaType},
		{http.MethodPost, "/api/login", "application/json", `{"username":"` + strings.Repeat("a", 4<<10) + `"}`, http.StatusRequestEntityTooLarge},
		{http.MethodPost, rpc, "application/json", `{"query":"` + strings.Repeat("a", 4<<10) + `"}`, http.StatusRequestEntityTooLarge},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(c.body))
		if c.contentType != "" {
			req.Header.Set("Content-Type", c.contentType)
		}
		res, err := srv.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != c.status || res.Header.Get("Strict-Transport-Security") == "" {
			t.Errorf("%s %s: %d (want %d), HSTS %q", c.method, c.path, res.StatusCode, c.status, res.Header.Get("Strict-Transport-Security"))
		}
	}
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/healthz", http.NoBody)
	req.Header.Set("X-Huge", strings.Repeat("h", 2<<20))
	if res, err := srv.Client.Do(req); err == nil {
		res.Body.Close()
		t.Logf("headers too large: %d, HSTS %q (net/http answers before any handler)", res.StatusCode, res.Header.Get("Strict-Transport-Security"))
	}
}
