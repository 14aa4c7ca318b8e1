package savedsearch

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/metrics/jobs"
	"github.com/rentproof/rentproof/internal/notify"
	"github.com/rentproof/rentproof/internal/siteorigin"
	"github.com/rentproof/rentproof/internal/store"
)

// Kind is the notifications' and emails' kind of a match.
const Kind = "saved_search_match"

// DigestKind is the kind of the email that carries a day's later matches of one saved search.
const DigestKind = "saved_search_digest"

// later is the email's second paragraph: why there is only one.
const later = "We email you about each saved search at most once a day: more listings that match it today will be in your notifications now, and in one email tomorrow."

// digestNote is the digest's last paragraph: why these came together.
const digestNote = "These matched after yesterday's email about this search: we email you about each saved search at most once a day."

// MaxListed is how many listings a digest lists; it counts the rest.
const MaxListed = 10

// DefaultBatch is how many saved searches one batch matches at most: the listing's own
// transaction (MatchListing) records one, the worker tells it and matches the rest, one batch a
// transaction.
const DefaultBatch = 500

// DefaultPoll is how often the worker looks for listings to match when it found none.
const DefaultPoll = time.Second

// Matched is what the worker's batches wrote.
type Matched struct {
	Notified int32 // notifications: one per saved search told
	Emailed  int32 // emails: at most one per saved search and UTC day (a match's or a digest)
	Owed     int32 // matches left for their search's digest (its email of the day was sent)
}

func (m *Matched) add(o Matched) {
	m.Notified += o.Notified
	m.Emailed += o.Emailed
	m.Owed += o.Owed
}

// MatchListing matches the listing propertyID against the saved searches in the caller's
// transaction tx, right after the listing's row is written (property Create and Update), by one
// statement (EnqueueListingMatches): it finds the first DefaultBatch saved searches the listing
// matches as it is in tx and writes their ids in one row of saved_search_jobs, the outbox row that
// every server's Worker tells them from once tx commits. It commits with the listing, or rolls
// back with it and tells nobody; it writes nothing when nothing matches. Its cost is one read of
// the searches' indexes and one row, whatever the number matched (issue 32's 5 ms: TestMatchingCost).
//
// The owner is never told about their own listing; an inactive listing matches nothing.
func MatchListing(ctx context.Context, tx *db.Queries, propertyID int32) error {
	if err := tx.EnqueueListingMatches(ctx, db.EnqueueListingMatchesParams{PropertyID: propertyID, MaxRows: DefaultBatch}); err != nil {
		return fmt.Errorf("match property %d with saved searches: %w", propertyID, err)
	}
	return nil
}

// batchParams is one batch of telling the listing propertyID's matches: the job's searchIDs, or
// else up to batch saved searches it matches after afterID.
func batchParams(ctx context.Context, propertyID int32, afterID int64, searchIDs []int64, batch int) db.MatchListingBatchParams {
	return db.MatchListingBatchParams{
		PropertyID: propertyID, AfterID: afterID, MaxRows: int32(batch), SearchIds: searchIDs,
		EmailDefault: notify.EmailDefault(notify.SavedSearches), Later: later, Origin: siteorigin.From(ctx),
	}
}

// Worker tells the members whose saved searches a listing matched (the ids its transaction wrote,
// MatchListing), matches the rest of a listing that matched a whole batch, and sends the digests.
// Every server runs one (Run); they share the work through saved_search_jobs: each batch is one
// transaction that claims the oldest job no other holds (FOR UPDATE SKIP LOCKED), tells its ids,
// or else up to Batch saved searches in id order from where the job's last batch stopped, and
// records where it stopped (or deletes the job when it is done) in the same transaction. A crash
// loses the batch's writes and its progress together, so the next batch, on any server, does it
// again; saved_search_matches makes each (search, listing) told once even then, and when two jobs
// of one listing (quick edits) run at once. The emails' links name siteorigin.From(ctx).
//
// After the jobs, each worker sends the digests due (Digest): the matches a search's email of the
// day could not carry, together, the next UTC day.
type Worker struct {
	pool *pgxpool.Pool
	// Batch is how many saved searches one transaction tells at most (default DefaultBatch).
	Batch int
	// Poll is how long Run waits after finding nothing to do (default DefaultPoll). It polls
	// rather than LISTENs: a NOTIFY from the listing's transaction would serialise the commits of
	// every transaction that notified (sql/migrations/20261129000700).
	Poll time.Duration
}

// NewWorker returns a worker over pool with the default batch and poll interval.
func NewWorker(pool *pgxpool.Pool) *Worker {
	return &Worker{pool: pool, Batch: DefaultBatch, Poll: DefaultPoll}
}

// Run works the queue until ctx ends: every job there is, then again each Poll. The emails'
// links name siteorigin.From(ctx). Call it once per server, in its own goroutine.
func (w *Worker) Run(ctx context.Context) {
	for ctx.Err() == nil {
		if m, err := w.RunOnce(ctx); jobs.Failed(ctx, "saved_search_matches", err) {
			slog.WarnContext(ctx, "saved searches: matching failed", "notified", m.Notified, "err", err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(w.poll()):
		}
	}
}

// RunOnce runs batches until no job is left that another transaction does not hold, then sends
// the digests due, and returns what they wrote.
func (w *Worker) RunOnce(ctx context.Context) (Matched, error) {
	var total Matched
	for ctx.Err() == nil {
		found, m, err := w.Step(ctx)
		total.add(m)
		if err != nil {
			return total, err
		}
		if !found {
			break
		}
	}
	for ctx.Err() == nil {
		more, emailed, err := w.Digest(ctx)
		total.Emailed += emailed
		if err != nil || !more {
			return total, err
		}
	}
	return total, ctx.Err()
}

// Digest sends one batch of the digests due (DigestSavedSearches): each saved search owed
// matches from an earlier day, whose email of today is not sent yet, gets them in one email. more
// is true when the batch was full.
func (w *Worker) Digest(ctx context.Context) (more bool, emailed int32, err error) {
	batch, q := w.batch(), db.New(w.pool)
	// Most polls find none due: one index probe says so.
	if due, err := q.SavedSearchDigestsDue(ctx); err != nil || !due {
		return false, 0, err
	}
	row, err := q.DigestSavedSearches(ctx, db.DigestSavedSearchesParams{
		MaxSearches: int32(batch), EmailDefault: notify.EmailDefault(notify.SavedSearches),
		Origin: siteorigin.From(ctx), MaxListed: MaxListed, DigestNote: digestNote,
	})
	if err != nil {
		return false, 0, fmt.Errorf("send saved-search digests: %w", err)
	}
	return int(row.Searches) == batch, row.Emailed, nil
}

// Step runs one batch of the oldest job no other transaction holds, in one transaction; found is
// false when there was none.
func (w *Worker) Step(ctx context.Context) (found bool, m Matched, err error) {
	batch := w.batch()
	err = store.WithTx(ctx, w.pool, func(q *db.Queries) error {
		job, err := q.ClaimSavedSearchJob(ctx)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("claim a saved-search job: %w", err)
		}
		found = true
		row, err := q.MatchListingBatch(ctx, batchParams(ctx, job.PropertyID, job.AfterID, job.SearchIds, batch))
		if err != nil {
			return fmt.Errorf("tell property %d's saved searches after %d: %w", job.PropertyID, job.AfterID, err)
		}
		m = Matched{Notified: row.Notified, Emailed: row.Emailed, Owed: row.Owed}
		// More may match when the batch was full: the ids the listing's transaction found (at
		// most DefaultBatch), or what this batch matched. A batch that filled before reaching the
		// last of the job's ids (the listing matches others now) checked only those up to
		// LastID: the next batch goes on from there, matching the listing as it is now.
		last, full := row.LastID, int(row.Matched) == batch
		if job.SearchIds != nil && (!full || row.LastID >= slices.Max(job.SearchIds)) {
			full = len(job.SearchIds) >= DefaultBatch
			if full {
				last = slices.Max(job.SearchIds)
			}
		}
		if !full {
			return q.DeleteSavedSearchJob(ctx, job.ID)
		}
		return q.AdvanceSavedSearchJob(ctx, db.AdvanceSavedSearchJobParams{ID: job.ID, AfterID: last})
	})
	if err != nil {
		return found, Matched{}, err
	}
	return found, m, nil
}

func (w *Worker) batch() int {
	if w.Batch <= 0 {
		return DefaultBatch
	}
	return w.Batch
}

func (w *Worker) poll() time.Duration {
	if w.Poll <= 0 {
		return DefaultPoll
	}
	return w.Poll
}
