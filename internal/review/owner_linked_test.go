package review_test

// An account linked to a property's owner (the trust rules' one definition: one network or one
// browser in 90 days, the request that writes the review counted) does not rate the owner's
// property. Its review is published and listed, marked as not counted, and never counts — not
// when it is written, not when the catch-up finds its author established, not once the sign-ins
// that linked them are forgotten — unless documents an administrator checked verify the author's
// tenancy there. The owner's own confirmation of the tenancy labels it but does not count it.

import (
	"context"
	"fmt"
	"testing"

	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/review"
	"github.com/rentproof/rentproof/internal/testworld"
)

// ownersNetwork is the network the owner signs in from in these tests.
const ownersNetwork = "203.0.113.9"

// signInOwner records a sign-in of the owner from ownersNetwork, ago (an interval) ago.
func (w *world) signInOwner(t *testing.T, ago string) {
	t.Helper()
	w.Exec(t, `INSERT INTO sign_ins (user_id, network, created_at)
		SELECT id, $1, now() - $2::interval FROM users WHERE username = 'owner'`, ownersNetwork, ago)
}

// post writes d as token from network ip and returns the review as created.
func (w *world) post(t *testing.T, token, ip string, d *reviewv1.CreateReviewRequest) *reviewv1.Review {
	t.Helper()
	res, err := w.client.CreateReview(context.Background(), testworld.From(testworld.As(token, d), ip, ""))
	if err != nil {
		t.Fatalf("create %s review: %v", d.ReviewType, err)
	}
	return res.Msg.Review
}

// standing is how property 1's list shows the review titled title: "listed, <why not counted>"
// ("counted" when it counts), with "new member" when marked so and its label when verified.
func (w *world) standing(t *testing.T, title string) string {
	t.Helper()
	for _, r := range w.page(t, "", &reviewv1.ListPropertyReviewsRequest{}) {
		if r.Title != title {
			continue
		}
		why := r.NotCountedReason
		if why == "" {
			why = "counted"
		}
		out := "listed, " + why
		if r.NewMember {
			out += ", new member"
		}
		if r.VerifiedLabel != "" {
			out += ", " + r.VerifiedLabel
		}
		return out
	}
	return "not listed"
}

// typeCount is property 1's tab count of reviewType: "N shown, M count, K not independent".
func (w *world) typeCount(t *testing.T, reviewType string) string {
	t.Helper()
	for _, c := range w.summary(t).Types {
		if c.ReviewType == reviewType {
			return fmt.Sprintf("%d shown, %d count, %d not independent", c.Count, c.Counted, c.NotIndependent)
		}
	}
	return ""
}

// The audit's attack: the owner's sock puppet, a week old with a published review elsewhere
// (established), signs in from the owner's network and rates the owner's flat 5★. It is listed,
// marked "not_independent" (not as a new member's: its author is established), and moves neither
// the stars nor its tab's count. A second puppet, new when it writes, becomes established later,
// and the sign-ins that linked it are 91 days old by then: the catch-up still never counts it.
// An established author on a network of their own counts at once, as before.
func TestOwnerLinkedReviewsNeverCount(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.signInOwner(t, "85 days")

	d := draft("tenant_to_property")
	d.Rating, d.Title = 3, "Independent tenant"
	if r := w.post(t, w.established(t, "ivy"), "198.51.100.20", d); r.NewMember || r.NotCountedReason != "" {
		t.Fatalf("an unlinked established author's review: new member %v, not counted %q; want counted", r.NewMember, r.NotCountedReason)
	}
	before := "3 over 1 [0 0 1 0 0]"
	if got := w.stars(t, 1); got != before {
		t.Fatalf("stars with the independent review: %s, want %s", got, before)
	}

	puppet := w.established(t, "puppet")
	d = draft("tenant_to_property")
	d.Rating, d.Title = 5, "Best landlord ever"
	created := w.post(t, puppet, ownersNetwork, d)
	if created.Status != "published" || created.NewMember || created.NotCountedReason != review.NotCountedNotIndependent {
		t.Errorf("the puppet's review as created: %s, new member %v, not counted %q; want published, not a new member's, %q",
			created.Status, created.NewMember, created.NotCountedReason, review.NotCountedNotIndependent)
	}
	if got := w.standing(t, "Best landlord ever"); got != "listed, not_independent" {
		t.Errorf("the puppet's review is %s; want listed, not_independent", got)
	}
	if got := w.stars(t, 1); got != before {
		t.Errorf("stars after the puppet's review: %s, want %s", got, before)
	}
	if got := w.typeCount(t, "tenant_to_property"); got != "2 shown, 1 count, 1 not independent" {
		t.Errorf("tenant reviews: %s, want 2 shown, 1 count, 1 not independent", got)
	}
	if n := w.catchUps(t, 2); n != 0 {
		t.Errorf("the catch-up counted %d reviews, want 0", n)
	}

	// A puppet that is new when it writes: marked for the link, not as a new member's review,
	// since it will not count once its author is established.
	fresh := w.Person(t, "fresh_puppet", "tenant")
	d = draft("general")
	d.Rating, d.Title = 5, "Spotless and quiet"
	if r := w.post(t, fresh, ownersNetwork, d); r.NewMember || r.NotCountedReason != review.NotCountedNotIndependent {
		t.Errorf("the new puppet's review: new member %v, not counted %q; want %q only", r.NewMember, r.NotCountedReason, review.NotCountedNotIndependent)
	}
	// A week later the puppet is established, and the owner's sign-in is 91 days old: the two
	// accounts are no longer linked, but the review was written while they were.
	w.Exec(t, `UPDATE users SET created_at = now() - interval '8 days' WHERE username = 'fresh_puppet'`)
	w.Exec(t, `UPDATE sign_ins SET created_at = now() - interval '91 days'`)
	if linked := w.ID(t, `SELECT accounts_linked(o.id, p.id)::int FROM users o, users p
		WHERE o.username = 'owner' AND p.username = 'fresh_puppet'`); linked != 0 {
		t.Fatalf("owner and puppet still linked after 91 days")
	}
	if n := w.catchUps(t, 2); n != 0 {
		t.Errorf("the catch-up counted %d reviews once the sign-ins were forgotten, want 0", n)
	}
	if got := w.standing(t, "Spotless and quiet"); got != "listed, not_independent" {
		t.Errorf("the new puppet's review after the catch-up is %s; want listed, not_independent", got)
	}
	if got := w.stars(t, 1); got != before {
		t.Errorf("stars after the catch-up: %s, want %s", got, before)
	}
	if got := w.typeCount(t, "general"); got != "1 shown, 0 count, 1 not independent" {
		t.Errorf("general reviews: %s, want 1 shown, 0 count, 1 not independent", got)
	}
	if differ := w.recountDiffers(t); differ != 0 {
		t.Errorf("%d properties' stored stars differ from a recount", differ)
	}
}

// A member who shares the owner's network (a lodger, the owner's relative) counts only with
// documents an administrator checked: their tenancy verified by documents makes their review
// count at once, and revoking it takes it out of the stars although its author is established.
// The owner's own confirmation labels a linked review but never counts it, whether it stood before
// the review or came after.
func TestOwnerLinkedReviewsCountOnlyWithDocuments(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.signInOwner(t, "1 day")

	lodger := w.established(t, "lodger")
	documents := w.tenancy(t, "lodger", 1, "approved", "documents")
	d := draft("tenant_to_property")
	d.Rating, d.Title = 2, "Damp in winter"
	if r := w.post(t, lodger, ownersNetwork, d); r.NotCountedReason != "" || r.VerifiedLabel != "Verified Tenant" {
		t.Errorf("the documented lodger's review: not counted %q, label %q; want counted, Verified Tenant", r.NotCountedReason, r.VerifiedLabel)
	}
	if got := w.stars(t, 1); got != "2 over 1 [0 1 0 0 0]" {
		t.Errorf("stars with the documented review: %s, want 2 over 1 [0 1 0 0 0]", got)
	}

	crony := w.established(t, "crony")
	w.tenancy(t, "crony", 1, "approved", "landlord")
	d = draft("tenant_to_property")
	d.Rating, d.Title = 5, "Vouched for by the owner"
	if r := w.post(t, crony, ownersNetwork, d); r.NotCountedReason != review.NotCountedNotIndependent || r.VerifiedLabel != "Verified Tenant" {
		t.Errorf("the owner-confirmed linked review: not counted %q, label %q; want %q, Verified Tenant",
			r.NotCountedReason, r.VerifiedLabel, review.NotCountedNotIndependent)
	}

	// Verified after the review was written: by the owner's word, then (another member) by documents.
	approve := func(tenancy int32, proof string) {
		t.Helper()
		w.Exec(t, `UPDATE tenant_verifications SET status = 'approved', stage = NULL, proof = $2,
			verification_date = now(), decided_at = now() WHERE id = $1`, tenancy, proof)
	}
	for _, c := range []struct{ name, proof, title, want string }{
		{"cousin", "landlord", "Owner confirmed later", "listed, not_independent, Verified Tenant"},
		{"roommate", "documents", "Documents checked later", "listed, counted, Verified Tenant"},
	} {
		token := w.established(t, c.name)
		pending := w.tenancy(t, c.name, 1, "pending", "")
		d = draft("tenant_to_property")
		d.Rating, d.Title = 4, c.title
		w.post(t, token, ownersNetwork, d)
		approve(pending, c.proof)
		if got := w.standing(t, c.title); got != c.want {
			t.Errorf("%s's review once their tenancy is verified by %s: %s, want %s", c.name, c.proof, got, c.want)
		}
	}
	if got := w.stars(t, 1); got != "3 over 2 [0 1 0 1 0]" {
		t.Errorf("stars with the two documented reviews: %s, want 3 over 2 [0 1 0 1 0]", got)
	}

	w.Exec(t, `UPDATE tenant_verifications SET status = 'revoked' WHERE id = $1`, documents)
	if got := w.standing(t, "Damp in winter"); got != "listed, not_independent" {
		t.Errorf("the lodger's review once the documents are revoked: %s, want listed, not_independent", got)
	}
	if got := w.stars(t, 1); got != "4 over 1 [0 0 0 1 0]" {
		t.Errorf("stars once the lodger's tenancy is revoked: %s, want 4 over 1 [0 0 0 1 0]", got)
	}
	if n := w.catchUps(t, 1); n != 0 {
		t.Errorf("the catch-up counted %d reviews, want 0", n)
	}
	if differ := w.recountDiffers(t); differ != 0 {
		t.Errorf("%d properties' stored stars differ from a recount", differ)
	}
}
