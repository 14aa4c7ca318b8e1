package review_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/testworld"
)

// moderation lists the kinds of username's moderation notifications, in order.
func (w *world) moderation(t *testing.T, username string) []string {
	t.Helper()
	var kinds []string
	for _, n := range w.Notifications(t, username) {
		if n.Category == "moderation" {
			kinds = append(kinds, n.Kind)
		}
	}
	return kinds
}

// Issue 29: a response to a review, its hiding pending moderation and its removal notify its
// author; the decision notifies each reporter; a decision rolled back after its notifications
// were written leaves none of them.
func TestReviewNotifies(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	target := w.create(t, w.Member(t, "author", "tenant"), draft("tenant_to_property"))
	w.VerifyEmail(t, "author")

	owner := w.Person(t, "owner", "landlord")
	if _, err := w.client.RespondToReview(ctx, testworld.As(owner, &reviewv1.RespondToReviewRequest{ReviewId: target.Id, Content: "We fixed the boiler in a day."})); err != nil {
		t.Fatal(err)
	}
	got := w.Notifications(t, "author")
	responses := slices.DeleteFunc(slices.Clone(got), func(n testworld.Noted) bool { return n.Kind != "review_response" })
	if len(responses) != 1 || responses[0].Link != "/properties/1" || responses[0].Body != "“We fixed the boiler in a day.”" {
		t.Errorf("author's notifications: %+v", got)
	}

	reporters := []string{"rita", "rob", "ros"}
	for n, name := range reporters {
		if err := w.reportFrom(w.established(t, name), target.Id, client{fmt.Sprintf("192.0.2.%d", 10+n), "device-" + name}); err != nil {
			t.Fatal(err)
		}
	}
	if w.status(t, target.Id) != "hidden" || !slices.Equal(w.moderation(t, "author"), []string{"review_hidden"}) {
		t.Fatalf("review %s; author's moderation notifications %v", w.status(t, target.Id), w.moderation(t, "author"))
	}

	admin := w.Person(t, "root", "admin")
	remove := func() error {
		_, err := w.client.ModerateReview(ctx, testworld.As(admin, &reviewv1.ModerateReviewRequest{ReviewId: target.Id, Decision: "remove", Note: "Not about the home"}))
		return err
	}
	// The decision fails after its notifications were written: none stay.
	w.Exec(t, `CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`)
	w.Exec(t, `CREATE TRIGGER refuse BEFORE INSERT ON review_moderation_decisions FOR EACH ROW EXECUTE FUNCTION refuse()`)
	emailsBefore := len(w.Emails(t, "author@example.com"))
	if err := remove(); err == nil {
		t.Fatal("the decision went through")
	}
	if got := w.moderation(t, "author"); len(got) != 1 || len(w.Emails(t, "author@example.com")) != emailsBefore {
		t.Errorf("a rolled-back decision notified the author: %v", got)
	}
	for _, name := range reporters {
		if got := w.moderation(t, name); len(got) != 0 {
			t.Errorf("a rolled-back decision notified %s: %v", name, got)
		}
	}

	w.Exec(t, `DROP TRIGGER refuse ON review_moderation_decisions`)
	if err := remove(); err != nil {
		t.Fatal(err)
	}
	if got := w.moderation(t, "author"); !slices.Equal(got, []string{"review_hidden", "review_removed"}) {
		t.Errorf("author's moderation notifications: %v", got)
	}
	for _, name := range reporters {
		got := w.Notifications(t, name)
		decided := slices.DeleteFunc(slices.Clone(got), func(n testworld.Noted) bool { return n.Kind != "report_decided" })
		if len(decided) != 1 || decided[0].Body != "A moderator checked it and removed the review." || decided[0].Link != "/properties/1" {
			t.Errorf("%s's notifications: %+v", name, got)
		}
	}
	// The author's address is verified: each of the three reached it by email too.
	var kinds []string
	for _, e := range w.Emails(t, "author@example.com") {
		if e.Category == "moderation" || e.Category == "review_responses" {
			kinds = append(kinds, e.Kind)
		}
	}
	if !slices.Equal(kinds, []string{"review_response", "review_hidden", "review_removed"}) {
		t.Errorf("author's emails: %v", kinds)
	}
}
