package account_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/testserver"
)

// api calls the REST shim as a browser with its own cookies would.
type api struct {
	t      *testing.T
	base   string
	client *http.Client
}

func newAPI(t *testing.T, srv *testserver.Server) *api {
	t.Helper()
	return &api{t: t, base: srv.URL, client: testserver.Browser()}
}

// newAPIFrom is newAPI for a browser on another machine: its connections come from ip, another
// loopback address (127.0.0.2, …), so the server sees another client address.
func newAPIFrom(t *testing.T, srv *testserver.Server, ip string) *api {
	t.Helper()
	a := newAPI(t, srv)
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	a.client.Transport = &http.Transport{DialContext: dialer.DialContext}
	return a
}

// in is the same browser (cookies and all) driven by subtest t, which its failures then fail.
func (a *api) in(t *testing.T) *api {
	t.Helper()
	b := *a
	b.t = t
	return &b
}

// reply is a decoded answer.
type reply struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

func (a *api) do(method, path string, body any) reply {
	a.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			a.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, a.base+path, rd)
	if err != nil {
		a.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := a.client.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := reply{status: res.StatusCode, header: res.Header, raw: string(raw)}
	if !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		a.t.Fatalf("%s %s answered %s, not JSON: %s", method, path, res.Header.Get("Content-Type"), raw)
	}
	_ = json.Unmarshal(raw, &r.body)
	return r
}

func (a *api) post(path string, body any) reply { return a.do(http.MethodPost, path, body) }
func (a *api) get(path string) reply            { return a.do(http.MethodGet, path, nil) }

// fieldErrors maps each invalid field to its message.
func (r reply) fieldErrors() map[string]string {
	out := map[string]string{}
	list, _ := r.body["errors"].([]any)
	for _, e := range list {
		m := e.(map[string]any)
		field, _ := m["field"].(string)
		if _, seen := out[field]; !seen {
			out[field], _ = m["message"].(string)
		}
	}
	return out
}

func (r reply) message() string {
	m, _ := r.body["message"].(string)
	return m
}

func registration(username string) map[string]any {
	return map[string]any{
		"username": username, "email": username + "@example.com", "password": "s3cret-pass",
		"firstName": "Ada", "lastName": "Lovelace", "role": "tenant",
	}
}

func mustURL(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
