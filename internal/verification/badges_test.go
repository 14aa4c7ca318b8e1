package verification_test

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"connectrpc.com/connect"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	"github.com/rentproof/rentproof/internal/testworld"
)

// Issue 30: from /admin an administrator finds a verified listing and withdraws its badge with a
// reason (ModerationService, the path WithdrawVerification takes): the listing reads unverified,
// leaves the verified list and the verified count, the owner is told why (in the app and by
// email) and the decision is logged. Members and signed-out callers are refused.
func TestAdministratorWithdrawsABadgeFromTheAdminPage(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	m := adminv1connect.NewModerationServiceClient(http.DefaultClient, w.URL)
	owner := w.Established(t, "olga", "landlord")
	w.VerifyEmail(t, "olga")
	flat := w.Property(t, "olga", "Garden flat")
	w.Exec(t, `INSERT INTO property_verifications (property_id, proof, granted_at) VALUES ($1, 'documents', now())`, flat)
	admin := w.Person(t, "root", "admin")
	verifiedCount := func() int32 { return w.ID(t, `SELECT count(*)::int FROM properties WHERE active AND verified`) }
	before := verifiedCount()

	listed := func() []int32 {
		t.Helper()
		res, err := m.ListVerifiedProperties(ctx, testworld.As(admin, &adminv1.ListVerifiedPropertiesRequest{Query: "olga"}))
		if err != nil {
			t.Fatal(err)
		}
		var ids []int32
		for _, p := range res.Msg.Properties {
			if p.PropertyId == flat && (p.Title != "Garden flat" || p.Proof != "documents" || p.OwnerUsername != "olga" || p.PropertyType != "apartment") {
				t.Errorf("listed: %v", p)
			}
			ids = append(ids, p.PropertyId)
		}
		return ids
	}
	if !slices.Contains(listed(), flat) || !w.GetProperty(t, flat).Verified {
		t.Fatalf("the verified flat is not listed")
	}

	withdraw := func(token, reason string) string {
		_, err := m.WithdrawBadge(ctx, testworld.As(token, &adminv1.WithdrawBadgeRequest{PropertyId: flat, Reason: reason}))
		return testworld.Failure(err)
	}
	for _, c := range []struct{ name, token, reason, want string }{
		{"signed out", "", "Forged", "unauthenticated: Please sign in as an administrator."},
		{"the owner", owner, "Forged", "permission_denied: Only administrators can withdraw a verification."},
		{"no reason", admin, " ", "invalid_argument: Please give the reason for withdrawing the verification"},
	} {
		if got := withdraw(c.token, c.reason); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
	if _, err := m.ListVerifiedProperties(ctx, testworld.As(owner, &adminv1.ListVerifiedPropertiesRequest{})); connect.CodeOf(err) != connect.CodePermissionDenied {
		t.Errorf("the owner lists verified properties: %v", err)
	}
	if !w.GetProperty(t, flat).Verified {
		t.Fatal("a refusal withdrew the badge")
	}

	if got := withdraw(admin, "The deed names another owner"); got != "ok" {
		t.Fatalf("withdraw: %s", got)
	}
	if p := w.GetProperty(t, flat); p.Verified || p.VerificationProof != "" {
		t.Errorf("after withdrawal: verified %v, proof %q", p.Verified, p.VerificationProof)
	}
	if slices.Contains(listed(), flat) || verifiedCount() != before-1 {
		t.Errorf("still listed or counted: %v, %d verified (was %d)", listed(), verifiedCount(), before)
	}
	if got := withdraw(admin, "Again"); got != "failed_precondition: This property is not verified." {
		t.Errorf("withdrawn twice: %s", got)
	}
	var found bool
	for _, n := range w.Notifications(t, "olga") {
		if n.Kind == "verification_withdrawn" {
			found = n.Title == "The verification of Garden flat was withdrawn" && n.Body == "Reason: The deed names another owner"
		}
	}
	if !found {
		t.Errorf("olga's notifications: %+v", w.Notifications(t, "olga"))
	}
	if !slices.Contains(testworld.EmailKinds(w.Emails(t, "olga@example.com")), "verification_withdrawn") {
		t.Errorf("olga's emails: %v", testworld.EmailKinds(w.Emails(t, "olga@example.com")))
	}
	if n := w.ID(t, `SELECT count(*)::int FROM admin_decisions WHERE property_id = $1 AND decision = 'withdraw'
		AND message = 'The deed names another owner' AND admin_id = $2`, flat, w.UserID(t, "root")); n != 1 {
		t.Errorf("%d withdrawals logged", n)
	}
}
