package review_test

// Issue 25, item 5: a review counts in the stars (and the averages of the tabs and the
// statistics) only once its author is established. A new member's review is published at once,
// marked as from a new member, and joins the figures by itself through the catch-up
// (review.Service.CountDue) that every server runs.

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	statisticsv1 "github.com/rentproof/rentproof/gen/rentproof/statistics/v1"
	"github.com/rentproof/rentproof/gen/rentproof/statistics/v1/statisticsv1connect"
	"github.com/rentproof/rentproof/internal/review"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/vocab"
)

// register signs a new tenant up through the public API from network ip, in a browser of its
// own, and returns a review client signed in as them.
func (w *world) register(t *testing.T, username, ip string) reviewv1connect.ReviewServiceClient {
	t.Helper()
	browser := testserver.Browser()
	w.Register(t, browser, username, "tenant", ip)
	return reviewv1connect.NewReviewServiceClient(browser, w.URL)
}

// stars is a property's stored aggregate as PropertyService answers it (what cards, the search
// and the property page show): "average over count [distribution]".
func (w *world) stars(t *testing.T, id int32) string {
	t.Helper()
	res, err := propertyv1connect.NewPropertyServiceClient(http.DefaultClient, w.URL).
		GetProperty(context.Background(), connect.NewRequest(&propertyv1.GetPropertyRequest{Id: id}))
	if err != nil {
		t.Fatal(err)
	}
	s := res.Msg.Property.RatingSummary
	return fmt.Sprintf("%v over %d %v", s.Average, s.Count, s.Distribution)
}

// recountDiffers counts the properties whose stored star counts differ from a recount of their
// published, counted reviews of the rated types.
func (w *world) recountDiffers(t *testing.T) int {
	t.Helper()
	var differ int
	if err := w.Pool.QueryRow(context.Background(), `
		SELECT count(*) FROM properties p, LATERAL (
			SELECT count(*) FILTER (WHERE r.rating = 1) AS r1, count(*) FILTER (WHERE r.rating = 2) AS r2,
				count(*) FILTER (WHERE r.rating = 3) AS r3, count(*) FILTER (WHERE r.rating = 4) AS r4,
				count(*) FILTER (WHERE r.rating = 5) AS r5
			FROM reviews r WHERE r.property_id = p.id AND r.status = 'published' AND r.counted AND review_rates_property(r.review_type)) a
		WHERE (p.rating1_count, p.rating2_count, p.rating3_count, p.rating4_count, p.rating5_count)
			IS DISTINCT FROM (a.r1, a.r2, a.r3, a.r4, a.r5)`).
		Scan(&differ); err != nil {
		t.Fatal(err)
	}
	return differ
}

// catchUps runs n catch-ups at once, as n servers would, and returns how many reviews they
// counted in all.
func (w *world) catchUps(t *testing.T, n int) int {
	t.Helper()
	var wg sync.WaitGroup
	counted := make(chan int, n)
	for range n {
		wg.Go(func() {
			c, err := review.NewService(w.Pool, nil).CountDue(context.Background())
			if err != nil {
				t.Error(err)
			}
			counted <- c
		})
	}
	wg.Wait()
	close(counted)
	total := 0
	for c := range counted {
		total += c
	}
	return total
}

// The attack as it was run: four tenant accounts registered seconds earlier, each from its own
// network, post 5★ reviews of a listing rated 4.0 over 3. They are listed at once, marked as
// from new members, but move nothing: not the stars, not the search order, not the landlord's
// stats, not the statistics. A minute before their accounts are a week old the catch-up still
// leaves them out; once they are, two catch-ups running at once count each exactly once.
func TestNewMembersMoveTheStarsOnlyOnceEstablished(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	for i, rating := range []int32{5, 4, 3} {
		d := draft("tenant_to_property")
		d.Rating = rating
		w.create(t, w.established(t, fmt.Sprintf("regular%d", i)), d)
	}
	rival := w.Property(t, "owner", "Rival flat") // 4.3: above the garden flat, below it once the new members count
	for i, rating := range []int32{5, 4, 4} {
		d := draft("general")
		d.Rating, d.PropertyId = rating, rival
		w.create(t, w.established(t, fmt.Sprintf("neighbour%d", i)), d)
	}
	before := "4 over 3 [0 0 1 1 1]"
	if got := w.stars(t, 1); got != before {
		t.Fatalf("before: %s, want %s", got, before)
	}
	owner := w.Person(t, "owner", "landlord")
	properties := propertyv1connect.NewPropertyServiceClient(http.DefaultClient, w.URL)
	landlordStats := func() string {
		t.Helper()
		res, err := properties.GetLandlordStats(ctx, testworld.As(owner, &propertyv1.GetLandlordStatsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("%v over %d", res.Msg.AverageRating, res.Msg.RatedReviewCount)
	}
	statsBefore := landlordStats()
	order := func() string {
		t.Helper()
		res, err := properties.SearchProperties(ctx, connect.NewRequest(&propertyv1.SearchPropertiesRequest{City: "Leeds", SortBy: "highestRated", PageSize: 50}))
		if err != nil {
			t.Fatal(err)
		}
		ids := []int32{}
		for _, p := range res.Msg.Properties {
			if p.Id == 1 || p.Id == rival {
				ids = append(ids, p.Id)
			}
		}
		if slices.Equal(ids, []int32{1, rival}) {
			return "garden flat first"
		}
		return "rival first"
	}
	statistics := func() float64 {
		t.Helper()
		w.Exec(t, `UPDATE statistics_cache SET computed_at = now() - interval '1 hour'`) // the page's 60 s cache
		res, err := statisticsv1connect.NewStatisticsServiceClient(http.DefaultClient, w.URL).
			GetStatistics(ctx, connect.NewRequest(&statisticsv1.GetStatisticsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg.AverageRating
	}
	averageBefore := statistics()

	newcomers := []string{"fresh1", "fresh2", "fresh3", "fresh4"}
	for i, name := range newcomers {
		client := w.register(t, name, fmt.Sprintf("198.51.100.%d", 10+i))
		d := draft("tenant_to_property")
		d.Rating = 5
		req := connect.NewRequest(d)
		req.Header().Set("X-Forwarded-For", fmt.Sprintf("198.51.100.%d", 10+i))
		res, err := client.CreateReview(ctx, req)
		if err != nil {
			t.Fatalf("%s posts: %v", name, err)
		}
		if r := res.Msg.Review; r.Status != "published" || !r.NewMember {
			t.Errorf("%s's review: status %s, new member %v; want published, from a new member", name, r.Status, r.NewMember)
		}
	}
	list, err := w.client.ListPropertyReviews(ctx, connect.NewRequest(&reviewv1.ListPropertyReviewsRequest{PropertyId: 1}))
	if err != nil {
		t.Fatal(err)
	}
	marked := 0
	for _, r := range list.Msg.Reviews {
		if r.NewMember {
			marked++
		}
	}
	if len(list.Msg.Reviews) != 7 || marked != 4 {
		t.Errorf("listed %d reviews, %d marked as from new members; want 7 and 4", len(list.Msg.Reviews), marked)
	}
	tenantReviews := func() string {
		t.Helper()
		for _, c := range w.summary(t).Types {
			if c.ReviewType == "tenant_to_property" {
				return fmt.Sprintf("%d shown, %d count, average %v", c.Count, c.Counted, c.Average)
			}
		}
		return ""
	}
	if got := tenantReviews(); got != "7 shown, 3 count, average 4" {
		t.Errorf("tenant reviews: %s", got)
	}
	if got := w.stars(t, 1); got != before || order() != "rival first" || landlordStats() != statsBefore || statistics() != averageBefore {
		t.Errorf("new members moved the figures: stars %s, %s, landlord %s (was %s), statistics %v (was %v)",
			got, order(), landlordStats(), statsBefore, statistics(), averageBefore)
	}

	// A minute short of the declared days (SQL account_established): still new members.
	days := vocab.Published.GetAccount().GetEstablishedDays()
	w.Exec(t, `UPDATE users SET created_at = now() - make_interval(days => $2) + interval '1 minute' WHERE username = ANY($1)`, newcomers, days)
	if n := w.catchUps(t, 1); n != 0 || w.stars(t, 1) != before {
		t.Errorf("a minute early the catch-up counted %d reviews: %s", n, w.stars(t, 1))
	}
	// The declared days old: the catch-ups of two servers at once count each review once.
	w.Exec(t, `UPDATE users SET created_at = now() - make_interval(days => $2) - interval '1 second' WHERE username = ANY($1)`, newcomers, days)
	if n := w.catchUps(t, 2); n != 4 {
		t.Errorf("the catch-ups counted %d reviews; want 4", n)
	}
	// (5 + 4 + 3 + 4 × 5) / 7 = 4.57
	if got, want := w.stars(t, 1), "4.6 over 7 [0 0 1 1 5]"; got != want || w.recountDiffers(t) != 0 {
		t.Errorf("after: %s, want %s; %d properties differ from a recount", got, want, w.recountDiffers(t))
	}
	if got, want := w.stars(t, rival), "4.3 over 3 [0 0 0 2 1]"; got != want {
		t.Errorf("the rival's stars: %s, want %s", got, want)
	}
	if got := tenantReviews(); got != "7 shown, 7 count, average 4.6" {
		t.Errorf("tenant reviews: %s", got)
	}
	if order() != "garden flat first" || landlordStats() == statsBefore || statistics() == averageBefore {
		t.Errorf("the counted reviews did not reach the figures: %s, landlord %s, statistics %v", order(), landlordStats(), statistics())
	}
	if n := w.catchUps(t, 2); n != 0 || w.stars(t, 1) != "4.6 over 7 [0 0 1 1 5]" {
		t.Errorf("a second catch-up counted %d more", n)
	}
}

// An old account's first review makes it established, so it counts at once; a new member's
// review of the neighbourhood is in its tab but not in the tab's average.
func TestEstablishedOnWritingCountsAtOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	if r := w.create(t, w.Member(t, "veteran", "tenant"), draft("tenant_to_property")); r.NewMember {
		t.Error("an eight-day-old account's first review is marked as from a new member")
	}
	d := draft("tenant_to_neighborhood")
	d.Rating = 5
	w.create(t, w.Member(t, "veteran", "tenant"), d)
	d.Rating = 1
	if r := w.create(t, w.Person(t, "newbie", "tenant"), d); !r.NewMember {
		t.Error("a new account's review is not marked as from a new member")
	}
	got := map[string]string{}
	for _, c := range w.summary(t).Types {
		if c.Count > 0 {
			got[c.ReviewType] = fmt.Sprintf("%d shown, %d count, average %v", c.Count, c.Counted, c.Average)
		}
	}
	want := map[string]string{"tenant_to_property": "1 shown, 1 count, average 4", "tenant_to_neighborhood": "2 shown, 1 count, average 5"}
	if fmt.Sprint(got) != fmt.Sprint(want) || w.summary(t).Summary.Count != 1 {
		t.Errorf("per type: %v; want %v", got, want)
	}
}

// Many new members' reviews of several listings, one of them hidden by reports, and four
// catch-ups at once: every published review is counted exactly once and every listing's stored
// stars equal a recount; the hidden one joins when a moderator restores it.
func TestCatchUpsAtOnceCountEachReviewOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	ids := []int32{1}
	for i := range 5 {
		ids = append(ids, w.Property(t, "owner", fmt.Sprintf("Block %d", i)))
	}
	types := []string{"tenant_to_property", "general", "tenant_to_landlord", "tenant_to_neighborhood"}
	writers := []string{}
	for i := range 15 {
		name := fmt.Sprintf("newcomer%d", i)
		writers = append(writers, name)
		token := w.Person(t, name, "tenant")
		for j := range 4 { // four listings, four types
			d := draft(types[(i+j)%len(types)])
			d.PropertyId, d.Rating = ids[(i+j)%len(ids)], int32(1+(i+j)%5)
			w.create(t, token, d)
		}
	}
	hidden := w.create(t, w.Person(t, "newcomer_hidden", "tenant"), draft("general"))
	w.Exec(t, `UPDATE reviews SET status = 'hidden' WHERE id = $1`, hidden.Id)
	writers = append(writers, "newcomer_hidden")
	if s := w.summary(t).Summary; s.Count != 0 {
		t.Fatalf("new members' reviews counted: %+v", s)
	}

	w.Exec(t, `UPDATE users SET created_at = now() - interval '8 days' WHERE username = ANY($1)`, writers)
	if n := w.catchUps(t, 4); n != 60 {
		t.Errorf("four catch-ups counted %d reviews; want 60", n)
	}
	var uncounted int
	if err := w.Pool.QueryRow(ctx, `SELECT count(*) FROM reviews WHERE NOT counted`).Scan(&uncounted); err != nil {
		t.Fatal(err)
	}
	if uncounted != 1 || w.recountDiffers(t) != 0 {
		t.Errorf("%d reviews left uncounted (want the hidden one), %d properties differ from a recount", uncounted, w.recountDiffers(t))
	}

	// Restored, the hidden review is published; its author, established since, counts it in.
	admin := w.Person(t, "root", "admin")
	if _, err := w.client.ModerateReview(ctx, testworld.As(admin, &reviewv1.ModerateReviewRequest{ReviewId: hidden.Id, Decision: "restore"})); err != nil {
		t.Fatal(err)
	}
	if n := w.catchUps(t, 2); n != 1 || w.recountDiffers(t) != 0 {
		t.Errorf("after the restore the catch-ups counted %d (want 1); %d properties differ from a recount", n, w.recountDiffers(t))
	}
}

// When nobody new has written, the catch-up's statement walks the partial index of reviews due
// counting, which is empty, instead of the reviews.
func TestCatchUpUsesItsPartialIndex(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	w.Exec(t, `
		INSERT INTO users (username, password_hash, email, first_name, last_name, created_at)
		SELECT 'bulk' || i, 'x', 'bulk' || i || '@example.com', 'B', 'U', now() - interval '1 year' FROM generate_series(1, 50) i;
		INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT 'Bulk ' || i, i || ' Bulk Road', 'Leeds', 'apartment', 900, 1, 'bulk-' || i FROM generate_series(1, 40) i;
		INSERT INTO reviews (property_id, user_id, rating, title, content, counted)
		SELECT p.id, u.id, 4, 'Bulk review', 'A review of the bulk data set.', true
		FROM properties p, users u WHERE p.title LIKE 'Bulk %' AND u.username LIKE 'bulk%';
		ANALYZE reviews`)
	queries, err := os.ReadFile("../../sql/queries/reviews.sql")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)-- name: ReviewsDueCounting :many\n(?:--[^\n]*\n)*(.*?);`).FindSubmatch(queries)
	if m == nil {
		t.Fatal("ReviewsDueCounting not found in sql/queries/reviews.sql")
	}
	statement := strings.ReplaceAll(string(m[1]), "sqlc.arg(max_rows)", "500")
	rows, err := w.Pool.Query(ctx, "EXPLAIN "+statement)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, line)
	}
	if plan := strings.Join(lines, "\n"); !strings.Contains(plan, "reviews_due_counting_here") {
		t.Errorf("the catch-up does not use its partial index:\n%s", plan)
	}
}
