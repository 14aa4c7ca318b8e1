package review_test

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"

	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/review"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/vocab"
)

// The review rules the contract declares (vocab.Published), which the web app reads to offer the
// form, label the tabs and explain the stars, are the ones the server enforces: each tab lists
// exactly its declared types, a role-only type is refused to every other role, and the stars
// (kept by SQL review_rates_property) are made of exactly the declared rated types.
func TestDeclaredReviewRulesAreEnforced(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	roles := append(vocab.VerifierRoles.Values(), "admin")
	rules := vocab.Published.GetReview()

	// One review of every type by an established author the rules allow: the owner writes the
	// owner's type, a role-only type comes from its role, the rest from tenants.
	for _, typ := range review.Types {
		name, role := "author_"+typ, "tenant"
		if only := vocab.OnlyRole(typ); only != "" {
			role = only
		}
		if typ == rules.GetOwnerType() {
			name = "owner"
		}
		w.create(t, w.Member(t, name, role), draft(typ))
	}

	for _, tab := range rules.GetTabs() {
		list, err := w.client.ListPropertyReviews(ctx, connect.NewRequest(&reviewv1.ListPropertyReviewsRequest{PropertyId: 1, Tab: tab.GetValue()}))
		if err != nil {
			t.Fatalf("tab %s: %v", tab.GetValue(), err)
		}
		want := tab.GetReviewTypes()
		if len(want) == 0 {
			want = review.Types
		}
		var got []string
		for _, r := range list.Msg.Reviews {
			got = append(got, r.ReviewType)
		}
		slices.Sort(got)
		if want = slices.Sorted(slices.Values(want)); !slices.Equal(got, want) {
			t.Errorf("tab %s lists %v, declared %v", tab.GetValue(), got, want)
		}
	}
	if _, err := w.client.ListPropertyReviews(ctx, connect.NewRequest(&reviewv1.ListPropertyReviewsRequest{PropertyId: 1, Tab: "owners"})); connect.CodeOf(err) != connect.CodeInvalidArgument ||
		message(err) != "Tab must be all, tenant, landlord, neighborhood or agent" {
		t.Errorf("an undeclared tab: %v", err)
	}

	for _, o := range rules.GetRoleOnlyTypes() {
		for _, role := range roles {
			if role == o.GetRole() {
				continue
			}
			_, err := w.client.CreateReview(ctx, testworld.As(w.Member(t, "other_"+role, role), draft(o.GetReviewType())))
			if connect.CodeOf(err) != connect.CodeInvalidArgument {
				t.Errorf("a %s writes %s, kept for %s: %v", role, o.GetReviewType(), o.GetRole(), err)
			}
		}
	}

	summary := w.summary(t)
	if got, want := summary.Summary.GetCount(), int32(len(rules.GetRatedTypes())); got != want {
		t.Errorf("the stars count %d reviews, one of each of the %d declared rated types", got, want)
	}
	for _, c := range summary.Types {
		if c.RatesProperty != slices.Contains(rules.GetRatedTypes(), c.ReviewType) {
			t.Errorf("%s rates the property: %v", c.ReviewType, c.RatesProperty)
		}
	}
}
