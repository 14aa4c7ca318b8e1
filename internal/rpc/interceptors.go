package rpc

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"runtime/debug"

	"connectrpc.com/connect"
)

// Recover turns a panic in an rpc handler into a logged internal error.
func Recover(ctx context.Context, spec connect.Spec, _ http.Header, p any) error {
	slog.ErrorContext(ctx, "panic in rpc", "procedure", spec.Procedure, "panic", p, "stack", string(debug.Stack()))
	return connect.NewError(connect.CodeInternal, errors.New("Something went wrong on our side. Please try again."))
}

// LogInterceptor logs each failed rpc with its code, so errors that reach users are visible.
func LogInterceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			res, err := next(ctx, req)
			if err != nil {
				slog.InfoContext(ctx, "rpc failed", "procedure", req.Spec().Procedure, "code", connect.CodeOf(err).String(), "err", err)
			}
			return res, err
		}
	}
}
