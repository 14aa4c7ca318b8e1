// Package document holds owners' ownership documents and direct verification (issue 14): an
// owner uploads private documents (JPEG, PNG, WebP or PDF, recognised by their content) for one
// of their properties, then sends them with optional notes as a request to the administrators.
// Sending does not verify the property: an administrator's approval does (package verifyqueue).
//
// Documents are private: stored in the blob store under documents/<random>.<ext>, apart from
// the public images (which are served under /uploads/ and only under the properties/ prefix),
// and read only through Open, by the owner, an administrator or a verifier the owner invited for
// that property. Ninety days after their request's decision their files are deleted; the rows,
// the request and the decision stay.
package document

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"iter"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/upload"
	"github.com/rentproof/rentproof/internal/vocab"
)

// The limits on documents the contract declares (vocab.Published), which the pages quote.
var (
	// MaxBytes caps one document: a scanned deed as a PDF or a phone photo fits in 10 MB.
	MaxBytes = int64(vocab.Published.GetDocument().GetMaxMb()) << 20
	// MaxPerUpload is the most documents one upload (and one request) holds.
	MaxPerUpload = int(vocab.Published.GetDocument().GetMaxPerUpload())
	// RetentionDays is how many days a document is kept after its request's decision.
	RetentionDays = vocab.Published.GetDocument().GetRetentionDays()
)

// Other limits on documents.
const (
	// MaxPerDay is how many documents one account may upload in any 24 hours.
	MaxPerDay = 50
	// MaxNotes is the longest notes may be, in characters (SPEC §5).
	MaxNotes = 500
	// URLPrefix is where a document is read (GET URLPrefix + token), never under /uploads/.
	URLPrefix = "/api/documents/"
)

// SPEC's messages and the refusals written for the owner.
var (
	ErrNoDocuments  = apperr.New(apperr.ErrInvalidArgument, "Please upload property ownership documents to verify your property")
	ErrTooMany      = apperr.New(apperr.ErrInvalidArgument, "You can upload at most %d documents at a time.", MaxPerUpload)
	ErrUnreadable   = apperr.New(apperr.ErrInvalidArgument, "The upload was interrupted. Please try again.")
	errSignedOut    = apperr.Unauthenticated("Please sign in to verify your property.")
	errNotOwner     = apperr.PermissionDenied("Only the property's owner can verify it with ownership documents.")
	errNoProperty   = apperr.NotFound("Property Not Found")
	errVerified     = apperr.FailedPrecondition("This property is already verified.")
	errWaiting      = apperr.New(apperr.ErrAlreadyExists, "Your documents for this property are already waiting for an administrator's decision.")
	errUnknownDoc   = apperr.New(apperr.ErrInvalidArgument, "One of the documents was not found among your uploads for this property. Please upload it again.")
	errNotesTooLong = "Notes must be less than 500 characters"
	errTooLarge     = "%s is larger than 10 MB."
	errNotDocument  = "%s is not a JPEG, PNG or WebP image or a PDF."
	errDocSignedOut = apperr.Unauthenticated("Please sign in to open this document.")
	ErrDocMissing   = apperr.NotFound("Document not found.")
	errDocDeleted   = apperr.NotFound("This document was deleted %d days after its request was decided.", RetentionDays)
	errDocForbidden = apperr.PermissionDenied("Only the property's owner, the administrators and the verifiers the owner invited can open this document.")
)

// Store keeps the files under keys the service chooses (package blobstore implements it).
type Store interface {
	Write(ctx context.Context, key string, data []byte, contentType string) error
	Delete(ctx context.Context, key string) error
	Read(ctx context.Context, key string) (io.ReadCloser, int64, error)
}

// Service stores documents and sends them to the administrators.
type Service struct {
	files Store
	pool  *pgxpool.Pool
	q     *db.Queries
}

// New returns a Service keeping files in files and rows in pool's database.
func New(files Store, pool *pgxpool.Pool) *Service {
	return &Service{files: files, pool: pool, q: db.New(pool)}
}

// File is one document as the client sends it.
type File struct {
	Name string    // the client's file name: shown to administrators, never used as a key
	Body io.Reader // read once, up to MaxBytes and one byte more
}

// Document is a stored document.
type Document struct {
	URL, FileName, ContentType string
	Bytes                      int32
	CreatedAt                  time.Time
	Deleted                    bool
}

// URL is where the document with token is read.
func URL(token string) string { return URLPrefix + token }

// TokenOf is the token of a document's URL (URLPrefix + 32 hex digits), and whether it is one.
func TokenOf(url string) (string, bool) {
	token, _ := strings.CutPrefix(url, URLPrefix)
	return token, len(token) == 32 && strings.Trim(token, "0123456789abcdef") == ""
}

// FromRow describes a stored document row.
func FromRow(d db.OwnershipDocument) Document {
	return Document{URL: URL(d.Token), FileName: d.FileName, ContentType: d.ContentType, Bytes: d.Bytes,
		CreatedAt: d.CreatedAt, Deleted: d.DeletedAt != nil}
}

// types maps what sniff recognises to its extension and content type.
var types = map[string][2]string{
	"jpeg": {"jpg", "image/jpeg"}, "png": {"png", "image/png"}, "webp": {"webp", "image/webp"}, "pdf": {"pdf", "application/pdf"},
}

// sniff recognises the accepted formats by their signatures: a PDF, or an image as package
// upload recognises it, GIF aside.
func sniff(head []byte) (string, bool) {
	if bytes.HasPrefix(head, []byte("%PDF-")) {
		return "pdf", true
	}
	if format, ok := upload.Sniff(head); ok && format != "gif" {
		return format, true
	}
	return "", false
}

// CanUpload settles, before a byte of the files is read, that the caller owns the property.
func (s *Service) CanUpload(ctx context.Context, propertyID int32) error {
	_, err := s.owned(ctx, propertyID)
	return err
}

// owned returns the caller when they own the active property.
func (s *Service) owned(ctx context.Context, propertyID int32) (identity.User, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return identity.User{}, err
	}
	p, err := s.q.GetPropertyOwner(ctx, propertyID)
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return identity.User{}, errNoProperty
		}
		return identity.User{}, fmt.Errorf("get property %d: %w", propertyID, err)
	}
	if p.LandlordID != me.ID {
		return identity.User{}, errNotOwner
	}
	return me, nil
}

// Upload stores the documents of one upload for the caller's property and returns them. Files
// are read one at a time; nothing is kept unless every file is acceptable and the daily cap has
// room for them all. Uploaded documents wait (a day at most) to be sent with Submit.
func (s *Service) Upload(ctx context.Context, propertyID int32, files iter.Seq2[File, error]) ([]Document, error) {
	me, err := s.owned(ctx, propertyID)
	if err != nil {
		return nil, err
	}
	// A first look spares reading the files when the day's room is gone; the count that decides
	// is taken again under the uploader's lock, with the rows written in the same transaction.
	if err := CheckQuota(ctx, s.q, me.ID, 1); err != nil {
		return nil, err
	}
	var done []Received
	cleanup := func() { Discard(ctx, s.files, done) }
	for f, err := range files {
		if err != nil {
			cleanup()
			return nil, err
		}
		if len(done) == MaxPerUpload {
			cleanup()
			return nil, ErrTooMany
		}
		r, err := Receive(ctx, s.files, f)
		if err != nil {
			cleanup()
			return nil, err
		}
		done = append(done, r)
	}
	if len(done) == 0 {
		return nil, ErrNoDocuments
	}
	out := make([]Document, 0, len(done))
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := q.LockUploader(ctx, me.ID); err != nil {
			return fmt.Errorf("lock uploader: %w", err)
		}
		if err := CheckQuota(ctx, q, me.ID, len(done)); err != nil {
			return err
		}
		for _, f := range done {
			row, err := q.CreateDocument(ctx, db.CreateDocumentParams{
				Token: f.Token, Key: f.Key, OwnerID: me.ID, PropertyID: propertyID,
				FileName: f.FileName, ContentType: f.ContentType, Bytes: f.Bytes,
			})
			if err != nil {
				return fmt.Errorf("record document: %w", err)
			}
			out = append(out, FromRow(row))
		}
		return nil
	})
	if err != nil {
		cleanup()
		return nil, err
	}
	return out, nil
}

// CheckQuota refuses n more documents from userID when they would pass MaxPerDay, saying when
// there is room again (Retry-After). Owners' and tenants' documents share the cap; call it under
// the uploader's lock (LockUploader) in the transaction that records the documents.
func CheckQuota(ctx context.Context, q *db.Queries, userID int32, n int) error {
	recent, err := q.CountRecentDocuments(ctx, userID)
	if err != nil {
		return fmt.Errorf("count recent documents: %w", err)
	}
	if int(recent.Documents)+n <= MaxPerDay {
		return nil
	}
	msg := fmt.Sprintf("You have uploaded %d documents in the last 24 hours: please try again tomorrow.", MaxPerDay)
	if left := MaxPerDay - int(recent.Documents); left > 0 {
		msg = fmt.Sprintf("You can upload at most %d documents in 24 hours: %d more for now.", MaxPerDay, left)
	}
	return &apperr.Error{Kind: apperr.ErrResourceExhausted, Message: msg,
		RetryAfter: max(time.Duration(recent.RetryAfterSeconds)*time.Second, time.Minute)}
}

// Received is one document read, recognised by its content and stored under a random key, not
// yet recorded.
type Received struct {
	Token, Key, FileName, ContentType string
	Bytes                             int32
	SHA256                            [sha256.Size]byte
}

// Receive reads f (up to MaxBytes), recognises it as a JPEG, PNG or WebP image or a PDF by its
// content, and stores it in files under documents/<token>.<ext>. A file too large or of another
// kind is refused with a message naming it.
func Receive(ctx context.Context, files Store, f File) (Received, error) {
	name := cleanName(f.Name)
	data, err := io.ReadAll(io.LimitReader(f.Body, MaxBytes+1))
	if err != nil {
		return Received{}, fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	if int64(len(data)) > MaxBytes {
		return Received{}, apperr.New(apperr.ErrInvalidArgument, errTooLarge, name)
	}
	format, ok := sniff(data[:min(len(data), 32)])
	if !ok {
		return Received{}, apperr.New(apperr.ErrInvalidArgument, errNotDocument, name)
	}
	t := types[format]
	token := randomToken()
	key := "documents/" + token + "." + t[0]
	if err := files.Write(ctx, key, data, t[1]); err != nil {
		return Received{}, fmt.Errorf("store document: %w", err)
	}
	return Received{Token: token, Key: key, FileName: name, ContentType: t[1], Bytes: int32(len(data)), SHA256: sha256.Sum256(data)}, nil
}

// Discard deletes the files of documents received but not recorded (an upload refused midway).
func Discard(ctx context.Context, files Store, received []Received) {
	for _, r := range received {
		_ = files.Delete(context.WithoutCancel(ctx), r.Key)
	}
}

// cleanName keeps a client's file name displayable: its base, valid UTF-8 without control
// characters, at most 255 bytes; "document" when nothing is left.
func cleanName(name string) string {
	name = path.Base(strings.ReplaceAll(strings.ToValidUTF8(name, ""), `\`, "/"))
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' {
			return -1
		}
		return r
	}, name)
	for len(name) > 255 {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	if name == "" || name == "." || name == "/" {
		return "document"
	}
	return name
}

func randomToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// Submitted is a direct-verification request sent to the administrators.
type Submitted struct {
	RequestID int32
	Documents int
}

// Submit sends the caller's uploaded documents (their URLs, from Upload) for the property with
// optional notes to the administrators as one request. It does not verify the property: an
// administrator's approval does. One request per property waits at a time.
func (s *Service) Submit(ctx context.Context, propertyID int32, urls []string, notes string) (Submitted, error) {
	me, err := s.owned(ctx, propertyID)
	if err != nil {
		return Submitted{}, err
	}
	notes = strings.TrimSpace(notes)
	var v apperr.Validator
	v.Check(len(urls) > 0, "documentUrls", ErrNoDocuments.Error())
	v.Check(len(urls) <= MaxPerUpload, "documentUrls", ErrTooMany.Error())
	v.Check(utf8.RuneCountInString(notes) <= MaxNotes, "notes", errNotesTooLong)
	if err := v.Err(); err != nil {
		return Submitted{}, err
	}
	tokens := make([]string, 0, len(urls))
	seen := map[string]bool{}
	for _, u := range urls {
		token, ok := strings.CutPrefix(strings.TrimSpace(u), URLPrefix)
		if !ok || len(token) != 32 || strings.Trim(token, "0123456789abcdef") != "" {
			return Submitted{}, errUnknownDoc
		}
		if !seen[token] {
			seen[token] = true
			tokens = append(tokens, token)
		}
	}
	var out Submitted
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		p, err := q.LockOwnedProperty(ctx, propertyID)
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return errNoProperty
			}
			return fmt.Errorf("lock property %d: %w", propertyID, err)
		}
		if p.LandlordID != me.ID {
			return errNotOwner
		}
		if p.Verified {
			return errVerified
		}
		var message *string
		if notes != "" {
			message = &notes
		}
		id, err := q.CreateDocumentRequest(ctx, db.CreateDocumentRequestParams{
			PropertyID: propertyID, RequestedByID: me.ID, Message: message, OwnerUsername: &me.Username,
			DocumentUrls: mapURLs(tokens),
		})
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrAlreadyExists) {
				return errWaiting
			}
			return fmt.Errorf("create document request: %w", err)
		}
		attached, err := q.AttachDocuments(ctx, db.AttachDocumentsParams{
			RequestID: &id, Tokens: tokens, OwnerID: me.ID, PropertyID: propertyID,
		})
		if err != nil {
			return fmt.Errorf("attach documents: %w", err)
		}
		if len(attached) != len(tokens) {
			return errUnknownDoc
		}
		out = Submitted{RequestID: id, Documents: len(attached)}
		return nil
	})
	return out, err
}

func mapURLs(tokens []string) []string {
	out := make([]string, len(tokens))
	for i, t := range tokens {
		out[i] = URL(t)
	}
	return out
}

// Opened is a document opened for reading.
type Opened struct {
	io.ReadCloser
	Size                  int64
	FileName, ContentType string
}

// Open opens the document at url for the caller: its owner, an administrator, or a verifier the
// owner invited for that property; anyone else is refused.
func (s *Service) Open(ctx context.Context, url string) (Opened, error) {
	me, err := identity.RequireUser(ctx, errDocSignedOut)
	if err != nil {
		return Opened{}, err
	}
	token, ok := TokenOf(url)
	if !ok {
		return Opened{}, ErrDocMissing
	}
	d, err := s.q.GetDocumentByToken(ctx, token)
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return Opened{}, ErrDocMissing
		}
		return Opened{}, fmt.Errorf("get document: %w", err)
	}
	allowed, err := s.q.CanReadDocument(ctx, db.CanReadDocumentParams{ReaderID: me.ID, DocumentID: d.ID})
	if err != nil {
		return Opened{}, fmt.Errorf("check document reader: %w", err)
	}
	if !allowed {
		return Opened{}, errDocForbidden
	}
	if d.DeletedAt != nil {
		return Opened{}, errDocDeleted
	}
	return OpenStored(ctx, s.files, d.Key, d.FileName, d.ContentType)
}

// OpenStored opens the stored file at key, named fileName, for reading (ErrDocMissing when it is
// gone).
func OpenStored(ctx context.Context, files Store, key, fileName, contentType string) (Opened, error) {
	r, size, err := files.Read(ctx, key)
	if err != nil {
		if errors.Is(err, apperr.ErrNotFound) {
			return Opened{}, ErrDocMissing
		}
		return Opened{}, fmt.Errorf("read document: %w", err)
	}
	return Opened{ReadCloser: r, Size: size, FileName: fileName, ContentType: contentType}, nil
}

// cleanupBatch is how many documents one pass of RemoveExpired lists at a time.
const cleanupBatch = 500

// RemoveExpired deletes the files of documents whose request was decided more than RetentionDays ago
// (their rows stay, marked deleted) and documents never sent a day after their upload (rows
// too). It returns how many files it removed.
func (s *Service) RemoveExpired(ctx context.Context) (int, error) {
	removed := 0
	for {
		rows, err := s.q.ListExpiredDocuments(ctx, db.ListExpiredDocumentsParams{
			RetentionDays: RetentionDays, MaxRows: cleanupBatch})
		if err != nil {
			return removed, fmt.Errorf("list expired documents: %w", err)
		}
		failed := 0
		for _, d := range rows {
			if err := s.remove(ctx, d); err != nil {
				if ctx.Err() != nil {
					return removed, err
				}
				failed++
				continue
			}
			removed++
		}
		if len(rows) < cleanupBatch || failed == len(rows) {
			if failed > 0 {
				return removed, fmt.Errorf("remove expired documents: %d could not be deleted", failed)
			}
			return removed, nil
		}
	}
}

// remove deletes one document's file in the transaction that marks (or deletes) its row, so an
// attach at that moment either comes first or finds it gone.
func (s *Service) remove(ctx context.Context, d db.ListExpiredDocumentsRow) error {
	return store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		var n int64
		var err error
		if d.RequestID == nil {
			n, err = q.DeleteUnattachedDocument(ctx, d.ID)
		} else {
			n, err = q.MarkDocumentDeleted(ctx, d.ID)
		}
		if err != nil {
			return fmt.Errorf("mark document %d deleted: %w", d.ID, err)
		}
		if n == 0 {
			return nil
		}
		return s.files.Delete(ctx, d.Key)
	})
}
