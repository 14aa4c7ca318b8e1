package tenancy_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	tenancyv1 "github.com/rentproof/rentproof/gen/rentproof/tenancy/v1"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// The label follows the proof: a review written before its author's tenancy was verified is
// labelled (and counts) when an administrator approves the documents, loses the label when the
// tenancy is withdrawn, and every change is kept in review_label_changes. A tenant who never held
// a verified tenancy there labels nothing.
func TestLabelFollowsTheProof(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	w.Member(t, "olga", "landlord")
	admin := w.Person(t, "ada", "admin")
	tina := w.Person(t, "tina", "tenant") // not established: her review does not count by itself
	flat := w.verified(t, "Olga's flat", "")
	review := w.review(t, tina, flat, 5)
	if got := w.label(t, review); got != "verified false counted false changes []" {
		t.Fatalf("before: %s", got)
	}

	c := w.claim(t, tina, flat)
	if status, msg := w.upload(t, tina, c.Id, "lease", map[string][]byte{"lease.pdf": pdf("tina's lease")}); status != http.StatusOK {
		t.Fatalf("upload: %d %s", status, msg)
	}
	for _, x := range []struct{ name, message, want string }{
		{"rejecting without a message", " ", "invalid_argument: Please say why the claim is rejected: the tenant is told"},
		{"a long message", strings.Repeat("x", 501), "invalid_argument: Message must be at most 500 characters"},
	} {
		if _, err := w.decide(admin, c.Id, false, x.message); testworld.Failure(err) != x.want {
			t.Errorf("%s: %s", x.name, testworld.Failure(err))
		}
	}
	got, err := w.decide(admin, c.Id, true, "Lease checked.")
	if err != nil || got.Status != "approved" || got.Proof != "documents" || got.ResponseMessage != "Lease checked." {
		t.Fatalf("approve: %+v %v", got, err)
	}
	if _, err := w.decide(admin, c.Id, true, ""); testworld.Failure(err) != "failed_precondition: This claim has already been decided." {
		t.Errorf("decided again: %s", testworld.Failure(err))
	}
	if got := w.label(t, review); got != "verified true counted true changes [true]" {
		t.Errorf("approved: %s", got)
	}
	if got := w.xp(t, "tina"); got != "1 rows, 15 XP" {
		t.Errorf("tina's XP: %s", got)
	}
	if _, err := w.tenancy.WithdrawTenancy(ctx, testworld.As(tina, &tenancyv1.WithdrawTenancyRequest{Id: c.Id})); err != nil {
		t.Fatal(err)
	}
	if got := w.label(t, review); got != "verified false counted false changes [true false]" {
		t.Errorf("withdrawn: %s", got)
	}

	// Another tenant's claim at another property labels nothing here.
	tom := w.Person(t, "tom", "tenant")
	tomsReview := w.review(t, tom, flat, 1)
	other := w.claim(t, tom, w.verified(t, "Other flat", ""))
	if status, _ := w.upload(t, tom, other.Id, "utility_bill", map[string][]byte{"bill.pdf": pdf("tom's bill")}); status != http.StatusOK {
		t.Fatal(status)
	}
	if _, err := w.decide(admin, other.Id, true, ""); err != nil {
		t.Fatal(err)
	}
	if got := w.label(t, tomsReview); got != "verified false counted false changes []" {
		t.Errorf("a review where the tenancy is not: %s", got)
	}
	decisions := w.ID(t, `SELECT count(*)::int FROM admin_decisions WHERE tenancy_id IN ($1, $2) AND decision = 'approve' AND admin_id = $3`, c.Id, other.Id, w.UserID(t, "ada"))
	if decisions != 2 {
		t.Errorf("%d approvals recorded", decisions)
	}
}

// A revoked tenancy loses its labels; a verified tenant's review, written after the verification,
// counts in the stars at once though the account is new.
func TestRevokedTenancyAndCountedAtOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	w.Member(t, "olga", "landlord")
	admin := w.Person(t, "ada", "admin")
	tina := w.Person(t, "tina", "tenant")
	flat := w.verified(t, "Olga's flat", "")
	c := w.claim(t, tina, flat)
	if status, _ := w.upload(t, tina, c.Id, "deposit_certificate", map[string][]byte{"deposit.pdf": pdf("deposit")}); status != http.StatusOK {
		t.Fatal(status)
	}
	if _, err := w.decide(admin, c.Id, true, ""); err != nil {
		t.Fatal(err)
	}
	if before := w.GetProperty(t, flat).GetRatingSummary().GetCount(); before != 0 {
		t.Fatalf("%d counted reviews before", before)
	}
	review := w.review(t, tina, flat, 4)
	if got := w.label(t, review); got != "verified true counted true changes [true]" {
		t.Errorf("written after verification: %s", got)
	}
	if p := w.GetProperty(t, flat); p.GetRatingSummary().GetCount() != 1 || p.GetRating() != 4 {
		t.Errorf("stars: %v, %v", p.GetRating(), p.GetRatingSummary())
	}

	revoke := func(token, reason string) error {
		_, err := w.admin.RevokeTenancy(ctx, testworld.As(token, &adminv1.RevokeTenancyRequest{Id: c.Id, Reason: reason}))
		return err
	}
	if got := testworld.Failure(revoke(tina, "mine")); got != "permission_denied: Only administrators can revoke a tenancy." {
		t.Errorf("the tenant revokes: %s", got)
	}
	if got := testworld.Failure(revoke(admin, "")); got != "invalid_argument: Please give the reason for revoking the tenancy: the tenant is told" {
		t.Errorf("without a reason: %s", got)
	}
	if err := revoke(admin, "The lease was forged."); err != nil {
		t.Fatal(err)
	}
	if got := testworld.Failure(revoke(admin, "Again")); got != "failed_precondition: Only a verified tenancy can be revoked." {
		t.Errorf("revoked again: %s", got)
	}
	if got := w.label(t, review); got != "verified false counted false changes [true false]" {
		t.Errorf("revoked: %s", got)
	}
	if p := w.GetProperty(t, flat); p.GetRatingSummary().GetCount() != 0 {
		t.Errorf("stars after revocation: %v", p.GetRatingSummary())
	}
	if got := w.get(t, tina, c.Id); got.Status != "revoked" || got.ResponseMessage != "The lease was forged." {
		t.Errorf("revoked claim: %+v", got)
	}
	if got := w.xp(t, "tina"); got != "2 rows, 0 XP" {
		t.Errorf("tina's XP: %s", got)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM admin_decisions WHERE tenancy_id = $1 AND decision = 'revoke' AND message = 'The lease was forged.'`, c.Id); n != 1 {
		t.Errorf("%d revocations recorded", n)
	}
	// A rejected or revoked claim can be filed again.
	w.claim(t, tina, flat)
}

// The listing moves: open claims about the old address are withdrawn and verified tenancies about
// it revoked, their labels going with them.
func TestAddressChangeClosesClaims(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	owner := w.Established(t, "olga", "landlord")
	admin := w.Person(t, "ada", "admin")
	tina := w.Person(t, "tina", "tenant")
	tom := w.Person(t, "tom", "tenant")
	flat := w.Kenwood(t, "olga", "Kenwood flat", "kenwood-flat")
	verifiedClaim := w.claim(t, tina, flat)
	if status, _ := w.upload(t, tina, verifiedClaim.Id, "lease", map[string][]byte{"lease.pdf": pdf("tina")}); status != http.StatusOK {
		t.Fatal(status)
	}
	if _, err := w.decide(admin, verifiedClaim.Id, true, ""); err != nil {
		t.Fatal(err)
	}
	review := w.review(t, tina, flat, 5)
	open := w.claim(t, tom, flat)

	w.Move(t, owner, flat, "Kenwood flat")
	if got := w.get(t, tina, verifiedClaim.Id); got.Status != "revoked" || got.ResponseMessage != "The address changed after verification" || got.AddressNow == "" {
		t.Errorf("the verified tenancy: %+v", got)
	}
	if got := w.get(t, tom, open.Id); got.Status != "withdrawn" {
		t.Errorf("the open claim: %+v", got)
	}
	if got := w.events(t, open.Id); got[len(got)-1] != "withdrawn// by olga: The address changed" {
		t.Errorf("events of the open claim: %v", got)
	}
	if got := w.label(t, review); got != "verified false counted false changes [true false]" {
		t.Errorf("the review: %s", got)
	}
	if got := w.xp(t, "tina"); got != "2 rows, 0 XP" {
		t.Errorf("tina's XP: %s", got)
	}
	// A claim about the new address waits afresh.
	if c := w.claim(t, tom, flat); c.Status != "pending" || c.AddressNow != "" {
		t.Errorf("a claim after the move: %+v", c)
	}
}
