package server_test

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"

	resourcev1 "github.com/rentproof/rentproof/gen/rentproof/resource/v1"
	"github.com/rentproof/rentproof/gen/rentproof/resource/v1/resourcev1connect"
	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/testserver"
)

// levelLog keeps what the server logs: each record's level, message and attributes.
type levelLog struct {
	mu      sync.Mutex
	records []logRecord
}

type logRecord struct {
	level slog.Level
	line  string
	attrs map[string]string
}

func (l *levelLog) Enabled(context.Context, slog.Level) bool { return true }
func (l *levelLog) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *levelLog) WithGroup(string) slog.Handler            { return l }

func (l *levelLog) Handle(_ context.Context, r slog.Record) error {
	rec := logRecord{level: r.Level, line: r.Level.String() + " " + r.Message, attrs: map[string]string{"msg": r.Message}}
	r.Attrs(func(a slog.Attr) bool {
		rec.line += " " + a.String()
		rec.attrs[a.Key] = a.Value.String()
		return true
	})
	l.mu.Lock()
	l.records = append(l.records, rec)
	l.mu.Unlock()
	return nil
}

// take returns the records logged since the last take.
func (l *levelLog) take() []logRecord {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.records
	l.records = nil
	return out
}

// checkLevels fails when a record is above highest, and when the request line is missing.
func checkLevels(t *testing.T, records []logRecord, highest slog.Level) {
	t.Helper()
	requests := 0
	for _, r := range records {
		if r.level > highest {
			t.Errorf("logged above %s: %s", highest, r.line)
		}
		if r.attrs["msg"] == "request" {
			requests++
		}
	}
	if requests != 1 {
		t.Errorf("%d request lines, want 1: %v", requests, records)
	}
}

// getableProcedures are the contract's rpcs a Connect client may call with GET (marked
// idempotency_level = NO_SIDE_EFFECTS), read from the generated descriptors.
func getableProcedures(t *testing.T) []string {
	t.Helper()
	var out []string
	protoregistry.GlobalFiles.RangeFiles(func(fd protoreflect.FileDescriptor) bool {
		if !strings.HasPrefix(string(fd.Package()), "rentproof.") {
			return true
		}
		for i := range fd.Services().Len() {
			s := fd.Services().Get(i)
			if !slices.Contains(server.Services, string(s.FullName())) {
				t.Errorf("service %s is not served", s.FullName())
			}
			for j := range s.Methods().Len() {
				m := s.Methods().Get(j)
				opts, _ := m.Options().(*descriptorpb.MethodOptions)
				if opts.GetIdempotencyLevel() == descriptorpb.MethodOptions_NO_SIDE_EFFECTS {
					out = append(out, "/"+string(s.FullName())+"/"+string(m.Name()))
				}
			}
		}
		return true
	})
	if len(out) == 0 {
		t.Fatal("no GET-able rpc found in the descriptors")
	}
	slices.Sort(out)
	return out
}

// connectAnswer is a Connect unary answer: HTTP status and, for an error, its code and message.
type connectAnswer struct {
	status        int
	code, message string
}

func callConnect(t *testing.T, method, url string, header http.Header, body string) connectAnswer {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if method == http.MethodGet {
		req.Body, req.ContentLength = http.NoBody, 0
	}
	maps.Copy(req.Header, header)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var e struct{ Code, Message string }
	b, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(b, &e)
	return connectAnswer{res.StatusCode, e.Code, e.Message}
}

// The attack sent malformed GET messages to every GET-able rpc and got 500 unknown, and an
// unsupported compression (501) or a deadline of 0 (504): each logged at ERROR, so an anonymous
// client could fill the error log at will. A malformed message is 400 invalid_argument; Connect's
// own answers to the other two stay; none is logged above WARN. A real internal error still is.
func TestClientMistakesAreNotServerErrors(t *testing.T) {
	t.Parallel()
	logged := &levelLog{}
	srv := testserver.Start(t, testserver.Options{Demo: true, Log: logged})
	jsonBody := http.Header{"Content-Type": {"application/json"}}

	for _, procedure := range getableProcedures(t) {
		t.Run(procedure, func(t *testing.T) {
			url := srv.URL + procedure
			for _, c := range []struct {
				name, method, query string
				header              http.Header
				want                connectAnswer
				max                 slog.Level
			}{
				{"json base64", "GET", "?encoding=json&base64=1&message=%25%25%25", nil,
					connectAnswer{400, "invalid_argument", "The request message could not be decoded"}, slog.LevelInfo},
				{"proto base64", "GET", "?encoding=proto&base64=1&message=_____", nil,
					connectAnswer{400, "invalid_argument", "The request message could not be decoded"}, slog.LevelInfo},
				{"proto", "GET", "?encoding=proto&message=_____", nil, connectAnswer{400, "invalid_argument", ""}, slog.LevelInfo},
				{"json", "GET", "?encoding=json&message=%25%25%25", nil, connectAnswer{400, "invalid_argument", ""}, slog.LevelInfo},
				{"GET br", "GET", "?encoding=json&message=%7B%7D&compression=br", nil, connectAnswer{501, "unimplemented", ""}, slog.LevelWarn},
				{"POST br", "POST", "", http.Header{"Content-Type": {"application/json"}, "Content-Encoding": {"br"}},
					connectAnswer{501, "unimplemented", ""}, slog.LevelWarn},
				{"GET deadline 0", "GET", "?encoding=json&message=%7B%7D", http.Header{"Connect-Timeout-Ms": {"0"}},
					connectAnswer{504, "deadline_exceeded", ""}, slog.LevelWarn},
				{"POST deadline 0", "POST", "", http.Header{"Content-Type": {"application/json"}, "Connect-Timeout-Ms": {"0"}},
					connectAnswer{504, "deadline_exceeded", ""}, slog.LevelWarn},
			} {
				t.Run(c.name, func(t *testing.T) {
					got := callConnect(t, c.method, url+c.query, c.header, "{}")
					if got.status != c.want.status || got.code != c.want.code || (c.want.message != "" && got.message != c.want.message) {
						t.Errorf("got %+v, want %+v", got, c.want)
					}
					checkLevels(t, logged.take(), c.max)
				})
			}
		})
	}

	// gRPC and gRPC-Web: a body that is not protobuf is invalid_argument, an unsupported
	// compression unimplemented, and nothing is logged above WARN.
	conn, err := grpc.NewClient(strings.TrimPrefix(srv.URL, "http://"), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, procedure := range getableProcedures(t) {
		t.Run("grpc "+procedure, func(t *testing.T) {
			err := conn.Invoke(context.Background(), procedure, &raw{[]byte("_____")}, &raw{}, grpc.ForceCodec(rawCodec{"proto"}))
			if status.Code(err) != codes.InvalidArgument {
				t.Errorf("got %v, want InvalidArgument", err)
			}
			checkLevels(t, logged.take(), slog.LevelWarn)
		})
		t.Run("grpc-web "+procedure, func(t *testing.T) {
			client := connect.NewClient[raw, raw](http.DefaultClient, srv.URL+procedure, connect.WithGRPCWeb(), connect.WithCodec(rawCodec{"proto"}))
			_, err := client.CallUnary(context.Background(), connect.NewRequest(&raw{[]byte("_____")}))
			if connect.CodeOf(err) != connect.CodeInvalidArgument {
				t.Errorf("got %v, want invalid_argument", err)
			}
			checkLevels(t, logged.take(), slog.LevelWarn)
		})
	}
	for name, opts := range map[string][]connect.ClientOption{"grpc": {connect.WithGRPC()}, "grpc-web": {connect.WithGRPCWeb()}} {
		t.Run(name+" br", func(t *testing.T) {
			opts = append(opts, connect.WithCodec(rawCodec{"proto"}), connect.WithAcceptCompression("br", newPlainReader, newPlainWriter), connect.WithSendCompression("br"))
			client := connect.NewClient[raw, raw](h2cClient(), srv.URL+resourcev1connect.ResourceServiceListResourcesProcedure, opts...)
			_, err := client.CallUnary(context.Background(), connect.NewRequest(&raw{}))
			if connect.CodeOf(err) != connect.CodeUnimplemented {
				t.Errorf("got %v, want unimplemented", err)
			}
			checkLevels(t, logged.take(), slog.LevelWarn)
		})
	}

	// The REST shim: a body that is not JSON, and a path id that is not a number.
	for _, c := range []struct {
		method, path, body string
		status             int
	}{
		{"POST", "/api/login", "%%%", http.StatusBadRequest},
		{"POST", "/api/properties", "_____", http.StatusBadRequest},
		{"GET", "/api/properties/%25%25%25", "", http.StatusBadRequest},
	} {
		t.Run("REST "+c.method+" "+c.path, func(t *testing.T) {
			got := callConnect(t, c.method, srv.URL+c.path, jsonBody, c.body)
			if got.status != c.status {
				t.Errorf("got %d, want %d", got.status, c.status)
			}
			checkLevels(t, logged.take(), slog.LevelInfo)
		})
	}

	// A body whose chunked encoding is broken is the client's: 400, not 500 unknown.
	t.Run("broken chunked body", func(t *testing.T) {
		conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		_, _ = io.WriteString(conn, "POST "+resourcev1connect.ResourceServiceListResourcesProcedure+" HTTP/1.1\r\nHost: rentproof\r\n"+
			"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
		_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), `"invalid_argument"`) {
			t.Errorf("got %d %s, want 400 invalid_argument", res.StatusCode, b)
		}
		checkLevels(t, logged.take(), slog.LevelWarn)
	})

	// Well-formed GETs still pass: a Connect client's (unpadded base64), and padded base64.
	t.Run("well-formed GET", func(t *testing.T) {
		client := resourcev1connect.NewResourceServiceClient(http.DefaultClient, srv.URL, connect.WithHTTPGet())
		for _, query := range []string{"", "l", "le", "lea", "lease", "deposit?~"} {
			req := connect.NewRequest(&resourcev1.ListResourcesRequest{Query: query})
			if _, err := client.ListResources(context.Background(), req); err != nil {
				t.Errorf("GET ListResources %q: %v", query, err)
			}
		}
		msg, _ := proto.Marshal(&resourcev1.ListResourcesRequest{Category: "landlord"})
		got := callConnect(t, "GET", srv.URL+resourcev1connect.ResourceServiceListResourcesProcedure+
			"?encoding=proto&base64=1&message="+base64.URLEncoding.EncodeToString(msg), nil, "")
		if got.status != http.StatusOK {
			t.Errorf("padded base64: %+v", got)
		}
		logged.take()
	})

	// What an operator must look at still is an error, a client's deadline or not.
	t.Run("internal error", func(t *testing.T) {
		if _, err := srv.Pool.Exec(context.Background(), "ALTER TABLE resources RENAME TO resources_gone"); err != nil {
			t.Fatal(err)
		}
		for _, header := range []http.Header{nil, {"Connect-Timeout-Ms": {"30000"}}} {
			got := callConnect(t, "GET", srv.URL+resourcev1connect.ResourceServiceListResourcesProcedure+"?encoding=json&message=%7B%7D", header, "")
			if got.status != http.StatusInternalServerError || got.code != "internal" {
				t.Errorf("got %+v, want 500 internal", got)
			}
			var internal, request bool
			for _, r := range logged.take() {
				internal = internal || (r.level == slog.LevelError && r.attrs["msg"] == "internal error")
				request = request || (r.level == slog.LevelError && r.attrs["msg"] == "request")
			}
			if !internal || !request {
				t.Errorf("internal error logged at ERROR: %v, its request: %v", internal, request)
			}
		}
	})
}

// plainReader and plainWriter are a "compression" that leaves bytes as they are: one the server
// does not support.
type plainReader struct{ io.Reader }

func (*plainReader) Close() error              { return nil }
func (p *plainReader) Reset(r io.Reader) error { p.Reader = r; return nil }

type plainWriter struct{ io.Writer }

func (*plainWriter) Close() error        { return nil }
func (p *plainWriter) Reset(w io.Writer) { p.Writer = w }

func newPlainReader() connect.Decompressor { return &plainReader{} }
func newPlainWriter() connect.Compressor   { return &plainWriter{} }

// h2cClient speaks HTTP/2 without TLS, as gRPC needs.
func h2cClient() *http.Client {
	var protocols http.Protocols
	protocols.SetUnencryptedHTTP2(true)
	return &http.Client{Transport: &http.Transport{Protocols: &protocols}}
}
