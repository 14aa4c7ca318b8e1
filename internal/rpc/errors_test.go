package rpc_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"syscall"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgconn"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/rpc"
)

// Internal errors are logged: set before any test runs, so no test races on it.
func init() { slog.SetDefault(slog.New(slog.DiscardHandler)) }

func TestErrorMapping(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	var v apperr.Validator
	v.Check(false, "title", "Title must be at least 5 characters")
	v.Check(true, "rating", "Rating is required")
	v.Check(false, "content", "Content must be at least 20 characters")

	for name, c := range map[string]struct {
		err     error
		code    connect.Code
		message string
	}{
		"validation":           {fmt.Errorf("create review: %w", v.Err()), connect.CodeInvalidArgument, "Title must be at least 5 characters"},
		"not found":            {fmt.Errorf("get: %w", apperr.NotFound("Property Not Found")), connect.CodeNotFound, "Property Not Found"},
		"bare sentinel":        {fmt.Errorf("get: %w", apperr.ErrNotFound), connect.CodeNotFound, "Not found"},
		"already exists":       {apperr.New(apperr.ErrAlreadyExists, "Username already exists"), connect.CodeAlreadyExists, "Username already exists"},
		"permission":           {apperr.PermissionDenied("You can only request verification for your own properties."), connect.CodePermissionDenied, "You can only request verification for your own properties."},
		"unauthenticated":      {apperr.Unauthenticated("Sign in first"), connect.CodeUnauthenticated, "Sign in first"},
		"rate limit":           {apperr.ErrResourceExhausted, connect.CodeResourceExhausted, "Too many attempts. Please try again later."},
		"precondition":         {apperr.FailedPrecondition("This request has already been answered."), connect.CodeFailedPrecondition, "This request has already been answered."},
		"internal stays vague": {errors.New("pq: password authentication failed for user admin"), connect.CodeInternal, "Something went wrong on our side. Please try again."},
		"canceled":             {fmt.Errorf("query: %w", context.Canceled), connect.CodeCanceled, "request canceled"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := rpc.Error(ctx, c.err)
			ce, ok := errors.AsType[*connect.Error](got)
			if !ok || ce.Code() != c.code || ce.Message() != c.message {
				t.Errorf("got %v, want %v %q", got, c.code, c.message)
			}
		})
	}

	// Every violated field travels as a BadRequest detail.
	ce := rpc.ConnectError(ctx, v.Err())
	var fields []string
	for _, d := range ce.Details() {
		value, err := d.Value()
		if err != nil {
			t.Fatalf("detail: %v", err)
		}
		br, ok := value.(*errdetails.BadRequest)
		if !ok {
			t.Fatalf("detail is a %T, want BadRequest", value)
		}
		for _, fv := range br.GetFieldViolations() {
			fields = append(fields, fv.GetField()+": "+fv.GetDescription())
		}
	}
	if fmt.Sprint(fields) != "[title: Title must be at least 5 characters content: Content must be at least 20 characters]" {
		t.Errorf("field violations: %v", fields)
	}
	if rpc.Error(ctx, nil) != nil {
		t.Error("nil error must stay nil")
	}
}

// A database that cannot be reached is the server's passing trouble, not a bug: unavailable with
// Retry-After, whichever way the connection failed; the request's own end still says so.
func TestUnreachableDatabase(t *testing.T) {
	t.Parallel()
	var lc net.ListenConfig
	ln, err := lc.Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().(*net.TCPAddr)
	ln.Close() // nothing listens there now: connections are refused
	_, refused := pgconn.Connect(t.Context(), fmt.Sprintf("postgres://x@127.0.0.1:%d/x?connect_timeout=2", addr.Port))
	if refused == nil {
		t.Fatal("connected to a closed port")
	}
	for name, err := range map[string]error{
		"refused":          fmt.Errorf("acquire: %w", refused),
		"admin shutdown":   &pgconn.PgError{Code: "57P01", Message: "terminating connection due to administrator command"},
		"starting up":      &pgconn.PgError{Code: "57P03", Message: "the database system is starting up"},
		"connection lost":  &pgconn.PgError{Code: "08006"},
		"cut mid-query":    fmt.Errorf("list: %w", io.ErrUnexpectedEOF),
		"reset":            &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET},
		"closed":           fmt.Errorf("commit: %w", pgconn.ErrConnClosed),
		"too many clients": &pgconn.PgError{Code: "53300"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ce := rpc.ConnectError(t.Context(), err)
			if ce.Code() != connect.CodeUnavailable || ce.Meta().Get("Retry-After") != "2" ||
				ce.Message() != "RentProof is briefly unavailable. Please try again in a few seconds." {
				t.Errorf("got %v (Retry-After %q)", ce, ce.Meta().Get("Retry-After"))
			}
		})
	}
	// Not the database's absence: a broken rule stays internal, a request past its deadline stays
	// deadline_exceeded even when the deadline cut a connection attempt short.
	if c := rpc.ConnectError(t.Context(), &pgconn.PgError{Code: "23514"}).Code(); c != connect.CodeInternal {
		t.Errorf("check violation: %v", c)
	}
	ended, cancel := context.WithTimeout(t.Context(), -time.Second)
	defer cancel()
	if c := rpc.ConnectError(ended, fmt.Errorf("acquire: %w", refused)).Code(); c != connect.CodeDeadlineExceeded && c != connect.CodeCanceled {
		t.Errorf("past the deadline: %v", c)
	}
}
