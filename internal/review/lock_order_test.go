package review_test

// One lock order for a property and its reviews: the property first. A move of a listing takes
// the property and then its reviews (LockPropertyForEdit, UncountReviewsElsewhere); a moderator's
// decision, a report that hides a review, an account closure that deletes its reviews and the
// catch-up each change a review's standing in the stars, which the trigger writes to the property.
// Taken review first, either of a pair would wait for the other and PostgreSQL would abort one of
// them (a deadlock, and the owner's edit or the decision failed). Each test holds property 1 as a
// move does, lets the other change start, then takes the reviews: both must finish.

import (
	"context"
	"fmt"
	"testing"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/review"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// duringMove runs change while a transaction holds property 1 as a move does: the property first,
// then (once change has finished or waits for a lock) its reviews (testworld.Interleave).
func (w *world) duringMove(t *testing.T, change func() error) {
	t.Helper()
	w.Interleave(t, `SELECT id FROM properties WHERE id = 1 FOR NO KEY UPDATE`,
		`SELECT id FROM reviews WHERE property_id = 1 ORDER BY id FOR UPDATE`, change)
}

func TestModerationBesideAMove(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	target := w.create(t, w.established(t, "author"), draft("tenant_to_property"))
	admin := w.Person(t, "root", "admin")
	w.duringMove(t, func() error {
		_, err := w.moderator().RemoveReview(context.Background(),
			testworld.As(admin, &adminv1.RemoveReviewRequest{ReviewId: target.Id, Reason: "Spam"}))
		return err
	})
	if got := w.stars(t, 1); got != "0 over 0 [0 0 0 0 0]" {
		t.Errorf("stars after the removal: %s, want none", got)
	}
}

func TestHidingReportBesideAMove(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	target := w.create(t, w.established(t, "author"), draft("tenant_to_property"))
	report := func(i int) error {
		req := testworld.As(w.established(t, fmt.Sprintf("elder%d", i)), &reviewv1.ReportReviewRequest{ReviewId: target.Id, Reason: "false_information"})
		_, err := w.client.ReportReview(context.Background(), testworld.From(req, fmt.Sprintf("198.51.100.%d", i), fmt.Sprintf("browser-%d", i)))
		return err
	}
	for i := 1; i < int(review.HideAfterReports); i++ {
		if err := report(i); err != nil {
			t.Fatal(err)
		}
	}
	w.established(t, fmt.Sprintf("elder%d", review.HideAfterReports)) // its own setup, before the move
	w.duringMove(t, func() error { return report(int(review.HideAfterReports)) })
	if got := w.status(t, target.Id); got != "hidden" {
		t.Errorf("the review after the last report: %s, want hidden", got)
	}
}

func TestCatchUpBesideAMove(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.create(t, w.Person(t, "newcomer", "tenant"), draft("tenant_to_property"))
	w.Exec(t, `UPDATE users SET created_at = now() - interval '8 days' WHERE username = 'newcomer'`)
	w.duringMove(t, func() error {
		_, err := review.NewService(w.Pool, nil).CountDue(context.Background())
		return err
	})
	// A catch-up that met the property held left its review due: the next one counts it.
	w.catchUps(t, 1)
	if got := w.stars(t, 1); got != "4 over 1 [0 0 0 1 0]" {
		t.Errorf("stars after the catch-ups: %s, want 4 over 1", got)
	}
}

func TestClosureBesideAMove(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.Register(t, testserver.Browser(), "leaver", "tenant", "198.51.100.7")
	token := w.established(t, "leaver")
	w.create(t, token, draft("tenant_to_property"))
	closures := accountv1connect.NewAccountClosureServiceClient(w.Client, w.URL)
	w.duringMove(t, func() error {
		_, err := closures.DeleteAccount(context.Background(), testworld.As(token,
			&accountv1.DeleteAccountRequest{Username: "leaver", Password: testworld.Password, DeleteReviews: true}))
		return err
	})
	if got := w.stars(t, 1); got != "0 over 0 [0 0 0 0 0]" {
		t.Errorf("stars after the closure: %s, want none", got)
	}
}
