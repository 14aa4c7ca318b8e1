package server_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/soak"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// hostile is one request of the sweep.
type hostile struct {
	name, method, path, contentType string
	body                            []byte
	header                          http.Header
	// protocol5xx is the one answer of 500 or more Connect itself gives such a request (501 for a
	// compression it does not speak, 504 for the deadline the client set), 0 for none.
	protocol5xx int
}

// maxBody is the sweep server's body limit.
const maxBody = 64 << 10

// wrongValues are JSON values of the wrong type, or at the edge of the right one, for a field.
func wrongValues(fd protoreflect.FieldDescriptor, wide bool) []string {
	var out []string
	switch {
	case fd.IsList():
		out = []string{`{}`, `"x"`, `[[[]]]`, `[null]`, "[" + strings.Repeat(`-1,`, 4000) + "0]"}
	case fd.IsMap():
		out = []string{`[]`, `{"k":[]}`}
	}
	switch fd.Kind() {
	case protoreflect.StringKind:
		out = append(out, `123`, `{}`, `null`, `"\u0000\ud800"`, `"`+strings.Repeat("é", 20000)+`"`)
	case protoreflect.BoolKind:
		out = append(out, `"yes"`, `2`)
	case protoreflect.MessageKind:
		out = append(out, `[]`, `"x"`, strings.Repeat(`{"a":`, 2000)+`1`+strings.Repeat(`}`, 2000))
	case protoreflect.EnumKind:
		out = append(out, `"NO_SUCH"`, `99999`)
	default: // numbers
		out = append(out, `-1`, `0`, `2147483647`, `-2147483648`, `"abc"`)
		if wide {
			out = append(out, `1e400`, `99999999999999999999`, `-99999999999999999999`, `1.5`, `"-1"`, `true`, `[]`, `{}`, `"NaN"`)
		}
	}
	return out
}

// connectSweep is the hostile requests to one rpc: bodies that are not JSON or not protobuf, wrong
// types and edge numbers in every field, deep nesting, an oversize body, wrong content types, and
// for a read-only rpc the GET form with bad base64, a bad encoding, bad compression.
func connectSweep(md protoreflect.MethodDescriptor, wide bool) []hostile {
	path := "/" + string(md.Parent().FullName()) + "/" + string(md.Name())
	post := func(name, contentType, body string) hostile {
		return hostile{name: name, method: http.MethodPost, path: path, contentType: contentType, body: []byte(body)}
	}
	out := []hostile{
		post("malformed JSON", "application/json", `{"a":`),
		post("JSON array", "application/json", `[1,2]`),
		post("JSON null", "application/json", `null`),
		post("empty JSON", "application/json", ``),
		post("invalid UTF-8", "application/json", "{\"x\":\"\xff\xfe\"}"),
		post("deep nesting", "application/json", strings.Repeat(`[`, 100000)),
		post("oversize", "application/json", `{"x":"`+strings.Repeat("a", maxBody)+`"}`),
		post("random protobuf", "application/proto", "\x0a\xff\xff\xff\xff\x0f\x12\x03abc"),
		post("truncated varint", "application/proto", "\x08\xff\xff"),
		post("wrong wire type", "application/proto", "\x0d\x01\x02\x03\x04\x0a\x02hi"),
		post("text/plain", "text/plain", `{}`),
		post("xml", "application/xml", `<a/>`),
		post("no content type", "", `{}`),
		post("form", "application/x-www-form-urlencoded", `a=1`),
	}
	gz := hostile{name: "unknown compression", method: http.MethodPost, path: path, contentType: "application/json", body: []byte(`{}`),
		header: http.Header{"Content-Encoding": {"br"}}, protocol5xx: http.StatusNotImplemented}
	badGzip := hostile{name: "broken gzip", method: http.MethodPost, path: path, contentType: "application/json", body: []byte("\x1f\x8b\x08garbage"),
		header: http.Header{"Content-Encoding": {"gzip"}}}
	var bomb bytes.Buffer
	zw := gzip.NewWriter(&bomb)
	_, _ = zw.Write(bytes.Repeat([]byte(" "), 16<<20))
	_ = zw.Close()
	zipBomb := hostile{name: "gzip bomb", method: http.MethodPost, path: path, contentType: "application/json", body: bomb.Bytes(),
		header: http.Header{"Content-Encoding": {"gzip"}}}
	deadline := hostile{name: "tiny deadline", method: http.MethodPost, path: path, contentType: "application/json", body: []byte(`{}`),
		header: http.Header{"Connect-Timeout-Ms": {"1"}}, protocol5xx: http.StatusGatewayTimeout}
	badDeadline := hostile{name: "bad deadline", method: http.MethodPost, path: path, contentType: "application/json", body: []byte(`{}`),
		header: http.Header{"Connect-Timeout-Ms": {"-5x"}}}
	out = append(out, gz, badGzip, zipBomb, deadline, badDeadline)
	fields := md.Input().Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		for j, v := range wrongValues(fd, wide) {
			out = append(out, post(fmt.Sprintf("%s #%d", fd.JSONName(), j), "application/json", `{"`+fd.JSONName()+`":`+v+`}`))
		}
	}
	if md.Options().ProtoReflect().Get(md.Options().ProtoReflect().Descriptor().Fields().ByName("idempotency_level")).Enum() == 1 { // NO_SIDE_EFFECTS
		get := func(name, query string) hostile {
			return hostile{name: "GET " + name, method: http.MethodGet, path: path + "?" + query}
		}
		out = append(out,
			get("bad base64", "encoding=proto&base64=1&message=%21%21%21"),
			get("base64 of garbage", "encoding=proto&base64=1&message="+base64.URLEncoding.EncodeToString([]byte("\x0a\xff\xff\xff\xff\x0f"))),
			get("bad JSON", "encoding=json&message=%7B"),
			get("unknown encoding", "encoding=xml&message=x"),
			get("no message", "encoding=json"),
			get("bad compression", "encoding=json&compression=gzip&message=%7B%7D"),
			get("unknown compression", "encoding=json&compression=zstd&message=%7B%7D"),
			get("wrong version", "connect=v9&encoding=json&message=%7B%7D"),
		)
		out[len(out)-2].protocol5xx = http.StatusNotImplemented
	}
	return out
}

var restRoute = regexp.MustCompile(`HandleFunc\("([A-Z]+) (/api/[^"]*)"`)

// restSweep is the hostile requests to every path of the REST shim (read from its source, so a
// new path is swept too): ids that are no ids, malformed and wrongly typed bodies, wrong content
// types, an oversize body.
func restSweep(t testing.TB, wide bool) []hostile {
	t.Helper()
	files, err := filepath.Glob("../rest/*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []hostile
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range restRoute.FindAllStringSubmatch(string(src), -1) {
			method, pattern := m[1], m[2]
			ids := []string{"3", "-1", "0", "99999999999", "abc", "%00", "1e3"}
			if !wide {
				ids = []string{"3", "-1", "99999999999", "abc"}
			}
			for _, id := range ids {
				p := regexp.MustCompile(`\{[a-zA-Z]+\}`).ReplaceAllString(pattern, id)
				bodies := map[string]string{"no body": ""}
				if method != http.MethodGet {
					bodies = map[string]string{"malformed": `{"a":`, "array": `[]`, "wrong types": `{"propertyId":"x","rating":"x","title":5,"images":{},"categories":7}`,
						"edge numbers": `{"propertyId":-1,"rating":2147483647,"page":-2147483648,"pageSize":99999999999}`, "deep": strings.Repeat(`{"a":`, 5000),
						"oversize": `{"x":"` + strings.Repeat("a", maxBody) + `"}`}
				}
				for name, body := range bodies {
					for _, ct := range []string{"application/json", "text/plain", "multipart/form-data; boundary=x"} {
						if !wide && ct != "application/json" && name != "malformed" {
							continue
						}
						out = append(out, hostile{name: "REST " + name + " " + ct, method: method, path: p, contentType: ct, body: []byte(body)})
					}
				}
				if method == http.MethodGet {
					for _, q := range []string{"page=-1&pageSize=99999999999", "page=abc", "city=%ff%fe&query=%00", "ids=1,x,-1,99999999999", "category=" + strings.Repeat("x", 5000)} {
						out = append(out, hostile{name: "REST query", method: method, path: p + "?" + q})
					}
				}
			}
		}
	}
	return out
}

// webSweep is hostile requests to the pages the server writes.
func webSweep() []hostile {
	var out []hostile
	for _, p := range []string{"/", "/properties/3", "/properties/-1", "/properties/99999999999", "/properties/abc", "/properties/3/%ff",
		"/resources/1", "/resources/%00", "/search?city=%ff&page=-1", "/sitemap.xml", "/sitemap-1.xml", "/sitemap-99999999999999999999.xml",
		"/robots.txt", "/uploads/properties/..%2f..%2fetc%2fpasswd", "/uploads/" + strings.Repeat("a", 3000), "/assets/%00.js",
		"/" + strings.Repeat("x/", 2000), "/?" + strings.Repeat("a=1&", 2000)} {
		out = append(out, hostile{name: "page", method: http.MethodGet, path: p})
		out = append(out, hostile{name: "page POST", method: http.MethodPost, path: p, contentType: "application/json", body: []byte(`{`)})
	}
	return out
}

// sweepResult counts a sweep.
type sweepResult struct {
	requests, failures5xx, panics atomic.Int64
	byStatus                      sync.Map // status → *atomic.Int64
}

// sweep sends every hostile request, anonymous and with each token, in parallel, and fails on an
// answer of 500 or more that is not Connect's own protocol answer, and on a panic in the log.
func sweep(t *testing.T, base string, log *errorLog, tokens []string, cases []hostile) *sweepResult {
	t.Helper()
	res := &sweepResult{}
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for _, token := range append([]string{""}, tokens...) {
		for _, c := range cases {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				req, err := http.NewRequestWithContext(ctx, c.method, base+c.path, bytes.NewReader(c.body))
				if err != nil {
					t.Errorf("%s %s: %v", c.method, c.path, err)
					return
				}
				maps.Copy(req.Header, c.header)
				if c.contentType != "" {
					req.Header.Set("Content-Type", c.contentType)
				}
				if token != "" {
					req.Header.Set("Authorization", "Bearer "+token)
				}
				answer, err := http.DefaultClient.Do(req)
				res.requests.Add(1)
				if err != nil {
					t.Errorf("%s %s (%s): %v", c.method, short(c.path), c.name, err)
					return
				}
				_, _ = io.Copy(io.Discard, answer.Body)
				answer.Body.Close()
				n, _ := res.byStatus.LoadOrStore(answer.StatusCode, new(atomic.Int64))
				n.(*atomic.Int64).Add(1)
				if answer.StatusCode >= 500 && answer.StatusCode != c.protocol5xx {
					res.failures5xx.Add(1)
					t.Errorf("%s %s (%s, signed in %v): %d", c.method, short(c.path), c.name, token != "", answer.StatusCode)
				}
			}()
		}
	}
	wg.Wait()
	for _, line := range log.errors() {
		if strings.HasPrefix(line, "panic") {
			res.panics.Add(1)
			t.Errorf("panic: %.300s", line)
		}
	}
	return res
}

func short(p string) string {
	if len(p) > 120 {
		return p[:120] + "…"
	}
	return p
}

// sweepCases is every hostile request of a sweep: every Connect procedure of the contract, every
// REST path and the pages.
func sweepCases(t testing.TB, wide bool) []hostile {
	t.Helper()
	var cases []hostile
	for _, name := range server.Services {
		d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(name))
		if err != nil {
			t.Fatal(err)
		}
		methods := d.(protoreflect.ServiceDescriptor).Methods()
		for i := range methods.Len() {
			cases = append(cases, connectSweep(methods.Get(i), wide)...)
		}
	}
	cases = append(cases, restSweep(t, wide)...)
	return append(cases, webSweep()...)
}

func startSweep(t *testing.T) (*testworld.World, *errorLog, []string) {
	t.Helper()
	log := &errorLog{}
	w := testworld.Start(t, testserver.Options{Demo: true, Log: log, MaxBodyBytes: maxBody})
	return w, log, []string{w.Established(t, "sweep_admin", "admin"), w.Established(t, "sweep_landlord", "landlord")}
}

// No request, however malformed, gets an answer of 500 or more (but Connect's own 501 for an
// unknown compression and 504 for a deadline the client set) or panics the server.
func TestHostileRequests(t *testing.T) {
	t.Parallel()
	w, log, tokens := startSweep(t)
	cases := sweepCases(t, false)
	res := sweep(t, w.URL, log, tokens[:1], cases)
	t.Logf("hostile requests: %d sent, %d answers ≥ 500 caused by input, %d panics; by status: %s",
		res.requests.Load(), res.failures5xx.Load(), res.panics.Load(), res.statuses())
	if res.count(http.StatusBadRequest) == 0 || res.count(http.StatusRequestEntityTooLarge) == 0 || res.count(http.StatusUnsupportedMediaType) == 0 {
		t.Errorf("the sweep met no 400, 413 or 415: it did not reach what it means to test (%s)", res.statuses())
	}
}

func (r *sweepResult) count(status int) int64 {
	if n, ok := r.byStatus.Load(status); ok {
		return n.(*atomic.Int64).Load()
	}
	return 0
}

// statuses lists how many answers each status had.
func (r *sweepResult) statuses() string {
	var out []string
	r.byStatus.Range(func(k, v any) bool {
		out = append(out, fmt.Sprintf("%d×%d", k, v.(*atomic.Int64).Load()))
		return true
	})
	slices.Sort(out)
	return strings.Join(out, " ")
}

// TestSoakHostileRequests sends the wider sweep (every wrong value in every field, every content
// type on every path) anonymous, as an administrator and as a landlord, and prints its figures.
func TestSoakHostileRequests(t *testing.T) {
	soak.Only(t)
	t.Parallel()
	w, log, tokens := startSweep(t)
	res := sweep(t, w.URL, log, tokens, sweepCases(t, true))
	soak.Figure("hostile requests", "%d", res.requests.Load())
	soak.Figure("hostile answers >= 500 caused by input", "%d", res.failures5xx.Load())
	soak.Figure("hostile panics", "%d", res.panics.Load())
	soak.Figure("hostile answers by status", "%s", res.statuses())
}
