package tenancy

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/document"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/store"
)

// Kinds of documents a tenant sends: in their name at that address.
var Kinds = []string{"lease", "rent_receipt", "deposit_certificate", "utility_bill", "council_tax_bill"}

// File is one of a tenant's documents as the client sends it, with its kind.
type File struct {
	Kind string
	document.File
}

// The refusals of documents.
var (
	errDocSignedOut   = apperr.Unauthenticated("Please sign in to send documents for your claim.")
	errDocNotTenant   = apperr.PermissionDenied("Only the member who made this claim can send documents for it.")
	errDocNotOpen     = apperr.FailedPrecondition("Documents can be sent only while the claim is open.")
	ErrNoDocuments    = apperr.New(apperr.ErrInvalidArgument, "Please upload a lease, a rent receipt, a deposit certificate or a utility or council-tax bill in your name at that address.")
	errKind           = apperr.New(apperr.ErrInvalidArgument, "Please say what each document is: lease, rent_receipt, deposit_certificate, utility_bill or council_tax_bill.")
	errTooManyOnClaim = apperr.New(apperr.ErrInvalidArgument, "A claim holds at most %d documents.", MaxDocumentsPerClaim)
	errReadForbidden  = apperr.PermissionDenied("Only the tenant who sent this document and the administrators can open it.")
	errReadDeleted    = apperr.NotFound("This document was deleted %d days after its claim was decided.", DocumentRetentionDays)
)

// CanUpload settles, before a byte of the files is read, that the caller may send documents for
// claim id: it is theirs and open.
func (s *Service) CanUpload(ctx context.Context, id int32) error {
	_, _, err := s.uploadable(ctx, id)
	return err
}

func (s *Service) uploadable(ctx context.Context, id int32) (identity.User, db.TenantVerification, error) {
	me, err := identity.RequireUser(ctx, errDocSignedOut)
	if err != nil {
		return identity.User{}, db.TenantVerification{}, err
	}
	t, err := s.claimOf(ctx, id)
	if err != nil {
		return identity.User{}, db.TenantVerification{}, err
	}
	if nullable.Value(t.TenantID) != me.ID {
		return identity.User{}, db.TenantVerification{}, errDocNotTenant
	}
	if t.Status != StatusPending {
		return identity.User{}, db.TenantVerification{}, errDocNotOpen
	}
	return me, t, nil
}

// Upload stores the documents of one upload for the caller's open claim id and sends them to the
// administrators: the claim waits for them. Files are read one at a time and recognised by their
// content (JPEG, PNG, WebP or PDF, document.MaxBytes each); nothing is kept unless every file is
// acceptable, the claim holds at most MaxDocumentsPerClaim and the account's daily document cap
// (shared with owners' documents) has room for them all. Each file's SHA-256 is kept, so one
// document sent with two claims is shown to the administrators.
func (s *Service) Upload(ctx context.Context, id int32, files iter.Seq2[File, error]) (Tenancy, error) {
	me, t, err := s.uploadable(ctx, id)
	if err != nil {
		return Tenancy{}, err
	}
	// A first look spares reading the files when the day's room is gone; the count that decides is
	// taken again under the uploader's lock, with the rows written in the same transaction.
	if err := document.CheckQuota(ctx, s.q, me.ID, 1); err != nil {
		return Tenancy{}, err
	}
	type received struct {
		kind string
		document.Received
	}
	var done []received
	cleanup := func() {
		stored := make([]document.Received, len(done))
		for i, r := range done {
			stored[i] = r.Received
		}
		document.Discard(ctx, s.files, stored)
	}
	for f, err := range files {
		if err == nil && !slices.Contains(Kinds, f.Kind) {
			err = errKind
		}
		if err == nil && len(done) == MaxDocumentsPerClaim {
			err = errTooManyOnClaim
		}
		var r document.Received
		if err == nil {
			r, err = document.Receive(ctx, s.files, f.File)
		}
		if err != nil {
			cleanup()
			return Tenancy{}, err
		}
		done = append(done, received{kind: f.Kind, Received: r})
	}
	if len(done) == 0 {
		return Tenancy{}, ErrNoDocuments
	}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := q.LockUploader(ctx, me.ID); err != nil {
			return fmt.Errorf("lock uploader: %w", err)
		}
		l, err := lock(ctx, q, t)
		if err != nil {
			return err
		}
		if l.claim.Status != StatusPending {
			return errDocNotOpen
		}
		if err := document.CheckQuota(ctx, q, me.ID, len(done)); err != nil {
			return err
		}
		held, err := q.CountTenancyDocuments(ctx, id)
		if err != nil {
			return fmt.Errorf("count the documents of tenancy %d: %w", id, err)
		}
		if int(held)+len(done) > MaxDocumentsPerClaim {
			return errTooManyOnClaim
		}
		for _, f := range done {
			if _, err := q.CreateTenancyDocument(ctx, db.CreateTenancyDocumentParams{
				Token: f.Token, Key: f.Key, TenantID: &me.ID, TenancyID: id, Kind: f.kind,
				FileName: f.FileName, ContentType: f.ContentType, Bytes: f.Bytes, Sha256: f.SHA256[:],
			}); err != nil {
				return fmt.Errorf("record tenancy document: %w", err)
			}
		}
		_, err = q.TenancyDocumentsSent(ctx, db.TenancyDocumentsSentParams{ID: id, TenantID: me.ID})
		return decidedOnce(err, id)
	})
	if err != nil {
		cleanup()
		return Tenancy{}, err
	}
	return s.one(ctx, id, asTenant)
}

// Open opens the tenant's document at url for the caller: the tenant who sent it or an
// administrator. The property's owner, like anyone else, is refused.
func (s *Service) Open(ctx context.Context, url string) (document.Opened, error) {
	me, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to open this document."))
	if err != nil {
		return document.Opened{}, err
	}
	token, ok := document.TokenOf(url)
	if !ok {
		return document.Opened{}, document.ErrDocMissing
	}
	d, err := s.q.GetTenancyDocumentByToken(ctx, token)
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return document.Opened{}, document.ErrDocMissing
		}
		return document.Opened{}, fmt.Errorf("get tenancy document: %w", err)
	}
	if nullable.Value(d.HolderID) != me.ID && !me.IsAdmin() {
		return document.Opened{}, errReadForbidden
	}
	if d.DeletedAt != nil {
		return document.Opened{}, errReadDeleted
	}
	return document.OpenStored(ctx, s.files, d.Key, d.FileName, d.ContentType)
}

// cleanupBatch is how many documents one pass of RemoveExpired lists at a time.
const cleanupBatch = 500

// RemoveExpired deletes the files of tenants' documents whose claim was decided more than
// DocumentRetentionDays ago (their rows, hashes included, stay, marked deleted). It returns how
// many files it removed.
func (s *Service) RemoveExpired(ctx context.Context) (int, error) {
	removed := 0
	for {
		rows, err := s.q.ListExpiredTenancyDocuments(ctx, db.ListExpiredTenancyDocumentsParams{
			RetentionDays: int32(DocumentRetentionDays), MaxRows: cleanupBatch})
		if err != nil {
			return removed, fmt.Errorf("list expired tenancy documents: %w", err)
		}
		failed := 0
		for _, d := range rows {
			// The file goes in the transaction that marks the row, so a reader sees one or the other.
			err := store.WithTx(ctx, s.pool, func(q *db.Queries) error {
				n, err := q.MarkTenancyDocumentDeleted(ctx, d.ID)
				if err != nil || n == 0 {
					return err
				}
				return s.files.Delete(ctx, d.Key)
			})
			if err != nil {
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
				return removed, fmt.Errorf("remove expired tenancy documents: %d could not be deleted", failed)
			}
			return removed, nil
		}
	}
}
