// Package rpc holds what every Connect handler shares: error mapping and interceptors.
package rpc

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"math"
	"net"
	"strconv"
	"syscall"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgconn"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	"github.com/rentproof/rentproof/internal/apperr"
)

// Error maps a service error to a Connect error. Domain errors keep their message for the user;
// anything else is logged with its detail and answered as a generic internal error.
func Error(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	return ConnectError(ctx, err)
}

// ConnectError is Error for an error known not to be nil, typed as the Connect error it is.
func ConnectError(ctx context.Context, err error) *connect.Error {
	if ce, ok := errors.AsType[*connect.Error](err); ok {
		return ce
	}
	for _, m := range codes {
		if !errors.Is(err, m.kind) {
			continue
		}
		ce := connect.NewError(m.code, errors.New(userMessage(err, m.fallback)))
		addFieldViolations(ce, err)
		if ae, ok := errors.AsType[*apperr.Error](err); ok && ae.RetryAfter > 0 {
			ce.Meta().Set("Retry-After", strconv.Itoa(int(math.Ceil(ae.RetryAfter.Seconds()))))
		}
		if ae, ok := errors.AsType[*apperr.Error](err); ok && ae.Hint != "" {
			ce.Meta().Set(HintHeader, ae.Hint)
		}
		return ce
	}
	if Unreachable(err) {
		// The request's own end first: a connection attempt it cut short fails as unreachable too.
		if ended := ctx.Err(); ended != nil {
			err = ended
		} else {
			slog.WarnContext(ctx, "unreachable", "err", err)
			ce := connect.NewError(connect.CodeUnavailable, errors.New(unavailableMessage))
			ce.Meta().Set("Retry-After", strconv.Itoa(int(RetryUnavailable/time.Second)))
			return ce
		}
	}
	if errors.Is(err, context.Canceled) {
		return connect.NewError(connect.CodeCanceled, errors.New("request canceled"))
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return connect.NewError(connect.CodeDeadlineExceeded, errors.New("request timed out"))
	}
	slog.ErrorContext(ctx, "internal error", "err", err)
	return connect.NewError(connect.CodeInternal, errors.New("Something went wrong on our side. Please try again."))
}

// HintHeader carries apperr.Error.Hint: a next step the page may offer beside the message.
const HintHeader = "Rentproof-Hint"

// RetryUnavailable is the Retry-After of an answer given while the database cannot be reached: a
// restart or a failover takes seconds, and the pool reconnects on the next request after it.
const RetryUnavailable = 2 * time.Second

const unavailableMessage = "RentProof is briefly unavailable. Please try again in a few seconds."

// Unreachable reports whether err says the database (or another service the server calls) could
// not be reached or went away, which nothing in the request caused: a connection refused, reset or
// cut, a connection attempt that failed or timed out, PostgreSQL shutting down or not yet
// accepting connections. A client may retry it.
func Unreachable(err error) bool {
	if _, ok := errors.AsType[*pgconn.ConnectError](err); ok {
		return true
	}
	if pe, ok := errors.AsType[*pgconn.PgError](err); ok {
		switch pe.Code {
		case "57P01", "57P02", "57P03", // admin shutdown, crash shutdown, cannot connect now
			"53300": // too many connections
			return true
		}
		return len(pe.Code) == 5 && pe.Code[:2] == "08" // connection exception
	}
	if _, ok := errors.AsType[net.Error](err); ok {
		return true
	}
	return errors.Is(err, pgconn.ErrConnClosed) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}

var codes = []struct {
	kind     error
	code     connect.Code
	fallback string
}{
	{apperr.ErrInvalidArgument, connect.CodeInvalidArgument, "Invalid input"},
	{apperr.ErrNotFound, connect.CodeNotFound, "Not found"},
	{apperr.ErrAlreadyExists, connect.CodeAlreadyExists, "Already exists"},
	{apperr.ErrPermissionDenied, connect.CodePermissionDenied, "Permission denied"},
	{apperr.ErrUnauthenticated, connect.CodeUnauthenticated, "Authentication required"},
	{apperr.ErrResourceExhausted, connect.CodeResourceExhausted, "Too many attempts. Please try again later."},
	{apperr.ErrFailedPrecondition, connect.CodeFailedPrecondition, "This cannot be done now"},
}

// addFieldViolations attaches every broken field rule as a google.rpc.BadRequest detail,
// so a form can show each message beside its field.
func addFieldViolations(ce *connect.Error, err error) {
	ve, ok := errors.AsType[*apperr.ValidationError](err)
	if !ok {
		return
	}
	br := &errdetails.BadRequest{}
	for _, v := range ve.Violations {
		br.FieldViolations = append(br.FieldViolations, &errdetails.BadRequest_FieldViolation{Field: v.Field, Description: v.Message})
	}
	if d, derr := connect.NewErrorDetail(br); derr == nil {
		ce.AddDetail(d)
	}
}

// userMessage is the message written for the user, or the kind's generic one when the error
// carries none (a bare sentinel or a wrapped database error).
func userMessage(err error, fallback string) string {
	if ae, ok := errors.AsType[*apperr.Error](err); ok {
		return ae.Message
	}
	if ve, ok := errors.AsType[*apperr.ValidationError](err); ok {
		return ve.Error()
	}
	return fallback
}
