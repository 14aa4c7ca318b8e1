// Package requestlog carries what the server knows about the request a context belongs to (its
// id, and the rpc it runs once the interceptors know it) and adds the id to every log record
// made with that context. It imports nothing of the project, so the HTTP edge, the interceptors
// and the database tracer can all read it.
package requestlog

import (
	"context"
	"log/slog"
)

// Request is what one request's log lines and metrics name. The HTTP edge creates it; the rpc
// interceptors fill Procedure, Protocol and Code from the handler's goroutine, and the edge reads
// them after the handler returned.
type Request struct {
	// ID names the request in every log line and in the X-Request-Id response header.
	ID string
	// Procedure is the rpc the request runs ("/rentproof.review.v1.ReviewService/CreateReview", or
	// a hand-written handler's "POST /api/upload/…"); empty for what is not an rpc.
	Procedure string
	// Protocol is the rpc's protocol as Connect names it (connect, grpc, grpcweb); empty for an rpc
	// the REST shim ran in process.
	Protocol string
	// Code is the rpc's outcome as a Connect code ("ok", "not_found", …), set when it returned.
	Code string
}

type key struct{}

// With returns ctx carrying r.
func With(ctx context.Context, r *Request) context.Context {
	return context.WithValue(ctx, key{}, r)
}

// From returns the request ctx belongs to, or nil outside one.
func From(ctx context.Context) *Request {
	r, _ := ctx.Value(key{}).(*Request)
	return r
}

// Handler adds request_id to every record logged with the context of a request.
func Handler(next slog.Handler) slog.Handler { return handler{next} }

type handler struct{ next slog.Handler }

func (h handler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.next.Enabled(ctx, level)
}

func (h handler) Handle(ctx context.Context, rec slog.Record) error {
	if ctx != nil {
		if r := From(ctx); r != nil && r.ID != "" {
			rec = rec.Clone()
			rec.AddAttrs(slog.String("request_id", r.ID))
		}
	}
	return h.next.Handle(ctx, rec)
}

func (h handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return handler{h.next.WithAttrs(attrs)}
}

func (h handler) WithGroup(name string) slog.Handler {
	return handler{h.next.WithGroup(name)}
}
