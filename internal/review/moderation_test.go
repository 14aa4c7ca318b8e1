package review_test

// Issue 30: an administrator removes or restores any review with a reason (ModerationService),
// through the one path reported reviews take; the reported list shows each report and loses a
// review once a decision answers its reports.

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"connectrpc.com/connect"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/testworld"
)

func (w *world) moderator() adminv1connect.ModerationServiceClient {
	return adminv1connect.NewModerationServiceClient(http.DefaultClient, w.URL)
}

// publicTitles are the titles of property 1's reviews a signed-out visitor reads.
func (w *world) publicTitles(t *testing.T) []string {
	t.Helper()
	res, err := w.client.ListPropertyReviews(context.Background(), connect.NewRequest(&reviewv1.ListPropertyReviewsRequest{PropertyId: 1}))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range res.Msg.Reviews {
		out = append(out, r.Title)
	}
	return out
}

// A review nobody reported is removed with a reason: it leaves the page and the stars (a
// recount agrees), its author is told why, the decision is logged; restored, it comes back.
// Members, signed out callers, and decisions that change nothing are refused with their reason.
func TestModeratorsRemoveAndRestoreAnyReview(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	m := w.moderator()
	w.established(t, "author")
	d := draft("tenant_to_property")
	d.Title, d.Rating = "Damp and dark", 2
	target := w.create(t, "token-author", d)
	w.create(t, w.established(t, "other"), draft("tenant_to_property"))
	admin := w.Person(t, "root", "admin")
	before := w.stars(t, 1)
	if before != "3 over 2 [0 1 0 1 0]" {
		t.Fatalf("stars before: %s", before)
	}

	remove := func(token, reason string) string {
		_, err := m.RemoveReview(ctx, testworld.As(token, &adminv1.RemoveReviewRequest{ReviewId: target.Id, Reason: reason}))
		return testworld.Failure(err)
	}
	restore := func(token, reason string) string {
		_, err := m.RestoreReview(ctx, testworld.As(token, &adminv1.RestoreReviewRequest{ReviewId: target.Id, Reason: reason}))
		return testworld.Failure(err)
	}
	for _, c := range []struct{ name, got, want string }{
		{"signed out", remove("", "Spam"), "unauthenticated: Please sign in"},
		{"the author", remove("token-author", "Spam"), "permission_denied: Only administrators can moderate reviews"},
		{"the owner", remove(w.Person(t, "owner", "landlord"), "Spam"), "permission_denied: Only administrators can moderate reviews"},
		{"no reason", remove(admin, "  "), "invalid_argument: Please give the reason: the author is told"},
		{"a long reason", remove(admin, strings.Repeat("x", 501)), "invalid_argument: Reason must be at most 500 characters"},
		{"restore a published review", restore(admin, "Fine"), "failed_precondition: This review is published and no report waits on it: there is nothing to restore."},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, c.got, c.want)
		}
	}
	if got := w.stars(t, 1); got != before || w.status(t, target.Id) != "published" {
		t.Fatalf("refusals changed the review: %s, %s", got, w.status(t, target.Id))
	}

	res, err := m.RemoveReview(ctx, testworld.As(admin, &adminv1.RemoveReviewRequest{ReviewId: target.Id, Reason: "Names a neighbour"}))
	if err != nil {
		t.Fatal(err)
	}
	if res.Msg.Review.Status != "removed" || res.Msg.Review.AuthorUsername != "author" {
		t.Errorf("removed: %v", res.Msg.Review)
	}
	if got := w.stars(t, 1); got != "4 over 1 [0 0 0 1 0]" || slices.Contains(w.publicTitles(t), "Damp and dark") || w.recountDiffers(t) != 0 {
		t.Errorf("after removal: stars %s, page %v", got, w.publicTitles(t))
	}
	if got := remove(admin, "Again"); got != "failed_precondition: This review is already removed." {
		t.Errorf("removed twice: %s", got)
	}

	if _, err := m.RestoreReview(ctx, testworld.As(admin, &adminv1.RestoreReviewRequest{ReviewId: target.Id, Reason: "The name was the landlord's company"})); err != nil {
		t.Fatal(err)
	}
	if got := w.stars(t, 1); got != before || !slices.Contains(w.publicTitles(t), "Damp and dark") || w.recountDiffers(t) != 0 {
		t.Errorf("after restore: stars %s, page %v", got, w.publicTitles(t))
	}

	var notes []string
	for _, n := range w.Notifications(t, "author") {
		if n.Category == "moderation" {
			notes = append(notes, n.Kind+": "+n.Body)
		}
	}
	want := []string{
		"review_removed: A moderator removed it. The moderator wrote: “Names a neighbour”",
		"review_restored: A moderator published it again. The moderator wrote: “The name was the landlord's company”",
	}
	slices.Sort(notes)
	if !slices.Equal(notes, want) {
		t.Errorf("author's notifications:\n%s", strings.Join(notes, "\n"))
	}
	var log []string
	rows, err := w.Pool.Query(ctx, `SELECT decision || ': ' || message FROM admin_decisions WHERE review_id = $1 ORDER BY id`, target.Id)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		log = append(log, s)
	}
	if !slices.Equal(log, []string{"remove: Names a neighbour", "restore: The name was the landlord's company"}) {
		t.Errorf("admin_decisions: %v", log)
	}

	// Found by its number and by its author, in any status.
	for _, q := range []string{fmt.Sprintf("#%d", target.Id), "author"} {
		found, err := m.SearchReviews(ctx, testworld.As(admin, &adminv1.SearchReviewsRequest{Query: q}))
		if err != nil || len(found.Msg.Reviews) == 0 || found.Msg.Reviews[0].Id != target.Id {
			t.Errorf("search %q: %v %v", q, found, err)
		}
	}
	if _, err := m.SearchReviews(ctx, testworld.As("token-author", &adminv1.SearchReviewsRequest{})); connect.CodeOf(err) != connect.CodePermissionDenied {
		t.Errorf("a member searches: %v", err)
	}

	// Its author deletes it (as closing an account with its reviews does): no decision brings it
	// back or touches it, and the deleted ones are found by that status.
	w.Exec(t, `UPDATE reviews SET status = 'deleted' WHERE id = $1`, target.Id)
	for _, got := range []string{restore(admin, "Reported by mistake"), remove(admin, "Spam")} {
		if got != "failed_precondition: Its author deleted this review: it cannot be restored or removed." {
			t.Errorf("a decision on a deleted review: %s", got)
		}
	}
	if w.status(t, target.Id) != "deleted" || slices.Contains(w.publicTitles(t), "Damp and dark") {
		t.Errorf("the deleted review came back: %s", w.status(t, target.Id))
	}
	found, err := m.SearchReviews(ctx, testworld.As(admin, &adminv1.SearchReviewsRequest{Status: "deleted"}))
	if err != nil || len(found.Msg.Reviews) != 1 || found.Msg.Reviews[0].Id != target.Id {
		t.Errorf("deleted reviews: %v %v", found, err)
	}
}

// The reported list shows each report waiting for a decision: reason, note, reporter, whether
// the reporter is established and whether another report came from the same network. A restore
// answers the reports and takes the review off both reported lists until it is reported again.
func TestReportedListShowsReportsAndLosesRestoredReviews(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	m := w.moderator()
	target := w.create(t, w.Member(t, "author", "tenant"), draft("tenant_to_property"))
	admin := w.Person(t, "root", "admin")
	report := func(token string, c client, detail string) {
		t.Helper()
		req := testworld.As(token, &reviewv1.ReportReviewRequest{ReviewId: target.Id, Reason: "false_information", Detail: detail})
		if _, err := w.client.ReportReview(ctx, testworld.From(req, c.ip, c.device)); err != nil {
			t.Fatal(err)
		}
	}
	report(w.established(t, "rita"), client{"192.0.2.10", "device-rita"}, "They never lived there.")
	report(w.Person(t, "rob", "tenant"), client{"192.0.2.10", "device-rob"}, "")
	report(w.established(t, "ros"), client{"198.51.100.7", "device-ros"}, "Copied from another site.")

	listed := func() []*adminv1.ModeratedReview {
		t.Helper()
		res, err := m.ListReportedReviews(ctx, testworld.As(admin, &adminv1.ListReportedReviewsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg.Reviews
	}
	got := listed()
	if len(got) != 1 || got[0].Id != target.Id || len(got[0].Reports) != 3 {
		t.Fatalf("reported list: %v", got)
	}
	var lines []string
	for _, r := range got[0].Reports {
		lines = append(lines, fmt.Sprintf("%s %s %q established=%v shared=%v", r.ReporterUsername, r.Reason, r.Note, r.ReporterEstablished, r.SharedNetwork))
	}
	wantLines := []string{
		`rita false_information "They never lived there." established=true shared=true`,
		`rob false_information "" established=false shared=true`,
		`ros false_information "Copied from another site." established=true shared=false`,
	}
	if !slices.Equal(lines, wantLines) {
		t.Errorf("reports:\n%s", strings.Join(lines, "\n"))
	}
	if _, err := m.ListReportedReviews(ctx, testworld.As("token-rob", &adminv1.ListReportedReviewsRequest{})); connect.CodeOf(err) != connect.CodePermissionDenied {
		t.Errorf("a member lists reports: %v", err)
	}

	if _, err := m.RestoreReview(ctx, testworld.As(admin, &adminv1.RestoreReviewRequest{ReviewId: target.Id, Reason: "The stay is documented."})); err != nil {
		t.Fatal(err)
	}
	if got := listed(); len(got) != 0 {
		t.Errorf("restored review still listed: %v", got)
	}
	old, err := w.client.ListReportedReviews(ctx, testworld.As(admin, &reviewv1.ListReportedReviewsRequest{}))
	if err != nil || len(old.Msg.Reviews) != 0 {
		t.Errorf("ReviewService's reported list after the restore: %v %v", old, err)
	}
	// Each reporter heard the review was kept.
	for _, name := range []string{"rita", "rob", "ros"} {
		if kinds := w.moderation(t, name); !slices.Equal(kinds, []string{"report_decided"}) {
			t.Errorf("%s's notifications: %v", name, kinds)
		}
	}
	// Reported again, it is back, with only the new report.
	report(w.established(t, "sam"), client{"203.0.113.9", "device-sam"}, "Still false.")
	if got := listed(); len(got) != 1 || len(got[0].Reports) != 1 || got[0].Reports[0].ReporterUsername != "sam" {
		t.Errorf("reported again: %v", got)
	}
}

// A moderator does not decide on their own review or on a review of their own property (removing
// the one bad review of it, restoring a praising one): another administrator does.
func TestModeratorsDoNotDecideTheirOwnReviews(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	d := draft("tenant_to_property")
	d.Title, d.Rating = "Damp and dark", 1
	bad := w.create(t, w.established(t, "critic"), d)
	w.Exec(t, `UPDATE users SET role = 'admin' WHERE username = 'owner'`) // property 1's owner
	owner := w.Person(t, "owner", "admin")
	author := w.established(t, "ann")
	w.Exec(t, `UPDATE users SET role = 'admin' WHERE username = 'ann'`)
	own := w.create(t, author, draft("general"))
	const refused = "permission_denied: You wrote this review or own its property: another administrator must decide it."
	for name, c := range map[string]struct {
		token  string
		review int32
	}{"the property's owner": {owner, bad.Id}, "the review's author": {author, own.Id}} {
		_, err := w.moderator().RemoveReview(ctx, testworld.As(c.token, &adminv1.RemoveReviewRequest{ReviewId: c.review, Reason: "Unfair"}))
		if got := testworld.Failure(err); got != refused {
			t.Errorf("%s removing: %s", name, got)
		}
		if w.status(t, c.review) != "published" {
			t.Errorf("%s's refused removal changed the review", name)
		}
	}
	if _, err := w.moderator().RemoveReview(ctx, testworld.As(w.Person(t, "root", "admin"), &adminv1.RemoveReviewRequest{ReviewId: bad.Id, Reason: "Names a neighbour"})); err != nil {
		t.Fatalf("another administrator removing: %v", err)
	}
	if _, err := w.moderator().RestoreReview(ctx, testworld.As(owner, &adminv1.RestoreReviewRequest{ReviewId: bad.Id, Reason: "Fine"})); testworld.Failure(err) != refused {
		t.Errorf("the property's owner restoring: %s", testworld.Failure(err))
	}
}
