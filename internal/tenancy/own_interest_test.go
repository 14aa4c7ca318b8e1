package tenancy_test

import (
	"context"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// An administrator who owns a listing, or made a claim, does not decide it or revoke what it
// verified: one account would both ask for and grant the label. Another administrator does.
func TestAdministratorsDoNotDecideTheirOwnClaims(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	olga := w.Person(t, "olga", "landlord")
	w.Exec(t, `UPDATE users SET role = 'admin' WHERE username = 'olga'`) // an administrator who lets a flat
	ada := w.Person(t, "ada", "admin")
	tina := w.Person(t, "tina", "tenant")
	id := w.claim(t, tina, w.verified(t, "Olga's flat", "")).Id
	if status, stage := w.upload(t, tina, id, "lease", map[string][]byte{"lease.pdf": pdf("lease")}); status != 200 || stage != "administrator" {
		t.Fatalf("upload: %d %s", status, stage)
	}
	const refused = "permission_denied: You made this claim or own its listing: another administrator must decide it."
	for _, approve := range []bool{true, false} {
		if _, err := w.decide(olga, id, approve, "My own tenant"); testworld.Failure(err) != refused {
			t.Errorf("the owner deciding (approve %v): %s", approve, testworld.Failure(err))
		}
	}
	if got := w.get(t, tina, id); got.Status != "pending" {
		t.Fatalf("after the owner's refused decisions the claim is %s", got.Status)
	}
	if _, err := w.decide(ada, id, true, ""); err != nil {
		t.Fatalf("another administrator approving: %v", err)
	}
	_, err := w.admin.RevokeTenancy(context.Background(), testworld.As(olga, &adminv1.RevokeTenancyRequest{Id: id, Reason: "I changed my mind"}))
	if testworld.Failure(err) != refused {
		t.Errorf("the owner revoking: %s", testworld.Failure(err))
	}
	if got := w.get(t, tina, id); got.Status != "approved" {
		t.Errorf("after the owner's refused revocation the tenancy is %s", got.Status)
	}

	// An administrator's own claim, on another owner's listing, waits for another administrator.
	w.Person(t, "lou", "landlord")
	mine := w.claim(t, ada, w.Property(t, "lou", "Lou's flat")).Id
	if status, _ := w.upload(t, ada, mine, "lease", map[string][]byte{"lease.pdf": pdf("mine")}); status != 200 {
		t.Fatalf("upload: %d", status)
	}
	if _, err := w.decide(ada, mine, true, ""); testworld.Failure(err) != refused {
		t.Errorf("an administrator approving their own claim: %s", testworld.Failure(err))
	}
}
