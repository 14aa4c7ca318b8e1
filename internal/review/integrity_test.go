package review_test

// Attacks on the ratings, replayed against the real server: each test is one way an owner, a
// throwaway account or a burst of parallel requests could move or hide what renters read.

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"

	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/review"
	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

func (w *world) summary(t *testing.T) *reviewv1.GetRatingSummaryResponse {
	t.Helper()
	res, err := w.client.GetRatingSummary(context.Background(), connect.NewRequest(&reviewv1.GetRatingSummaryRequest{PropertyId: 1}))
	if err != nil {
		t.Fatal(err)
	}
	return res.Msg
}

// Item 1: an owner of any listing role cannot lift their own property's rating; only the owner
// writes the landlord's review of a tenant.
func TestOwnersCannotRateTheirOwnProperty(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	for _, c := range []struct{ username, role string }{
		{"owner", "landlord"}, {"agent_owner", "agent"}, {"pm_owner", "property_manager"},
	} {
		// In order: each case makes its user the property's owner.
		t.Run(c.role+" owner", func(t *testing.T) {
			token := w.Person(t, c.username, c.role)
			if _, err := w.Pool.Exec(ctx, `UPDATE properties SET landlord_id = (SELECT id FROM users WHERE username = $1) WHERE id = 1`, c.username); err != nil {
				t.Fatal(err)
			}
			for _, typ := range review.Types {
				if typ == review.OwnerReviewType && c.role == "landlord" {
					continue
				}
				t.Run(typ, func(t *testing.T) {
					d := draft(typ)
					d.Rating = 5
					_, err := w.client.CreateReview(ctx, testworld.As(token, d))
					if code := connect.CodeOf(err); code != connect.CodePermissionDenied && code != connect.CodeInvalidArgument {
						t.Errorf("%s (%s) posts %s on own property: %v", c.username, c.role, typ, err)
					}
				})
			}
		})
	}
	if s := w.summary(t).Summary; s.Count != 0 || s.Average != 0 {
		t.Fatalf("owners moved the rating: %+v", s)
	}

	// Only the property's owner writes landlord_to_tenant, and it leaves the stars alone.
	if _, err := w.Pool.Exec(ctx, `UPDATE properties SET landlord_id = (SELECT id FROM users WHERE username = 'owner') WHERE id = 1`); err != nil {
		t.Fatal(err)
	}
	_, err := w.client.CreateReview(ctx, testworld.As(w.Person(t, "stranger", "landlord"), draft(review.OwnerReviewType)))
	if connect.CodeOf(err) != connect.CodePermissionDenied || message(err) != "Only the property's owner can write a landlord review of its tenants" {
		t.Errorf("another landlord writes landlord_to_tenant: %v", err)
	}
	_, err = w.client.CreateReview(ctx, testworld.As(w.Person(t, "owner", "landlord"), draft("general")))
	if message(err) != "You cannot review your own property. As its owner, you can write a landlord review of a tenant and respond to reviews." {
		t.Errorf("owner's general review: %v", err)
	}
	w.create(t, w.Person(t, "owner", "landlord"), draft(review.OwnerReviewType))
	if s := w.summary(t).Summary; s.Count != 0 {
		t.Errorf("landlord_to_tenant counted in the stars: %+v", s)
	}

	// The same rule through the REST shim older clients use.
	body := `{"rating":5,"title":"Best flat ever","content":"My own flat is the best flat in Leeds.","reviewType":"general"}`
	req, _ := http.NewRequest(http.MethodPost, w.URL+"/api/properties/1/reviews", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+w.Person(t, "owner", "landlord"))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("REST: owner's general review answered %d", res.StatusCode)
	}
}

// Item 2: the stars, distribution, count and recommend count are made of the property's own
// reviews; the other types are counted per tab.
func TestOnlyPropertyReviewsMakeTheStars(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	post := func(who, role, typ string, rating int32) *reviewv1.Review {
		d := draft(typ)
		d.Rating = rating
		return w.create(t, w.Member(t, who, role), d)
	}
	post("tenant1", "tenant", "tenant_to_property", 4)
	post("tenant2", "tenant", "general", 2)
	post("agent1", "agent", "agent_to_property", 5)
	post("tenant1", "tenant", "tenant_to_landlord", 1)
	post("tenant1", "tenant", "tenant_to_neighborhood", 1)
	landlordReview := post("owner", "landlord", "landlord_to_tenant", 1)

	got := w.summary(t)
	s := got.Summary
	// (4 + 2 + 5) / 3 = 3.7
	if s.Count != 3 || s.Average != 3.7 || s.RecommendCount != 2 || fmt.Sprint(s.Distribution) != "[0 1 0 1 1]" {
		t.Errorf("stars: %+v", s)
	}
	counts := map[string]string{}
	for _, c := range got.Types {
		counts[c.ReviewType] = fmt.Sprint(c.Count, " ", c.Average, " ", c.RatesProperty)
	}
	want := map[string]string{
		"tenant_to_property": "1 4 true", "general": "1 2 true", "agent_to_property": "1 5 true",
		"tenant_to_landlord": "1 1 false", "tenant_to_neighborhood": "1 1 false", "landlord_to_tenant": "1 1 false",
	}
	if fmt.Sprint(counts) != fmt.Sprint(want) || len(got.Types) != len(review.Types) {
		t.Errorf("per type: %v", got.Types)
	}

	// Hiding and restoring an unrated review never touches the stars.
	admin := w.Person(t, "root", "admin")
	for _, decision := range []string{"remove"} {
		if _, err := w.client.ModerateReview(context.Background(), testworld.As(admin, &reviewv1.ModerateReviewRequest{ReviewId: landlordReview.Id, Decision: decision})); err != nil {
			t.Fatal(err)
		}
	}
	if s := w.summary(t).Summary; s.Count != 3 || s.Average != 3.7 {
		t.Errorf("after removing an unrated review: %+v", s)
	}
}

// Item 3: three throwaway accounts cannot hide a review. Reports still reach the moderators;
// only reports from established accounts other than the property's owner hide before a decision.
func TestThrowawayReportsDoNotHide(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	target := w.create(t, w.Member(t, "honest", "tenant"), func() *reviewv1.CreateReviewRequest {
		d := draft("tenant_to_property")
		d.Rating = 5
		return d
	}())
	// Every reporter on a network and browser of their own: only who they are decides here.
	reporters := 0
	report := func(token string) {
		t.Helper()
		reporters++
		req := testworld.As(token, &reviewv1.ReportReviewRequest{ReviewId: target.Id, Reason: "false_information"})
		if _, err := w.client.ReportReview(ctx, testworld.From(req, fmt.Sprintf("198.51.100.%d", reporters), fmt.Sprintf("browser-%d", reporters))); err != nil {
			t.Fatal(err)
		}
	}
	visible := func() bool {
		list, err := w.client.ListPropertyReviews(ctx, connect.NewRequest(&reviewv1.ListPropertyReviewsRequest{PropertyId: 1}))
		if err != nil {
			t.Fatal(err)
		}
		return len(list.Msg.Reviews) == 1
	}

	// Fresh accounts, an old account without a review, and the owner (even an established one).
	for i := range 5 {
		report(w.Person(t, fmt.Sprintf("throwaway%d", i), "tenant"))
	}
	report(w.Person(t, "old_silent", "tenant"))
	if _, err := w.Pool.Exec(ctx, `UPDATE users SET created_at = now() - interval '1 year' WHERE username = 'old_silent'`); err != nil {
		t.Fatal(err)
	}
	report(w.established(t, "owner"))
	report(w.established(t, "elder1"))
	report(w.established(t, "elder2"))
	if !visible() || w.summary(t).Summary.Count != 1 {
		t.Fatal("reports that must not count hid the review")
	}
	admin := w.Person(t, "root", "admin")
	reported, err := w.client.ListReportedReviews(ctx, testworld.As(admin, &reviewv1.ListReportedReviewsRequest{}))
	if err != nil || len(reported.Msg.Reviews) != 1 || reported.Msg.Reviews[0].ReportCount != 9 {
		t.Fatalf("every report reaches the moderators: %v %v", reported, err)
	}

	// The third established reporter hides it: out of the stars, and its author is told.
	report(w.established(t, "elder3"))
	if visible() || w.summary(t).Summary.Count != 0 {
		t.Fatal("three established reporters must hide the review until a moderator decides")
	}
	own, err := w.client.ListPropertyReviews(ctx, testworld.As(w.Person(t, "honest", "tenant"), &reviewv1.ListPropertyReviewsRequest{PropertyId: 1}))
	if err != nil || len(own.Msg.Reviews) != 1 || own.Msg.Reviews[0].Status != "hidden" {
		t.Errorf("the author must see their review is under review: %v %v", own, err)
	}
}

// Item 3: reports are limited per account and per client network a day (registrations: see
// internal/account).
func TestReportLimits(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, testserver.Options{Limits: server.Limits{
		Reviews: review.Limits{ReportsPerAccount: 2, ReportsPerNetwork: 4},
	}})
	ctx := context.Background()

	// Reports: two per account a day, four per network.
	var ids []int32
	for i := range 6 {
		d := draft("tenant_to_property")
		ids = append(ids, w.create(t, w.Person(t, fmt.Sprintf("writer%d", i), "tenant"), d).Id)
	}
	reporter := w.Person(t, "zealous", "tenant")
	for i, id := range ids[:3] {
		_, err := w.client.ReportReview(ctx, testworld.As(reporter, &reviewv1.ReportReviewRequest{ReviewId: id, Reason: "spam"}))
		if want := i < 2; (err == nil) != want {
			t.Errorf("report %d by one account: %v", i+1, err)
		}
		if i == 2 && (connect.CodeOf(err) != connect.CodeResourceExhausted || !strings.Contains(message(err), "You have sent as many reports as we accept in a day")) {
			t.Errorf("third report: %v", err)
		}
	}
	second := w.Person(t, "zealous2", "tenant")
	for _, id := range ids[3:5] {
		if _, err := w.client.ReportReview(ctx, testworld.As(second, &reviewv1.ReportReviewRequest{ReviewId: id, Reason: "spam"})); err != nil {
			t.Fatal(err)
		}
	}
	_, err := w.client.ReportReview(ctx, testworld.As(w.Person(t, "zealous3", "tenant"), &reviewv1.ReportReviewRequest{ReviewId: ids[5], Reason: "spam"}))
	if connect.CodeOf(err) != connect.CodeResourceExhausted {
		t.Errorf("fifth report from one network: %v", err)
	}
}

// Item 4: 25 parallel posts by one account store exactly the daily limit.
func TestParallelReviewsStopAtTheDailyLimit(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	if _, err := w.Pool.Exec(ctx, `
		INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT 'Flat ' || i, i || ' Road', 'Leeds', 'apartment', 900, 1, 'flat-' || i FROM generate_series(2, 25) i`); err != nil {
		t.Fatal(err)
	}
	prolific := w.Person(t, "prolific", "tenant")
	var wg sync.WaitGroup
	errs := make(chan error, 25)
	for id := int32(1); id <= 25; id++ {
		wg.Go(func() {
			d := draft("general")
			d.PropertyId = id
			_, err := w.client.CreateReview(ctx, testworld.As(prolific, d))
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	var ok, limited int
	for err := range errs {
		switch {
		case err == nil:
			ok++
		case connect.CodeOf(err) == connect.CodeResourceExhausted:
			limited++
		default:
			t.Errorf("unexpected: %v", err)
		}
	}
	var stored int
	if err := w.Pool.QueryRow(ctx, `SELECT count(*) FROM reviews r JOIN users u ON u.id = r.user_id WHERE u.username = 'prolific'`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if ok != review.MaxReviewsPerDay || limited != 25-review.MaxReviewsPerDay || stored != review.MaxReviewsPerDay {
		t.Errorf("25 parallel posts: %d accepted, %d limited, %d stored; want exactly %d", ok, limited, stored, review.MaxReviewsPerDay)
	}
}

// Item 9: a review's photos are checked like listing images: uploads of the author's own,
// attached to nothing else; a path that only starts like an upload is refused.
func TestReviewPhotosAreTheAuthorsOwnUploads(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	agent := w.Person(t, "agnes", "agent")
	other := w.Person(t, "larry", "landlord")
	mine, theirs := w.uploadPhoto(t, agent), w.uploadPhoto(t, other)

	for name, c := range map[string]struct{ photo, msg string }{
		"a path out of the uploads": {"/uploads/../../api/logout", "Photos must be uploaded first"},
		"a made-up upload":          {"/uploads/reviews/00000000000000000000000000000000.png", "Photos must be uploaded first"},
		"another account's upload":  {theirs, "Please use photos you uploaded yourself: one of them was uploaded from another account"},
	} {
		t.Run(name, func(t *testing.T) {
			d := draft("agent_to_property")
			d.Photos = []string{c.photo}
			_, err := w.client.CreateReview(ctx, testworld.As(agent, d))
			if connect.CodeOf(err) != connect.CodeInvalidArgument || message(err) != c.msg {
				t.Errorf("%v", err)
			}
		})
	}
	var stored int
	if err := w.Pool.QueryRow(ctx, "SELECT count(*) FROM reviews").Scan(&stored); err != nil || stored != 0 {
		t.Fatalf("refused reviews were stored: %d (%v)", stored, err)
	}

	d := draft("agent_to_property")
	d.Photos = []string{mine}
	if r := w.create(t, agent, d); fmt.Sprint(r.Photos) != fmt.Sprint([]string{mine}) {
		t.Errorf("photos: %v", r.Photos)
	}
	d = draft("general")
	d.Photos = []string{mine}
	if _, err := w.client.CreateReview(ctx, testworld.As(agent, d)); connect.CodeOf(err) != connect.CodeInvalidArgument {
		t.Errorf("one photo in two reviews: %v", err)
	}
}
