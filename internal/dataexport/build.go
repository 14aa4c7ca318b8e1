package dataexport

import (
	"archive/zip"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/metrics/jobs"
	"github.com/rentproof/rentproof/internal/notify"
	"github.com/rentproof/rentproof/internal/store"
)

// The builder. Every server runs one (Run); each pass claims one pending export at a time with
// FOR UPDATE SKIP LOCKED and a lease (as internal/mail's sender claims mail), builds it with no
// transaction open, then marks it ready and notifies its member in one transaction. A server
// that dies mid-build leaves a half-written file nobody can read (the store keeps a file only
// when its writer closes) and the row to be claimed again when the lease ends.
const (
	// DefaultPoll is how often a server looks for exports to build.
	DefaultPoll = 2 * time.Second
	// Lease is how long a claim keeps other servers off an export.
	Lease = 15 * time.Minute
	// MaxAttempts is how many builds are tried before an export is failed for good.
	MaxAttempts = 3
	// retryAfter is how long a failed build waits before the next try.
	retryAfter = time.Minute
	// pageSize is how many rows of one kind are read per statement: a member's rows are streamed
	// into the zip a page at a time, never held all at once.
	pageSize = 500
)

// Run builds due exports every poll (DefaultPoll when 0) until ctx ends. Call it once per
// server, in its own goroutine, with siteorigin on ctx (the links of the emails it writes).
func (s *Service) Run(ctx context.Context, poll time.Duration) {
	if poll <= 0 {
		poll = DefaultPoll
	}
	for ctx.Err() == nil {
		if n, err := s.BuildDue(ctx); jobs.Failed(ctx, "build_data_exports", err) {
			slog.WarnContext(ctx, "building data exports", "built", n, "err", err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(poll):
		}
	}
}

// BuildDue builds every pending export, one claim at a time, and returns how many it made ready.
// A build that fails is retried after a minute, MaxAttempts times, then the export is failed
// and its member told; that is not an error of the pass. The error is the database's.
func (s *Service) BuildDue(ctx context.Context) (int, error) {
	built := 0
	for ctx.Err() == nil {
		step := context.WithoutCancel(ctx) // the row's bookkeeping finishes; ctx stops the build itself
		c, err := s.q.ClaimDataExport(step, int32(Lease/time.Second))
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return built, nil
		}
		if err != nil {
			return built, fmt.Errorf("claim data export: %w", err)
		}
		if c.Attempts > MaxAttempts { // every try so far ended with its server: no more
			if err := s.postpone(step, c, errors.New("every build stopped with its server"), false); err != nil {
				return built, err
			}
			continue
		}
		size, err := s.build(ctx, c)
		if err != nil {
			if err := s.postpone(step, c, err, ctx.Err() != nil); err != nil {
				return built, err
			}
			continue
		}
		ready, err := s.ready(step, c, size)
		if err != nil {
			return built, err
		}
		if ready {
			built++
		}
	}
	return built, nil
}

// ready marks a built export ready and tells its member, in one transaction; an export no longer
// pending (it was removed meanwhile) loses its file instead.
func (s *Service) ready(ctx context.Context, c db.ClaimDataExportRow, size int64) (bool, error) {
	marked := false
	err := store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		expires, err := q.MarkDataExportReady(ctx, db.MarkDataExportReadyParams{
			ValiditySeconds: int32(Validity / time.Second), Bytes: &size, ID: c.ID})
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return nil
		}
		if err != nil || expires == nil {
			return fmt.Errorf("mark data export %d ready: %w", c.ID, err)
		}
		marked = true
		return notify.Send(ctx, q, notify.Notice{
			UserID: c.UserID, Category: notify.DataExports, Kind: "data_export_ready",
			Title: "Your data is ready to download",
			Body: fmt.Sprintf("The copy of your RentProof data you asked for is ready. You can download it from Settings › Your data until %s.",
				expires.UTC().Format("2 January 2006 at 15:04 UTC")),
			Link: "/settings#your-data", Action: "Download your data",
		})
	})
	if err == nil && !marked {
		err = s.files.Delete(ctx, FileKey(c.Token))
	}
	return marked, err
}

// postpone records a failed build: tried again after retryAfter (at once when shutdown cut it
// short), or, after MaxAttempts, failed for good with its member told.
func (s *Service) postpone(ctx context.Context, c db.ClaimDataExportRow, cause error, cut bool) error {
	dead := !cut && c.Attempts >= MaxAttempts
	retry := retryAfter
	if cut {
		retry = 0
	}
	level := slog.LevelWarn
	if dead {
		level = slog.LevelError
	}
	slog.Log(ctx, level, "data export not built", "export", c.ID, "attempt", c.Attempts, "dead", dead, "err", cause)
	msg := clip(cause.Error(), 500)
	return store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := q.PostponeDataExport(ctx, db.PostponeDataExportParams{
			Dead: dead, RetrySeconds: int32(retry / time.Second), LastError: &msg, ID: c.ID}); err != nil {
			return fmt.Errorf("postpone data export %d: %w", c.ID, err)
		}
		if !dead {
			return nil
		}
		return notify.Send(ctx, q, notify.Notice{
			UserID: c.UserID, Category: notify.DataExports, Kind: "data_export_failed",
			Title: "Your copy of your data could not be made",
			Body:  "Something went wrong on our side. Please ask for a new one in Settings › Your data: a failed one does not count toward one a day.",
			Link:  "/settings#your-data", Action: "Ask again",
		})
	})
}

// clip shortens s to at most n bytes, keeping it valid UTF-8.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// countingWriter counts the bytes written through it (the file's size).
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// build writes the export's zip to the store, streamed, and returns its size. On failure the
// half-written file is discarded.
func (s *Service) build(ctx context.Context, c db.ClaimDataExportRow) (int64, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := s.files.Create(ctx, FileKey(c.Token), "application/zip")
	if err != nil {
		return 0, fmt.Errorf("create export file: %w", err)
	}
	counted := &countingWriter{w: w}
	zw := zip.NewWriter(counted)
	err = s.write(ctx, zw, c)
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		cancel() // the store discards a file whose writer's context ended before Close
		_ = w.Close()
		return 0, err
	}
	if err := w.Close(); err != nil {
		return 0, fmt.Errorf("store export file: %w", err)
	}
	return counted.n, nil
}

// page asks for one page of a member's rows of one kind, after the previous page's last seq.
type page struct {
	UserID  int32
	After   int64
	MaxRows int32
}

// row is one exported row: its place in the kind's order, its JSON, and the key of its file in
// the store, if it has one ("" otherwise).
type row struct {
	Seq     int64
	Doc     []byte
	FileKey string
}

// docRow and fileDocRow are the shapes of the export queries' rows (sqlc makes one type per query).
type (
	docRow struct {
		Seq int64
		Doc []byte
	}
	fileDocRow struct {
		Seq     int64
		FileKey string
		Doc     []byte
	}
)

// kind is one JSON file of the export: a list of the member's rows of one kind.
type kind struct {
	file  string
	about string // what it holds, for README.txt
	rows  func(ctx context.Context, q *db.Queries, p page) ([]row, error)
}

// docs adapts a query of rows without files to a kind's rows.
func docs[P ~struct {
	UserID  int32
	After   int64
	MaxRows int32
}, R ~struct {
	Seq int64
	Doc []byte
}](list func(*db.Queries, context.Context, P) ([]R, error)) func(context.Context, *db.Queries, page) ([]row, error) {
	return func(ctx context.Context, q *db.Queries, p page) ([]row, error) {
		rs, err := list(q, ctx, P(p))
		out := make([]row, len(rs))
		for i, r := range rs {
			d := docRow(r) // a type parameter's fields are reached through a conversion
			out[i] = row{Seq: d.Seq, Doc: d.Doc}
		}
		return out, err
	}
}

// withFiles adapts a query of rows with files to a kind's rows.
func withFiles[P ~struct {
	UserID  int32
	After   int64
	MaxRows int32
}, R ~struct {
	Seq     int64
	FileKey string
	Doc     []byte
}](list func(*db.Queries, context.Context, P) ([]R, error)) func(context.Context, *db.Queries, page) ([]row, error) {
	return func(ctx context.Context, q *db.Queries, p page) ([]row, error) {
		rs, err := list(q, ctx, P(p))
		out := make([]row, len(rs))
		for i, r := range rs {
			d := fileDocRow(r)
			out[i] = row{Seq: d.Seq, Doc: d.Doc, FileKey: d.FileKey}
		}
		return out, err
	}
}

// kinds are the export's JSON files besides profile.json, in the zip's order. Each is one
// statement (sql/queries/data_exports.sql) over the member's own rows only.
var kinds = []kind{
	{"reviews.json", "the reviews you wrote, in every status (their photos are in uploads.json and files/reviews/)", docs((*db.Queries).ExportReviews)},
	{"review_responses.json", "your responses, as owner, to reviews of your listings", docs((*db.Queries).ExportReviewResponses)},
	{"helpful_votes.json", "the reviews you found helpful", docs((*db.Queries).ExportHelpfulVotes)},
	{"listings.json", "your listings", docs((*db.Queries).ExportListings)},
	{"uploads.json", "the images you uploaded, listing images and review photos, each with its file under files/", withFiles((*db.Queries).ExportUploads)},
	{"tenancies.json", "your tenancy claims", docs((*db.Queries).ExportTenancies)},
	{"verification_requests.json", "the verification requests you sent and those sent to you (direction)", docs((*db.Queries).ExportVerificationRequests)},
	{"ownership_documents.json", "the ownership documents you sent, each with its file under files/documents/", withFiles((*db.Queries).ExportOwnershipDocuments)},
	{"tenancy_documents.json", "the tenancy documents you sent, each with its file under files/documents/", withFiles((*db.Queries).ExportTenancyDocuments)},
	{"ledger.json", "your token ledger: every credit and debit", docs((*db.Queries).ExportLedger)},
	{"xp_history.json", "your activities and the XP they earned", docs((*db.Queries).ExportActivities)},
	{"badges.json", "the badges you earned", docs((*db.Queries).ExportBadges)},
	{"achievements.json", "the achievements you earned", docs((*db.Queries).ExportAchievements)},
	{"notifications.json", "your notifications", docs((*db.Queries).ExportNotifications)},
	{"contact_messages.json", "the messages you sent us while signed in", docs((*db.Queries).ExportContactMessages)},
	{"sign_ins.json", "your sign-ins", docs((*db.Queries).ExportSignIns)},
	{"sessions.json", "your sessions (without their tokens)", docs((*db.Queries).ExportSessions)},
	{"reports.json", "the reviews you reported", docs((*db.Queries).ExportReports)},
	{"saved_properties.json", "the properties you saved", docs((*db.Queries).ExportSavedProperties)},
	{"saved_searches.json", "your saved searches: their names, places, filters and whether their alerts are on", docs((*db.Queries).ExportSavedSearches)},
	{"enquiries.json", "your enquiry conversations, those you started and those about your listings, with their messages (yours and the other member's) and viewings", docs((*db.Queries).ExportEnquiries)},
}

// write writes the whole export into zw: README.txt, profile.json, one JSON file per kind, then
// the files those rows name, each copied from the store as a stream.
func (s *Service) write(ctx context.Context, zw *zip.Writer, c db.ClaimDataExportRow) error {
	if err := writeReadme(zw); err != nil {
		return err
	}
	profile, err := s.q.ExportProfile(ctx, c.UserID)
	if err != nil {
		return fmt.Errorf("export profile: %w", err)
	}
	f, err := zw.Create("profile.json")
	if err != nil {
		return err
	}
	if _, err := f.Write(append(profile, '\n')); err != nil {
		return err
	}
	var files []string // keys only: the files themselves are streamed after the lists
	for _, k := range kinds {
		keys, err := s.writeKind(ctx, zw, k, c.UserID)
		if err != nil {
			return fmt.Errorf("export %s: %w", k.file, err)
		}
		files = append(files, keys...)
	}
	var missing []string
	for _, fileKey := range files {
		ok, err := s.copyFile(ctx, zw, fileKey)
		if err != nil {
			return fmt.Errorf("export file %s: %w", fileKey, err)
		}
		if !ok {
			missing = append(missing, "files/"+fileKey)
		}
	}
	if len(missing) > 0 {
		f, err := zw.Create("missing_files.txt")
		if err != nil {
			return err
		}
		_, err = io.WriteString(f, "These files were listed but no longer stored when this export was made:\n"+strings.Join(missing, "\n")+"\n")
		return err
	}
	return nil
}

// writeKind writes one kind's JSON list a page at a time and returns the store keys of the files
// its rows name.
func (s *Service) writeKind(ctx context.Context, zw *zip.Writer, k kind, userID int32) ([]string, error) {
	f, err := zw.Create(k.file)
	if err != nil {
		return nil, err
	}
	if _, err := io.WriteString(f, "["); err != nil {
		return nil, err
	}
	var keys []string
	sep := "\n"
	for p := (page{UserID: userID, MaxRows: pageSize}); ; {
		rows, err := k.rows(ctx, s.q, p)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			if _, err := io.WriteString(f, sep); err != nil {
				return nil, err
			}
			if _, err := f.Write(r.Doc); err != nil {
				return nil, err
			}
			sep = ",\n"
			if r.FileKey != "" {
				keys = append(keys, r.FileKey)
			}
		}
		if len(rows) < pageSize {
			break
		}
		p.After = rows[len(rows)-1].Seq
	}
	_, err = io.WriteString(f, "\n]\n")
	return keys, err
}

// copyFile streams the stored file at fileKey into the zip under files/; false when it is gone.
func (s *Service) copyFile(ctx context.Context, zw *zip.Writer, fileKey string) (bool, error) {
	r, _, err := s.files.Read(ctx, fileKey)
	if errors.Is(err, apperr.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer r.Close()
	// Images and PDFs are compressed already: stored, not deflated again.
	f, err := zw.CreateHeader(&zip.FileHeader{Name: "files/" + fileKey, Method: zip.Store, Modified: time.Now()})
	if err != nil {
		return false, err
	}
	_, err = io.Copy(f, r)
	return err == nil, err
}

// writeReadme writes README.txt: what each file holds.
func writeReadme(zw *zip.Writer) error {
	f, err := zw.Create("README.txt")
	if err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("Your RentProof data\n\nEverything RentProof holds about you, as JSON (one file per kind of data) and your files.\n\n")
	b.WriteString("profile.json: your account and profile (your password and security answers are stored only as hashes and are not included)\n")
	for _, k := range kinds {
		fmt.Fprintf(&b, "%s: %s\n", k.file, k.about)
	}
	b.WriteString("files/: the files named in uploads.json, ownership_documents.json and tenancy_documents.json\n\n")
	b.WriteString("Reviews other people wrote about your listings, and claims others made on them, are their authors' data and are not included.\n")
	_, err = io.WriteString(f, b.String())
	return err
}

// cleanupBatch is how many expired exports one pass of RemoveExpired takes at a time.
const cleanupBatch = 100

// RemoveExpired deletes the files of exports past their Validity (their rows stay, shown as
// expired) and returns how many it removed. Each file goes in the transaction that marks its
// row, so a download at that moment either opens it first or is told it expired.
func (s *Service) RemoveExpired(ctx context.Context) (int, error) {
	removed := 0
	for {
		rows, err := s.q.ListExpiredDataExports(ctx, cleanupBatch)
		if err != nil {
			return removed, fmt.Errorf("list expired data exports: %w", err)
		}
		for _, e := range rows {
			err := store.WithTx(ctx, s.pool, func(q *db.Queries) error {
				n, err := q.MarkDataExportDeleted(ctx, e.ID)
				if err != nil || n == 0 {
					return err
				}
				return s.files.Delete(ctx, FileKey(e.Token))
			})
			if err != nil {
				return removed, fmt.Errorf("remove data export %d: %w", e.ID, err)
			}
			removed++
		}
		if len(rows) < cleanupBatch {
			return removed, nil
		}
	}
}
