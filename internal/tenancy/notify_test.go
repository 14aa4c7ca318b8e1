package tenancy_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	tenancyv1 "github.com/rentproof/rentproof/gen/rentproof/tenancy/v1"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// tenancyNotices are username's notifications about tenancy claims.
func (w *world) tenancyNotices(t *testing.T, username string) []testworld.Noted {
	t.Helper()
	return slices.DeleteFunc(w.Notifications(t, username), func(n testworld.Noted) bool { return n.Category != "tenancies" })
}

// Issue 29: a claim notifies the owner; its confirmation, its move to documents and an
// administrator's decision notify the tenant, each once, linking to where they see claims. The
// owner knows the tenant as the claim shows them (first name and last initial), never by their
// username (the claim's tenant_username is the administrators').
func TestTenancyNotifies(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	owner := w.Established(t, "olga", "landlord")
	tina := w.Established(t, "tina", "tenant")
	w.VerifyEmail(t, "olga")
	first := w.verified(t, "Verified flat", "confirmed")
	second := w.verified(t, "Second flat", "confirmed")

	c := w.claim(t, tina, first)
	got := w.tenancyNotices(t, "olga")
	if len(got) != 1 || got[0].Kind != "tenancy_claim" || got[0].Title != "Tina T. says they lived at Verified flat" || got[0].Link != "/dashboard?tab=claims" {
		t.Errorf("owner's notifications: %+v", got)
	}
	emails := w.Emails(t, "olga@example.com")
	if got := testworld.EmailKinds(emails); !slices.Equal(got, []string{"tenancy_claim"}) {
		t.Errorf("owner's emails: %v", got)
	} else if strings.Contains(emails[0].Subject+emails[0].Text, "tina") {
		t.Errorf("the owner's email names the tenant's username: %s %s", emails[0].Subject, emails[0].Text)
	}
	if _, err := w.confirm(owner, c.Id); err != nil {
		t.Fatal(err)
	}

	c2 := w.claim(t, tina, second)
	if _, err := w.tenancy.CannotConfirmTenancy(context.Background(), testworld.As(owner,
		&tenancyv1.CannotConfirmTenancyRequest{Id: c2.Id, Message: "I do not recognise this name"})); err != nil {
		t.Fatal(err)
	}
	if status, _ := w.upload(t, tina, c2.Id, "lease", map[string][]byte{"lease.pdf": pdf("lease")}); status != 200 {
		t.Fatalf("upload: %d", status)
	}
	admin := w.Person(t, "root", "admin")
	if _, err := w.decide(admin, c2.Id, false, "The lease names another flat"); err != nil {
		t.Fatal(err)
	}

	got = w.tenancyNotices(t, "tina")
	want := []testworld.Noted{
		{Kind: "tenancy_confirmed", Title: "Your tenancy at Verified flat is verified"},
		{Kind: "tenancy_documents", Title: "The owner of Second flat could not confirm your tenancy"},
		{Kind: "tenancy_rejected", Title: "Your tenancy claim for Second flat was rejected", Body: "An administrator wrote: “The lease names another flat”"},
	}
	if len(got) != len(want) {
		t.Fatalf("tenant's notifications: %+v", got)
	}
	for i, n := range got {
		if n.Kind != want[i].Kind || n.Title != want[i].Title || (want[i].Body != "" && n.Body != want[i].Body) || n.Link != "/dashboard?tab=tenancies" {
			t.Errorf("tenant's notification %d: %+v, want %+v", i, n, want[i])
		}
	}
	// Revoked by an administrator: the tenant hears why.
	if _, err := w.admin.RevokeTenancy(context.Background(), testworld.As(admin, &adminv1.RevokeTenancyRequest{Id: c.Id, Reason: "The owner was misled"})); err != nil {
		t.Fatal(err)
	}
	got = w.tenancyNotices(t, "tina")
	if last := got[len(got)-1]; len(got) != 4 || last.Kind != "tenancy_revoked" || last.Body != "Reason: The owner was misled" {
		t.Errorf("after the revocation: %+v", got)
	}
	if got := w.Emails(t, "tina@example.com"); len(got) != 0 {
		t.Errorf("an unverified tenant was emailed: %+v", got)
	}
}
