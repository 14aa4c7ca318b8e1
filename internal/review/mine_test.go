package review_test

import (
	"context"
	"fmt"
	"testing"

	"connectrpc.com/connect"

	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/testworld"
)

func TestListMyReviews(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tara := w.Person(t, "tara", "tenant")
	w.Person(t, "theo", "tenant")
	// Tara's reviews, oldest first: published, one hidden by reports and one removed by a
	// moderator (she sees both, with their status); Theo's review never shows in hers.
	_, err := w.Pool.Exec(context.Background(), `
		INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, status, created_at)
		SELECT 1, u.id, 4, r.title, r.content, r.type, r.status, now() - r.age * interval '1 day'
		FROM (VALUES
			('tara', 'Quiet street', 'The heating worked all winter, 100% of the time.', 'tenant_to_property', 'published', 3),
			('tara', 'Noisy nights', 'The bars downstairs close late on weekends.', 'tenant_to_neighborhood', 'hidden', 2),
			('tara', 'Fair landlord', 'Repairs were quick and the deposit came back.', 'tenant_to_landlord', 'removed', 1),
			('theo', 'Quiet garden', 'A quiet garden and a landlord who answers.', 'tenant_to_property', 'published', 0)
		) AS r(who, title, content, type, status, age)
		JOIN users u ON u.username = r.who`)
	if err != nil {
		t.Fatal(err)
	}
	list := func(t *testing.T, token string, req *reviewv1.ListMyReviewsRequest) (*reviewv1.ListMyReviewsResponse, string) {
		t.Helper()
		res, err := w.client.ListMyReviews(context.Background(), testworld.As(token, req))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range res.Msg.Reviews {
			got = append(got, r.Title+"/"+r.Status+"/"+r.PropertyTitle)
		}
		return res.Msg, fmt.Sprint(got)
	}
	cases := []struct {
		name, query, want string
		page, size, total int32
	}{
		{"every status, newest first", "", "[Fair landlord/removed/Garden flat Noisy nights/hidden/Garden flat Quiet street/published/Garden flat]", 0, 0, 3},
		{"title, ignoring case", "QUIET", "[Quiet street/published/Garden flat]", 0, 0, 1},
		{"content", "deposit", "[Fair landlord/removed/Garden flat]", 0, 0, 1},
		{"wildcards are literal", "100%", "[Quiet street/published/Garden flat]", 0, 0, 1},
		{"nothing matches", "garden", "[]", 0, 0, 0},
		{"second page", "", "[Noisy nights/hidden/Garden flat]", 2, 1, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, got := list(t, tara, &reviewv1.ListMyReviewsRequest{Query: c.query, Page: c.page, PageSize: c.size})
			if got != c.want || res.TotalCount != c.total || res.ReviewCount != 3 {
				t.Errorf("got %s (%d of %d), want %s (%d of 3)", got, res.TotalCount, res.ReviewCount, c.want, c.total)
			}
		})
	}
	t.Run("refusals", func(t *testing.T) {
		for _, req := range []*reviewv1.ListMyReviewsRequest{{PageSize: 51}, {Page: -2}, {Query: "a\x00b"}} {
			if _, err := w.client.ListMyReviews(context.Background(), testworld.As(tara, req)); connect.CodeOf(err) != connect.CodeInvalidArgument {
				t.Errorf("%q: %v", req.Query, err)
			}
		}
		if _, err := w.client.ListMyReviews(context.Background(), testworld.As("", &reviewv1.ListMyReviewsRequest{})); connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Errorf("signed out: %v", err)
		}
	})
}

// The review form asks which types the member already wrote about a property before they fill
// it in (issue 26): ListMyReviewsOfProperty answers the caller's own reviews of the property in
// every status, in the order of the types, and exactly those types are the ones CreateReview
// refuses as a second review; nobody sees another member's, and a visitor is told to sign in.
func TestListMyReviewsOfPropertyNamesWhatCreateRefuses(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	tara := w.Person(t, "tara", "tenant")
	theo := w.Person(t, "theo", "tenant")
	w.create(t, tara, draft("tenant_to_neighborhood"))
	w.create(t, tara, draft("tenant_to_property"))
	removed := w.create(t, tara, draft("tenant_to_landlord"))
	w.create(t, theo, draft("general"))
	// A moderator's removal keeps the review, and the slot of its type.
	w.Exec(t, `UPDATE reviews SET status = 'removed' WHERE id = $1`, removed.Id)

	mine := func(token string, propertyID int32) string {
		t.Helper()
		res, err := w.client.ListMyReviewsOfProperty(ctx, testworld.As(token, &reviewv1.ListMyReviewsOfPropertyRequest{PropertyId: propertyID}))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range res.Msg.Reviews {
			got = append(got, r.ReviewType+"/"+r.Status)
		}
		return fmt.Sprint(got)
	}
	if got, want := mine(tara, 1), "[tenant_to_property/published tenant_to_landlord/removed tenant_to_neighborhood/published]"; got != want {
		t.Errorf("tara's reviews of property 1: %s, want %s", got, want)
	}
	if got := mine(theo, 1); got != "[general/published]" {
		t.Errorf("theo's reviews of property 1: %s", got)
	}
	if got := mine(tara, 2); got != "[]" {
		t.Errorf("tara's reviews of a property she never reviewed: %s", got)
	}
	if _, err := w.client.ListMyReviewsOfProperty(ctx, testworld.As("", &reviewv1.ListMyReviewsOfPropertyRequest{PropertyId: 1})); connect.CodeOf(err) != connect.CodeUnauthenticated {
		t.Errorf("a visitor: %v", err)
	}

	// Every type listed is refused again, removed or not; a type not listed is accepted.
	for _, typ := range []string{"tenant_to_property", "tenant_to_landlord", "tenant_to_neighborhood"} {
		_, err := w.client.CreateReview(ctx, testworld.As(tara, draft(typ)))
		if connect.CodeOf(err) != connect.CodeAlreadyExists {
			t.Errorf("a second %s review: %v", typ, err)
		}
	}
	w.create(t, tara, draft("general"))
	if got := mine(tara, 1); got != "[tenant_to_property/published tenant_to_landlord/removed tenant_to_neighborhood/published general/published]" {
		t.Errorf("after a general review: %s", got)
	}
}
