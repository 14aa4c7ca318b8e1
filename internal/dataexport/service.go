// Package dataexport gives a member a copy of everything RentProof holds about them ("Your data",
// issue 30): asked for at most once a day, built into a zip (one JSON file per kind of data and
// the member's files) by a job every server runs, kept privately in the blob store, announced by
// a notification, downloadable by its member alone for Validity, then deleted by housekeeping.
package dataexport

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/siteorigin"
	"github.com/rentproof/rentproof/internal/store"
)

// The rules.
const (
	// Every is how often a member may ask for an export (failed ones do not count).
	Every = 24 * time.Hour
	// Validity is how long a built export can be downloaded.
	Validity = 7 * 24 * time.Hour
	// Listed is how many of a member's exports ListDataExports shows, newest first.
	Listed = 20
)

// Statuses of an export as its member sees it.
const (
	StatusBuilding = "building"
	StatusReady    = "ready"
	StatusExpired  = "expired"
	StatusFailed   = "failed"
)

// URLPrefix starts the download path of every export: URLPrefix + token + "/download".
const URLPrefix = "/api/user/exports/"

// Store keeps the export files (package blobstore implements it). Files are written streamed.
type Store interface {
	Create(ctx context.Context, key, contentType string) (io.WriteCloser, error)
	Read(ctx context.Context, key string) (io.ReadCloser, int64, error)
	Delete(ctx context.Context, key string) error
}

var (
	errSignedOut         = apperr.Unauthenticated("Please sign in to get a copy of your data.")
	errDownloadSignedOut = apperr.Unauthenticated("Please sign in to download your data.")
	errMissing           = apperr.NotFound("This export does not exist.")
	errNotYours          = apperr.PermissionDenied("Only the member who asked for this export can download it.")
	errBuilding          = apperr.FailedPrecondition("This export is still being prepared. We will tell you when it is ready.")
	errFailed            = apperr.FailedPrecondition("This export could not be made. Please ask for a new one.")
)

// Service asks for, builds, lists, opens and removes exports.
type Service struct {
	files Store
	pool  *pgxpool.Pool
	q     *db.Queries
}

// New returns a Service keeping export files in files and rows in pool's database.
func New(files Store, pool *pgxpool.Pool) *Service {
	return &Service{files: files, pool: pool, q: db.New(pool)}
}

// Export is one of a member's exports.
type Export struct {
	ID          int64
	Status      string // StatusBuilding, StatusReady, StatusExpired or StatusFailed
	RequestedAt time.Time
	ReadyAt     *time.Time
	ExpiresAt   *time.Time
	Bytes       int64
	URL         string // the download path, "" unless ready
}

// List is a member's exports and when they may ask for the next one.
type List struct {
	Exports []Export
	// NextAt is when the member may ask again; nil when they may now.
	NextAt *time.Time
}

// DownloadURL is where the export with token is downloaded.
func DownloadURL(token string) string { return URLPrefix + token + "/download" }

// FileKey is where the export with token is kept: never under a path /uploads/ serves.
func FileKey(token string) string { return "exports/" + token + ".zip" }

// Request asks for an export of the caller's data, built in the background. At most one a day:
// the member's key is locked for the transaction, so of parallel requests exactly one is
// recorded and the others are refused with when the next one may be asked for.
func (s *Service) Request(ctx context.Context) (Export, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return Export{}, err
	}
	var out Export
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := q.LockRateKeys(ctx, []string{fmt.Sprintf("data_export:%d", me.ID)}); err != nil {
			return fmt.Errorf("lock data exports: %w", err)
		}
		last, err := q.LatestDataExport(ctx, db.LatestDataExportParams{EverySeconds: int32(Every / time.Second), UserID: me.ID})
		switch {
		case err == nil && last.Waiting:
			return tooSoon(last.NextAt)
		case err != nil && !errors.Is(store.Err(err), apperr.ErrNotFound):
			return fmt.Errorf("latest data export: %w", err)
		}
		token, err := randomToken()
		if err != nil {
			return err
		}
		row, err := q.CreateDataExport(ctx, db.CreateDataExportParams{UserID: me.ID, Token: token})
		if err != nil {
			return fmt.Errorf("create data export: %w", err)
		}
		out = Export{ID: row.ID, Status: StatusBuilding, RequestedAt: row.RequestedAt}
		return requestedNotice(ctx, q, me.ID)
	})
	return out, err
}

// requestedNotice tells the member by security email that a copy of their data was asked for: a
// stolen session could ask too, and ending it before the copy is downloaded stops it.
func requestedNotice(ctx context.Context, q *db.Queries, userID int32) error {
	u, err := q.GetUser(ctx, userID)
	if err != nil {
		return fmt.Errorf("get user %d: %w", userID, err)
	}
	_, err = mail.Enqueue(ctx, q, mail.Message{
		UserID: u.ID, To: u.Email, Category: mail.CategorySecurity, Kind: "data_export_requested",
		Subject: "A copy of your RentProof data was requested",
		Content: mail.Content{
			Heading: "A copy of your RentProof data was requested",
			Paragraphs: []string{
				"Hello " + u.FirstName + ",",
				"Someone signed in to your account asked for a copy of everything RentProof holds about you. We will tell you when it is ready; only a browser signed in to your account can download it.",
				"If this was you, there is nothing to do. If it was not, end the sessions you do not know in your settings (link below) and change your password: an ended session cannot download it.",
			},
			Action: &mail.Action{Label: "Review your sessions", URL: siteorigin.From(ctx) + "/settings#sessions"},
			Reason: "You are getting this because a copy of your RentProof data was requested.",
			Stop:   "Security emails about your account cannot be turned off.",
		},
	})
	return err
}

// tooSoon refuses a second export within Every, saying when the next one is possible.
func tooSoon(next time.Time) error {
	return &apperr.Error{
		Kind: apperr.ErrResourceExhausted,
		Message: fmt.Sprintf("You can ask for one copy of your data a day. You can ask for the next one after %s UTC.",
			next.UTC().Format("15:04 on 2 January 2006")),
		RetryAfter: max(time.Until(next), time.Second),
	}
}

// List lists the caller's exports, newest first, and when they may ask for the next one.
func (s *Service) List(ctx context.Context) (List, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return List{}, err
	}
	rows, err := s.q.ListDataExports(ctx, db.ListDataExportsParams{UserID: me.ID, MaxRows: Listed})
	if err != nil {
		return List{}, fmt.Errorf("list data exports: %w", err)
	}
	out := List{Exports: make([]Export, len(rows))}
	for i, r := range rows {
		e := Export{ID: r.ID, Status: r.State, RequestedAt: r.RequestedAt, ReadyAt: r.ReadyAt, ExpiresAt: r.ExpiresAt, Bytes: r.Bytes}
		if e.Status == StatusReady {
			e.URL = DownloadURL(r.Token)
		}
		out.Exports[i] = e
	}
	last, err := s.q.LatestDataExport(ctx, db.LatestDataExportParams{EverySeconds: int32(Every / time.Second), UserID: me.ID})
	switch {
	case err == nil && last.Waiting:
		out.NextAt = &last.NextAt
	case err != nil && !errors.Is(store.Err(err), apperr.ErrNotFound):
		return List{}, fmt.Errorf("latest data export: %w", err)
	}
	return out, nil
}

// Opened is an export opened for download.
type Opened struct {
	io.ReadCloser
	Size     int64
	FileName string
}

// Open opens the export with token for download by its member; anyone else, signed out, or an
// export that is not ready (building, failed, expired) is refused with the reason.
func (s *Service) Open(ctx context.Context, token string) (Opened, error) {
	me, err := identity.RequireUser(ctx, errDownloadSignedOut)
	if err != nil {
		return Opened{}, err
	}
	if !validToken(token) {
		return Opened{}, errMissing
	}
	e, err := s.q.GetDataExportByToken(ctx, token)
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return Opened{}, errMissing
		}
		return Opened{}, fmt.Errorf("get data export: %w", err)
	}
	switch {
	case e.UserID != me.ID:
		return Opened{}, errNotYours
	case e.Status == "pending":
		return Opened{}, errBuilding
	case e.Status == "failed":
		return Opened{}, errFailed
	case !e.Downloadable:
		return Opened{}, expired(e.ExpiresAt)
	}
	r, size, err := s.files.Read(ctx, FileKey(token))
	if err != nil {
		if errors.Is(err, apperr.ErrNotFound) { // housekeeping removed it a moment ago
			return Opened{}, expired(e.ExpiresAt)
		}
		return Opened{}, fmt.Errorf("read data export: %w", err)
	}
	name := fmt.Sprintf("rentproof-data-%s-%s.zip", me.Username, e.RequestedAt.UTC().Format("2006-01-02"))
	return Opened{ReadCloser: r, Size: size, FileName: name}, nil
}

// expired refuses an export past its Validity.
func expired(at *time.Time) error {
	when := "" // a ready or deleted export always has its expiry (the table's CHECK)
	if at != nil {
		when = " on " + at.UTC().Format("2 January 2006 at 15:04 UTC")
	}
	return apperr.NotFound("This export expired%s and was deleted. You can ask for a new one in Settings › Your data.", when)
}

func randomToken() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("export token: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// validToken is 32 lower-case hex digits, as randomToken makes.
func validToken(t string) bool {
	if len(t) != 32 {
		return false
	}
	for _, c := range t {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
