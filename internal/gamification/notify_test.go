package gamification_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	"github.com/rentproof/rentproof/internal/testworld"
)

// Issue 29: a badge earned by a review notifies its author in the app, once, linking to their
// progress; levels and badges are not emailed unless the member turned them on.
func TestBadgeEarnedNotifies(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := startSeeded(t)
	w := &testworld.World{Server: srv}
	reviews := reviewv1connect.NewReviewServiceClient(http.DefaultClient, srv.URL)
	owner := newUser(t, srv.Pool, "Olga", "Owner", "landlord")
	w.Exec(t, `INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug)
		VALUES (1, 'Garden flat', '1 Park Lane', 'Leeds', 'apartment', 900, $1, 'garden-flat-1')`, owner)
	author := newUser(t, srv.Pool, "Ada", "Author", "tenant")
	w.Exec(t, `UPDATE users SET email_verified_at = now() WHERE id = $1`, author)
	token := signIn(t, srv, author)
	for _, typ := range []string{"tenant_to_property", "tenant_to_landlord"} {
		if _, err := reviews.CreateReview(ctx, testworld.As(token, &reviewv1.CreateReviewRequest{PropertyId: 1, Rating: 4,
			Title: "Quiet and bright", Content: "Two years here, the heating always worked.", ReviewType: typ, Language: "en"})); err != nil {
			t.Fatal(err)
		}
	}
	var username, email string
	if err := srv.Pool.QueryRow(ctx, `SELECT username, email FROM users WHERE id = $1`, author).Scan(&username, &email); err != nil {
		t.Fatal(err)
	}
	var badges []testworld.Noted
	for _, n := range w.Notifications(t, username) {
		if strings.Contains(n.Title, "“First Review”") {
			badges = append(badges, n)
		}
	}
	if len(badges) != 1 || badges[0].Category != "levels_badges" || badges[0].Link != "/gamification" {
		t.Errorf("notifications of the badge: %+v (all: %+v)", badges, w.Notifications(t, username))
	}
	if got := w.Emails(t, email); len(got) != 0 {
		t.Errorf("levels and badges were emailed while off: %+v", got)
	}
}
