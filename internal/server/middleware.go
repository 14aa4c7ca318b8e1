package server

import (
	"cmp"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"

	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/metrics"
	"github.com/rentproof/rentproof/internal/requestlog"
	"github.com/rentproof/rentproof/internal/upload"
)

// logRequests writes one structured line per request (its id comes with the context: see
// requestlog.Handler) and counts it in the metrics. ERROR is for what an operator must look
// at: a server error the client did not cause. The 5xx answers a client brings on itself are
// warnings: a body too slow to arrive, a feature the server does not have (501: Connect's answer
// to an unsupported compression) and the end of the deadline the client set (504). So is 503: the
// database out of reach (its cause is logged where it was met, /readyz and the metrics show it)
// or a server shutting down, both answered with Retry-After.
func logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		body := &deadlineBody{ReadCloser: r.Body}
		r.Body = body
		next.ServeHTTP(rec, r)
		level := slog.LevelInfo
		switch {
		case body.expired, rec.status == http.StatusNotImplemented, rec.status == http.StatusServiceUnavailable,
			rec.status == http.StatusGatewayTimeout && r.Header.Get("Connect-Timeout-Ms") != "":
			level = slog.LevelWarn
		case rec.status >= 500:
			level = slog.LevelError
		}
		took := time.Since(start)
		slog.Log(r.Context(), level, "request",
			"method", r.Method, "path", r.URL.Path, "status", rec.status,
			"duration_ms", took.Milliseconds(), "proto", r.Proto, "too_slow", body.expired)
		count(r, rec.status, took)
	})
}

// count adds one request to the metrics: an rpc (the interceptors filled its requestlog.Request)
// by its procedure and Connect code, anything else by a route class and its HTTP status.
func count(r *http.Request, status int, took time.Duration) {
	if req := requestlog.From(r.Context()); req != nil && req.Procedure != "" {
		metrics.Request(req.Procedure, rpcProtocols[req.Protocol], cmp.Or(req.Code, "unknown"), took)
		return
	}
	route, protocol := routeOf(r)
	code := "other"
	if status >= 100 && status < len(statusTexts) {
		code = statusTexts[status]
	}
	metrics.Request(route, protocol, code, took)
}

// rpcProtocols names Connect's protocols as the metrics do; "" is an rpc the REST shim ran.
var rpcProtocols = map[string]string{connect.ProtocolConnect: "connect", connect.ProtocolGRPC: "grpc", connect.ProtocolGRPCWeb: "grpc-web", "": "rest"}

// statusTexts spells the HTTP statuses without allocating on each request.
var statusTexts = func() (s [600]string) {
	for i := range s {
		s[i] = strconv.Itoa(i)
	}
	return s
}()

// routeOf classes a request that ran no rpc, with few enough values to label a metric: never the
// raw path, which anyone can make up.
func routeOf(r *http.Request) (route, protocol string) {
	path, contentType := r.URL.Path, r.Header.Get("Content-Type")
	switch {
	case strings.HasPrefix(contentType, "application/grpc-web"):
		return "rpc", "grpc-web"
	case strings.HasPrefix(contentType, "application/grpc"):
		return "rpc", "grpc"
	case strings.HasPrefix(path, "/api/"):
		return "api", "rest"
	case strings.HasPrefix(path, "/rentproof.") || strings.HasPrefix(path, "/grpc."):
		return "rpc", "connect" // an rpc refused before its handler (unknown, unreadable)
	case strings.HasPrefix(path, upload.URLPrefix):
		return "uploads", "web"
	case path == "/healthz" || path == "/readyz":
		return path, "web"
	}
	return "page", "web"
}

// deadlineBody turns a body read past the read deadline into an error in words for the client:
// Connect answers it as is (deadline_exceeded), the REST shim as 408.
type deadlineBody struct {
	io.ReadCloser
	expired bool
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && errors.Is(err, os.ErrDeadlineExceeded) {
		b.expired = true
		return n, connect.NewError(connect.CodeDeadlineExceeded, errors.New("The request took too long to arrive. Please try again."))
	}
	return n, err
}

// statusRecorder remembers the status for the log and passes Flush through for streaming rpcs.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (s *statusRecorder) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// recoverPanics turns a panic outside the rpc handlers (REST, static files) into a logged 500.
// Connect handlers recover on their own into an internal error (rpc.Recover).
func recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if err, ok := p.(error); ok && errors.Is(err, http.ErrAbortHandler) {
					panic(p)
				}
				slog.ErrorContext(r.Context(), "panic", "panic", p, "path", r.URL.Path, "stack", string(debug.Stack()))
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusInternalServerError)
				_ = json.NewEncoder(w).Encode(map[string]string{"message": "Something went wrong on our side. Please try again."})
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// limitBody caps request bodies so one client cannot exhaust memory; paths larger knows get
// their own cap.
func limitBody(next http.Handler, defaultMax int64, larger func(path string) (int64, bool)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limit := defaultMax
		if m, ok := larger(r.URL.Path); ok {
			limit = m
		}
		if r.ContentLength > limit {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusRequestEntityTooLarge)
			_ = json.NewEncoder(w).Encode(map[string]string{"message": "Request body too large"})
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		next.ServeHTTP(w, r)
	})
}

// strictTransportSecurity keeps browsers on HTTPS for a year once they reached the site over it.
// Not includeSubDomains: other hosts under the operator's domain are not ours to commit.
const strictTransportSecurity = "max-age=31536000"

// securityHeaders sets the headers every answer carries. HSTS goes only on secure requests, by
// the rule the session cookie's Secure flag follows (direct TLS, or a trusted proxy's
// X-Forwarded-Proto: https): browsers ignore it over plain HTTP anyway.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		if identity.ClientFrom(r.Context()).Secure {
			h.Set("Strict-Transport-Security", strictTransportSecurity)
		}
		if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/grpc") {
			h.Set("X-Frame-Options", "DENY")
		}
		next.ServeHTTP(w, r)
	})
}

// crossOriginProtection refuses cross-site state-changing browser requests, but for the one-click
// unsubscribe of an email (RFC 8058): a webmail client posts it from its own site. The signed
// token in its URL is what authorises it, not a cookie, so a forger without it changes nothing.
// The exception is this one method and exact path (not /unsubscribe/…).
func crossOriginProtection() *http.CrossOriginProtection {
	p := http.NewCrossOriginProtection()
	p.AddInsecureBypassPattern("POST /unsubscribe")
	return p
}
