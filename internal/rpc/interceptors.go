package rpc

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"slices"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	"github.com/rentproof/rentproof/internal/requestlog"
)

// Interceptors is the chain every rpc passes through, whatever its protocol: Connect, gRPC and
// gRPC-Web through the handlers' options, the REST shim through Invoke. Recording and logging are
// outermost, so they see the mapped error; domain errors are mapped to Connect codes in one place;
// text is checked before any handler runs.
func Interceptors() []connect.Interceptor {
	return []connect.Interceptor{RecordInterceptor(), LogInterceptor(), ErrorInterceptor(), TextInterceptor()}
}

// RecordInterceptor tells the request's requestlog.Request which rpc it runs, before the handler
// (slow statements name it), and with which code it ended: the HTTP edge counts requests by
// them. Outside a request (a test calling a handler) it does nothing.
func RecordInterceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			r := requestlog.From(ctx)
			if r == nil {
				return next(ctx, req)
			}
			r.Procedure, r.Protocol = procedure(ctx, req), req.Peer().Protocol
			res, err := next(ctx, req)
			r.Code = "ok"
			if err != nil {
				r.Code = connect.CodeOf(err).String()
			}
			return res, err
		}
	}
}

// Recover turns a panic in an rpc handler into a logged internal error.
func Recover(ctx context.Context, spec connect.Spec, _ http.Header, p any) error {
	slog.ErrorContext(ctx, "panic in rpc", "procedure", spec.Procedure, "panic", p, "stack", string(debug.Stack()))
	return connect.NewError(connect.CodeInternal, errors.New("Something went wrong on our side. Please try again."))
}

// LogInterceptor logs each failed rpc with its procedure and code, so errors that reach users
// are visible.
func LogInterceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			res, err := next(ctx, req)
			if err != nil {
				slog.InfoContext(ctx, "rpc failed", "procedure", procedure(ctx, req), "code", connect.CodeOf(err).String(), "err", err)
			}
			return res, err
		}
	}
}

// ErrorInterceptor maps what a handler returns (domain errors from apperr, anything else as an
// internal error logged with its detail) to a Connect error.
func ErrorInterceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			res, err := next(ctx, req)
			if err != nil {
				return nil, Error(ctx, err)
			}
			return res, nil
		}
	}
}

// TextInterceptor runs CheckText on every request before its handler (Text.Check on a
// hand-written handler's, see Handle).
func TextInterceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			var err error
			switch m := req.Any().(type) {
			case proto.Message:
				err = CheckText(m)
			case *Text:
				err = m.Check()
			}
			if err != nil {
				return nil, err
			}
			return next(ctx, req)
		}
	}
}

// Invoke runs one rpc in process through Interceptors, as the REST shim does for each of its
// paths: the request is checked, its errors mapped and its failure logged exactly as a Connect
// call's. procedure names the rpc (the generated …Procedure constant), for the log.
func Invoke[Req, Res any](ctx context.Context, procedure string, req *Req,
	method func(context.Context, *connect.Request[Req]) (*connect.Response[Res], error),
) (*connect.Response[Res], error) {
	call := connect.UnaryFunc(func(ctx context.Context, r connect.AnyRequest) (connect.AnyResponse, error) {
		typed, ok := r.(*connect.Request[Req])
		if !ok {
			return nil, fmt.Errorf("invoke %s: an interceptor passed on a %T", procedure, r)
		}
		return method(ctx, typed)
	})
	for _, interceptor := range slices.Backward(Interceptors()) {
		call = interceptor.WrapUnary(call)
	}
	res, err := call(context.WithValue(ctx, procedureKey{}, procedure), connect.NewRequest(req))
	if err != nil {
		return nil, err
	}
	typed, ok := res.(*connect.Response[Res])
	if !ok {
		return nil, fmt.Errorf("invoke %s: an interceptor answered with a %T", procedure, res)
	}
	return typed, nil
}

// Handle runs fn, the work of a hand-written handler (what protobuf carries badly: a multipart
// upload, a file sent back, a signed webhook body), through Interceptors as one rpc named name
// (its method and path, "POST /api/upload/property-images", for the log): text is checked before
// fn runs, and fn's error is mapped and logged exactly as an rpc's, Retry-After included. It
// returns nil, or the *connect.Error to answer.
func Handle(ctx context.Context, name string, text Text, fn func(ctx context.Context) error) error {
	_, err := Invoke(ctx, name, &text, func(ctx context.Context, _ *connect.Request[Text]) (*connect.Response[struct{}], error) {
		if err := fn(ctx); err != nil {
			return nil, err
		}
		return connect.NewResponse(&struct{}{}), nil
	})
	return err
}

type procedureKey struct{}

// procedure names the rpc of req: Connect knows it; an in-process call (Invoke) says it.
func procedure(ctx context.Context, req connect.AnyRequest) string {
	p, _ := ctx.Value(procedureKey{}).(string)
	return cmp.Or(req.Spec().Procedure, p)
}
