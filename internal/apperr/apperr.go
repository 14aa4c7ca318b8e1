// Package apperr defines the errors that services return, independent of any transport.
//
// Services wrap these sentinels (or return a *ValidationError); the transports map them to
// Connect codes and HTTP statuses in one place each, so a rule's message reaches the user unchanged.
package apperr

import (
	"errors"
	"fmt"
	"time"
)

// Sentinels for the failure kinds a user can act on.
var (
	ErrNotFound          = errors.New("not found")
	ErrAlreadyExists     = errors.New("already exists")
	ErrInvalidArgument   = errors.New("invalid argument")
	ErrPermissionDenied  = errors.New("permission denied")
	ErrUnauthenticated   = errors.New("unauthenticated")
	ErrResourceExhausted = errors.New("resource exhausted")
	// ErrFailedPrecondition refuses an action the current state does not allow (a request
	// already answered, a property already verified): not the input's fault, nor the caller's.
	ErrFailedPrecondition = errors.New("failed precondition")
)

// Error is a failure with a message written for the user who caused it.
type Error struct {
	Kind       error         // one of the sentinels above
	Message    string        // shown to the user as is
	RetryAfter time.Duration // for ErrResourceExhausted: when trying again can succeed
	// Hint names a next step the client may offer with the message ("sign_in_link"); the
	// transports pass it on as the Rentproof-Hint header.
	Hint string
}

func (e *Error) Error() string { return e.Message }

// Unwrap lets errors.Is match the sentinel.
func (e *Error) Unwrap() error { return e.Kind }

// New returns an error of the given kind with a message for the user.
func New(kind error, format string, args ...any) error {
	return &Error{Kind: kind, Message: fmt.Sprintf(format, args...)}
}

// NotFound returns an ErrNotFound with a message for the user.
func NotFound(format string, args ...any) error { return New(ErrNotFound, format, args...) }

// PermissionDenied returns an ErrPermissionDenied with a message for the user.
func PermissionDenied(format string, args ...any) error {
	return New(ErrPermissionDenied, format, args...)
}

// FailedPrecondition returns an ErrFailedPrecondition with a message for the user.
func FailedPrecondition(format string, args ...any) error {
	return New(ErrFailedPrecondition, format, args...)
}

// Unauthenticated returns an ErrUnauthenticated with a message for the user.
func Unauthenticated(format string, args ...any) error {
	return New(ErrUnauthenticated, format, args...)
}

// FieldViolation is one broken rule on one input field.
type FieldViolation struct {
	Field   string // the request field, in the API's lowerCamelCase
	Message string // the spec's message for the rule
}

// ValidationError lists every rule the input broke, so a form can show them all at once.
type ValidationError struct {
	Violations []FieldViolation
}

func (e *ValidationError) Error() string {
	if len(e.Violations) == 0 {
		return "Invalid input"
	}
	return e.Violations[0].Message
}

// Unwrap lets errors.Is(err, ErrInvalidArgument) match.
func (e *ValidationError) Unwrap() error { return ErrInvalidArgument }

// Validator collects field violations while a service checks its input.
type Validator struct{ violations []FieldViolation }

// Check records message against field unless ok.
func (v *Validator) Check(ok bool, field, message string) {
	if !ok {
		v.violations = append(v.violations, FieldViolation{Field: field, Message: message})
	}
}

// Err returns a *ValidationError when any check failed, else nil.
func (v *Validator) Err() error {
	if len(v.violations) == 0 {
		return nil
	}
	return &ValidationError{Violations: v.violations}
}
