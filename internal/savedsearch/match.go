package savedsearch

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
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

// DefaultBatch is how many saved searches one batch tells at most: the listing's own transaction
// runs one (MatchListing), the worker each of the rest of a listing that matches more.
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
// statement (MatchListingBatch, the first DefaultBatch saved searches in id order): it records
// each match in saved_search_matches, writes each newly told member's notification, and the
// email outbox rows of the searches not yet emailed today (the rest owe theirs to tomorrow's
// digest). All of it commits with the listing, or rolls back with it and tells nobody. Only a
// listing that matches more than DefaultBatch searches leaves the rest to the Worker: a job in
// saved_search_jobs from the batch's last search on, which the worker of any server takes up
// once tx commits.
//
// The listing is matched as it is in tx: an edit tells only the saved searches never told about
// this listing before (saved_search_matches), so editing a description, or moving a listing out
// of a search and back, tells nobody twice; the owner is never told about their own listing; an
// inactive listing tells nobody. Claiming a search's email of the day never waits for another
// listing's transaction holding the claim (see MatchListingBatch): that listing's email is sent,
// and this one goes to the digest. The emails' links name siteorigin.From(ctx).
//
// Its cost is the listing's: about 50 µs a search told (three rows written), so with 100,000
// saved searches on the bench's city power law, where a listing matches 200 at the median, it
// adds more than issue 32's 5 ms (TestMatchingCost; docs/benchmarks.md has the figures).
func MatchListing(ctx context.Context, tx *db.Queries, propertyID int32) error {
	row, err := tx.MatchListingBatch(ctx, batchParams(ctx, propertyID, 0, DefaultBatch))
	if err != nil {
		return fmt.Errorf("match property %d with saved searches: %w", propertyID, err)
	}
	if int(row.Matched) < DefaultBatch {
		return nil
	}
	if err := tx.EnqueueSavedSearchJob(ctx, db.EnqueueSavedSearchJobParams{PropertyID: propertyID, AfterID: row.LastID}); err != nil {
		return fmt.Errorf("enqueue property %d for saved searches after %d: %w", propertyID, row.LastID, err)
	}
	return nil
}

// batchParams is one batch of matching the listing propertyID: up to batch saved searches after
// afterID.
func batchParams(ctx context.Context, propertyID int32, afterID int64, batch int) db.MatchListingBatchParams {
	return db.MatchListingBatchParams{
		PropertyID: propertyID, AfterID: afterID, MaxRows: int32(batch),
		EmailDefault: notify.EmailDefault(notify.SavedSearches), Later: later, Origin: siteorigin.From(ctx),
	}
}

// Worker tells the rest of the members whose saved searches a listing matches, when the listing
// matched more than its transaction's one batch (MatchListing enqueued it with where that batch
// stopped), and sends the digests. Every server runs one (Run); they share the work through
// saved_search_jobs: each batch is one transaction that claims the oldest job no
// other holds (FOR UPDATE SKIP LOCKED), tells up to Batch saved searches in id order from where
// the job's last batch stopped, and records where it stopped (or deletes the job when it is done)
// in the same transaction. A crash loses the batch's writes and its progress together, so the
// next batch, on any server, does it again; saved_search_matches makes each (search, listing) told
// once even then, and when two jobs of one listing, or a job and an edit's transaction, run at once.
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
		row, err := q.MatchListingBatch(ctx, batchParams(ctx, job.PropertyID, job.AfterID, batch))
		if err != nil {
			return fmt.Errorf("match property %d with saved searches after %d: %w", job.PropertyID, job.AfterID, err)
		}
		m = Matched{Notified: row.Notified, Emailed: row.Emailed, Owed: row.Owed}
		if int(row.Matched) < batch {
			return q.DeleteSavedSearchJob(ctx, job.ID)
		}
		return q.AdvanceSavedSearchJob(ctx, db.AdvanceSavedSearchJobParams{ID: job.ID, AfterID: row.LastID})
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
