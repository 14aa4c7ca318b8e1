package review_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"

	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// world is a server with a property owned by "owner" and signed-in people of each role.
type world struct {
	*testworld.World
	client reviewv1connect.ReviewServiceClient
}

func newWorld(t *testing.T) *world {
	t.Helper()
	return newWorldWith(t, testserver.Options{})
}

// newWorldWith starts the world's server behind one trusted proxy, so a request can say which
// network it comes from (from); without that header every request comes from loopback, which
// counts as no network.
func newWorldWith(t *testing.T, opts testserver.Options) *world {
	t.Helper()
	opts.TrustedProxies = 1
	srv := testserver.Start(t, opts)
	ctx := context.Background()
	if _, err := srv.Pool.Exec(ctx, `INSERT INTO users (username, password_hash, email, first_name, last_name, role)
		VALUES ('owner', 'x', 'owner@example.com', 'Olga', 'Owner', 'landlord')`); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Pool.Exec(ctx, `INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT 1, 'Garden flat', '1 Park Lane', 'Leeds', 'apartment', 900, id, 'garden-flat-1' FROM users WHERE username = 'owner';
		SELECT setval(pg_get_serial_sequence('properties', 'id'), 1)`); err != nil {
		t.Fatal(err)
	}
	return &world{World: &testworld.World{Server: srv}, client: reviewv1connect.NewReviewServiceClient(http.DefaultClient, srv.URL)}
}

// established makes (or reuses) a signed-in user whose account counts as established: open for
// eight days, with a published review of another property (which counts).
func (w *world) established(t *testing.T, username string) string {
	t.Helper()
	token := w.Person(t, username, "tenant")
	_, err := w.Pool.Exec(context.Background(), `
		WITH other AS (
			INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
			SELECT 'Other flat of ' || $1, '2 Side St', 'Leeds', 'apartment', 800, id, 'other-' || $1 FROM users WHERE username = 'owner'
			RETURNING id),
		u AS (UPDATE users SET created_at = now() - interval '8 days' WHERE username = $1 RETURNING id)
		INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, counted)
		SELECT other.id, u.id, 4, 'Fine place', 'A fine place to live for a year.', 'tenant_to_property', true FROM other, u`, username)
	if err != nil {
		t.Fatal(err)
	}
	return token
}

func draft(reviewType string) *reviewv1.CreateReviewRequest {
	return &reviewv1.CreateReviewRequest{
		PropertyId: 1, Rating: 4, Title: "Quiet and bright", Content: "Two years here, the heating always worked.",
		ReviewType: reviewType, Language: "en",
	}
}

func (w *world) create(t *testing.T, token string, d *reviewv1.CreateReviewRequest) *reviewv1.Review {
	t.Helper()
	res, err := w.client.CreateReview(context.Background(), testworld.As(token, d))
	if err != nil {
		t.Fatalf("create %s review: %v", d.ReviewType, err)
	}
	return res.Msg.Review
}

// message is the user's message of a Connect error.
func message(err error) string {
	if ce, ok := errors.AsType[*connect.Error](err); ok {
		return ce.Message()
	}
	return ""
}

func TestCreateValidation(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tenant := w.Person(t, "tina", "tenant")
	long := strings.Repeat("x", 5000)
	for name, c := range map[string]struct {
		change func(*reviewv1.CreateReviewRequest)
		msg    string
	}{
		"rating 0":          {func(d *reviewv1.CreateReviewRequest) { d.Rating = 0 }, "Rating is required"},
		"rating 6":          {func(d *reviewv1.CreateReviewRequest) { d.Rating = 6 }, "Rating is required"},
		"short title":       {func(d *reviewv1.CreateReviewRequest) { d.Title = "Ok " }, "Title must be at least 5 characters"},
		"long title":        {func(d *reviewv1.CreateReviewRequest) { d.Title = long }, "Title must be at most 100 characters"},
		"short content":     {func(d *reviewv1.CreateReviewRequest) { d.Content = "Too short." }, "Review must be at least 20 characters"},
		"5000-char content": {func(d *reviewv1.CreateReviewRequest) { d.Content = long }, "Review must be at most 1000 characters"},
		"unknown type":      {func(d *reviewv1.CreateReviewRequest) { d.ReviewType = "tenant_to_moon" }, "Please choose a review type"},
		"unknown language":  {func(d *reviewv1.CreateReviewRequest) { d.Language = "xx" }, "Please choose a supported language"},
		"unknown category":  {func(d *reviewv1.CreateReviewRequest) { d.Categories = []string{"Location", "Vibes"} }, "Please choose categories from the list"},
		"stay on general":   {func(d *reviewv1.CreateReviewRequest) { d.ReviewType = "general"; d.StayPeriod = "current" }, "Stay period applies to tenant reviews of a property only"},
		"unknown stay":      {func(d *reviewv1.CreateReviewRequest) { d.StayPeriod = "forever" }, "Please choose a stay period"},
		"landlord type":     {func(d *reviewv1.CreateReviewRequest) { d.ReviewType = "landlord_to_tenant" }, "Only landlords can write landlord reviews"},
		"agent type":        {func(d *reviewv1.CreateReviewRequest) { d.ReviewType = "agent_to_property" }, "Only agents can write agent reviews"},
		"foreign photo":     {func(d *reviewv1.CreateReviewRequest) { d.Photos = []string{"https://evil.example/x.png"} }, "Photos must be uploaded first"},
	} {
		t.Run(name, func(t *testing.T) {
			d := draft("tenant_to_property")
			c.change(d)
			_, err := w.client.CreateReview(context.Background(), testworld.As(tenant, d))
			if connect.CodeOf(err) != connect.CodeInvalidArgument || message(err) != c.msg {
				t.Errorf("%v", err)
			}
		})
	}
	if _, err := w.client.CreateReview(context.Background(), testworld.As("", draft("general"))); connect.CodeOf(err) != connect.CodeUnauthenticated {
		t.Errorf("anonymous: %v", err)
	}
	d := draft("general")
	d.PropertyId = 999
	if _, err := w.client.CreateReview(context.Background(), testworld.As(tenant, d)); connect.CodeOf(err) != connect.CodeNotFound {
		t.Errorf("missing property: %v", err)
	}

	// Blank list entries are dropped; script tags are kept as text.
	d = draft("tenant_to_property")
	d.Title = "<script>alert(1)</script>"
	d.Pros = []string{"Light", " ", ""}
	d.Cons = []string{""}
	d.Categories = []string{"Noise", "", "Location"}
	d.StayPeriod = "1_to_3_years"
	r := w.create(t, tenant, d)
	if fmt.Sprint(r.Pros, r.Cons, r.Categories) != "[Light] [] [Location Noise]" || r.Title != "<script>alert(1)</script>" ||
		r.StayPeriod != "1_to_3_years" || r.Reviewer.GetFirstName() != "Tina" || r.Status != "published" {
		t.Errorf("created: %+v", r)
	}
	// The author's last name is public only by its first letter, to visitors as in the answer.
	list, err := w.client.ListPropertyReviews(context.Background(), connect.NewRequest(&reviewv1.ListPropertyReviewsRequest{PropertyId: d.PropertyId}))
	if err != nil {
		t.Fatal(err)
	}
	for _, listed := range append(list.Msg.GetReviews(), r) {
		if last := listed.GetReviewer().GetLastName(); last != "T" {
			t.Errorf("review %d: the author's last name is %q; want only its first letter, T", listed.GetId(), last)
		}
	}
}

func TestRolesDuplicatesAndOwnProperty(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	agent := w.Person(t, "agnes", "agent")
	tenant := w.Person(t, "terry", "tenant")
	owner := w.Person(t, "owner", "landlord")

	w.create(t, owner, draft("landlord_to_tenant"))
	w.create(t, agent, draft("agent_to_property"))
	w.create(t, tenant, draft("tenant_to_property"))
	w.create(t, tenant, draft("tenant_to_neighborhood")) // another type is another review

	_, err := w.client.CreateReview(context.Background(), testworld.As(tenant, draft("tenant_to_property")))
	if connect.CodeOf(err) != connect.CodeAlreadyExists {
		t.Errorf("second tenant review: %v", err)
	}
	for _, typ := range []string{"tenant_to_property", "tenant_to_neighborhood", "tenant_to_landlord"} {
		t.Run("owner writes "+typ, func(t *testing.T) {
			_, err := w.client.CreateReview(context.Background(), testworld.As(owner, draft(typ)))
			if connect.CodeOf(err) != connect.CodePermissionDenied {
				t.Errorf("owner writes %s about own property: %v", typ, err)
			}
		})
	}
	var activities int
	if err := w.Pool.QueryRow(context.Background(), "SELECT count(*) FROM user_activities WHERE activity_type = 'review_posted'").Scan(&activities); err != nil || activities != 4 {
		t.Errorf("review_posted activities: %d (%v)", activities, err)
	}
}

func TestDailyLimit(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	prolific := w.Person(t, "prolific", "tenant")
	if _, err := w.Pool.Exec(context.Background(), `
		INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT 'Flat ' || i, i || ' Road', 'Leeds', 'apartment', 900, 1, 'flat-' || i FROM generate_series(2, 12) i`); err != nil {
		t.Fatal(err)
	}
	for id := int32(1); id <= 10; id++ {
		d := draft("general")
		d.PropertyId = id
		w.create(t, prolific, d)
	}
	d := draft("general")
	d.PropertyId = 11
	if _, err := w.client.CreateReview(context.Background(), testworld.As(prolific, d)); connect.CodeOf(err) != connect.CodeResourceExhausted {
		t.Errorf("11th review in a day: %v", err)
	}
}

func TestAggregatesFollowReviews(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i, rating := range []int32{5, 4, 4, 2, 1, 5} {
		d := draft("tenant_to_property")
		d.Rating = rating
		w.create(t, w.Member(t, fmt.Sprintf("rater%d", i), "tenant"), d)
	}
	res, err := w.client.GetRatingSummary(context.Background(), connect.NewRequest(&reviewv1.GetRatingSummaryRequest{PropertyId: 1}))
	if err != nil {
		t.Fatal(err)
	}
	s := res.Msg.Summary
	// (5+4+4+2+1+5)/6 = 3.5
	if s.Average != 3.5 || s.Count != 6 || s.RecommendCount != 4 || fmt.Sprint(s.Distribution) != "[1 1 0 2 2]" {
		t.Errorf("summary: %+v", s)
	}
}

func TestConcurrentHelpfulVotes(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	author := w.Person(t, "author", "tenant")
	r := w.create(t, author, draft("tenant_to_property"))

	voters := make([]string, 50)
	for i := range voters {
		voters[i] = w.Person(t, fmt.Sprintf("voter%d", i), "tenant")
	}
	var wg sync.WaitGroup
	errs := make(chan error, len(voters))
	for _, v := range voters {
		wg.Go(func() {
			_, err := w.client.MarkHelpful(context.Background(), testworld.As(v, &reviewv1.MarkHelpfulRequest{ReviewId: r.Id}))
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	again, err := w.client.MarkHelpful(context.Background(), testworld.As(voters[7], &reviewv1.MarkHelpfulRequest{ReviewId: r.Id}))
	if err != nil || again.Msg.Helpful != 50 || !again.Msg.AlreadyMarked {
		t.Errorf("repeat vote: %v %v", again, err)
	}
	if _, err := w.client.MarkHelpful(context.Background(), testworld.As(author, &reviewv1.MarkHelpfulRequest{ReviewId: r.Id})); connect.CodeOf(err) != connect.CodePermissionDenied {
		t.Errorf("own review: %v", err)
	}
	if _, err := w.client.MarkHelpful(context.Background(), testworld.As("", &reviewv1.MarkHelpfulRequest{ReviewId: r.Id})); connect.CodeOf(err) != connect.CodeUnauthenticated {
		t.Errorf("anonymous vote: %v", err)
	}
	list, err := w.client.ListPropertyReviews(context.Background(), testworld.As(voters[3], &reviewv1.ListPropertyReviewsRequest{PropertyId: 1}))
	if err != nil || list.Msg.Reviews[0].Helpful != 50 || !list.Msg.Reviews[0].HelpfulByViewer {
		t.Errorf("list after votes: %v %v", list, err)
	}
}

func TestReportsHideUntilAnAdminDecides(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	r := w.create(t, w.Member(t, "writer", "tenant"), draft("tenant_to_property"))
	if summary := w.summary(t).Summary; summary.Count != 1 {
		t.Fatalf("an established author's review counts at once: %+v", summary)
	}
	visible := func() int {
		list, err := w.client.ListPropertyReviews(ctx, connect.NewRequest(&reviewv1.ListPropertyReviewsRequest{PropertyId: 1}))
		if err != nil {
			t.Fatal(err)
		}
		return len(list.Msg.Reviews)
	}
	// Each reporter is established and on a network and browser of their own.
	report := func(who string) error {
		n := who[len(who)-1:]
		req := testworld.As(w.established(t, who), &reviewv1.ReportReviewRequest{ReviewId: r.Id, Reason: "spam", Detail: "Looks like an ad"})
		_, err := w.client.ReportReview(ctx, testworld.From(req, "192.0.2."+n, "browser-"+n))
		return err
	}
	if err := report("reporter1"); err != nil {
		t.Fatal(err)
	}
	if err := report("reporter1"); connect.CodeOf(err) != connect.CodeAlreadyExists {
		t.Errorf("second report by one user: %v", err)
	}
	if _, err := w.client.ReportReview(ctx, testworld.As(w.Person(t, "reporter9", "tenant"), &reviewv1.ReportReviewRequest{ReviewId: r.Id, Reason: "boring"})); connect.CodeOf(err) != connect.CodeInvalidArgument {
		t.Errorf("unknown reason: %v", err)
	}
	if err := report("reporter2"); err != nil || visible() != 1 {
		t.Fatalf("two reports must not hide: %v, %d visible", err, visible())
	}
	if err := report("reporter3"); err != nil {
		t.Fatal(err)
	}
	if visible() != 0 {
		t.Error("three reports from different established users must hide the review")
	}
	summary, _ := w.client.GetRatingSummary(ctx, connect.NewRequest(&reviewv1.GetRatingSummaryRequest{PropertyId: 1}))
	if summary.Msg.Summary.Count != 0 {
		t.Errorf("a hidden review still counts: %+v", summary.Msg.Summary)
	}

	tenant := w.Person(t, "reporter1", "tenant")
	if _, err := w.client.ListReportedReviews(ctx, testworld.As(tenant, &reviewv1.ListReportedReviewsRequest{})); connect.CodeOf(err) != connect.CodePermissionDenied {
		t.Errorf("tenant lists reported: %v", err)
	}
	admin := w.Person(t, "root", "admin")
	reported, err := w.client.ListReportedReviews(ctx, testworld.As(admin, &reviewv1.ListReportedReviewsRequest{}))
	if err != nil || len(reported.Msg.Reviews) != 1 || reported.Msg.Reviews[0].ReportCount != 3 || reported.Msg.Reviews[0].Status != "hidden" {
		t.Fatalf("reported list: %v %v", reported, err)
	}
	if _, err := w.client.ModerateReview(ctx, testworld.As(tenant, &reviewv1.ModerateReviewRequest{ReviewId: r.Id, Decision: "restore"})); connect.CodeOf(err) != connect.CodePermissionDenied {
		t.Errorf("tenant moderates: %v", err)
	}
	res, err := w.client.ModerateReview(ctx, testworld.As(admin, &reviewv1.ModerateReviewRequest{ReviewId: r.Id, Decision: "restore", Note: "Genuine tenant"}))
	if err != nil || res.Msg.Review.Status != "published" || visible() != 1 {
		t.Fatalf("restore: %v %v", res, err)
	}
	// The old reports do not hide it again; three new ones do.
	if err := report("reporter4"); err != nil || visible() != 1 {
		t.Errorf("one report after a restore: %v", err)
	}
	for _, who := range []string{"reporter5", "reporter6"} {
		if err := report(who); err != nil {
			t.Fatalf("report by %s: %v", who, err)
		}
	}
	if visible() != 0 {
		t.Error("three new reports after a restore must hide it again")
	}
	if _, err := w.client.ModerateReview(ctx, testworld.As(admin, &reviewv1.ModerateReviewRequest{ReviewId: r.Id, Decision: "remove"})); err != nil {
		t.Fatal(err)
	}
	var decisions int
	var who string
	if err := w.Pool.QueryRow(ctx, `SELECT count(*), min(u.username) FROM review_moderation_decisions d
		JOIN users u ON u.id = d.admin_id WHERE d.review_id = $1`, r.Id).Scan(&decisions, &who); err != nil || decisions != 2 || who != "root" {
		t.Errorf("decisions kept: %d by %s (%v)", decisions, who, err)
	}
}

func TestOwnerResponse(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	r := w.create(t, w.Person(t, "renter", "tenant"), draft("tenant_to_property"))
	for name, token := range map[string]string{
		"another landlord": w.Person(t, "otherlandlord", "landlord"),
		"the author":       w.Person(t, "renter", "tenant"),
		"an admin":         w.Person(t, "boss", "admin"),
	} {
		t.Run(name+" responds", func(t *testing.T) {
			_, err := w.client.RespondToReview(ctx, testworld.As(token, &reviewv1.RespondToReviewRequest{ReviewId: r.Id, Content: "Thanks!"}))
			if connect.CodeOf(err) != connect.CodePermissionDenied {
				t.Errorf("%v", err)
			}
		})
	}
	owner := w.Person(t, "owner", "landlord")
	res, err := w.client.RespondToReview(ctx, testworld.As(owner, &reviewv1.RespondToReviewRequest{ReviewId: r.Id, Content: "Thank you, glad the heating held up."}))
	if err != nil || res.Msg.Review.OwnerResponse.GetContent() != "Thank you, glad the heating held up." {
		t.Fatalf("owner responds: %v %v", res, err)
	}
	res, err = w.client.RespondToReview(ctx, testworld.As(owner, &reviewv1.RespondToReviewRequest{ReviewId: r.Id, Content: "Edited: thank you!"}))
	if err != nil || res.Msg.Review.OwnerResponse.GetContent() != "Edited: thank you!" {
		t.Fatalf("owner edits: %v %v", res, err)
	}
	if _, err := w.client.RespondToReview(ctx, testworld.As(owner, &reviewv1.RespondToReviewRequest{ReviewId: r.Id, Content: " "})); connect.CodeOf(err) != connect.CodeInvalidArgument {
		t.Errorf("blank response: %v", err)
	}
	list, err := w.client.ListPropertyReviews(ctx, connect.NewRequest(&reviewv1.ListPropertyReviewsRequest{PropertyId: 1}))
	if err != nil || list.Msg.Reviews[0].OwnerResponse.GetContent() != "Edited: thank you!" {
		t.Errorf("response in the public list: %v %v", list, err)
	}
}

func TestTabsAndPages(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	w.create(t, w.Person(t, "tenant1", "tenant"), draft("tenant_to_property"))
	w.create(t, w.Person(t, "tenant1", "tenant"), draft("tenant_to_landlord"))
	w.create(t, w.Person(t, "tenant1", "tenant"), draft("tenant_to_neighborhood"))
	w.create(t, w.Person(t, "owner", "landlord"), draft("landlord_to_tenant"))
	w.create(t, w.Person(t, "agent1", "agent"), draft("agent_to_property"))
	w.create(t, w.Person(t, "general1", "tenant"), draft("general"))
	for tab, want := range map[string]int{"": 6, "all": 6, "tenant": 2, "landlord": 1, "neighborhood": 1, "agent": 1} {
		t.Run(fmt.Sprintf("tab %q", tab), func(t *testing.T) {
			list, err := w.client.ListPropertyReviews(ctx, connect.NewRequest(&reviewv1.ListPropertyReviewsRequest{PropertyId: 1, Tab: tab}))
			if err != nil || len(list.Msg.Reviews) != want {
				t.Errorf("%v reviews, want %d (%v)", len(list.Msg.GetReviews()), want, err)
			}
		})
	}
	seen := map[int32]bool{}
	for page := int32(1); page <= 3; page++ {
		list, err := w.client.ListPropertyReviews(ctx, connect.NewRequest(&reviewv1.ListPropertyReviewsRequest{PropertyId: 1, Page: page, PageSize: 2}))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range list.Msg.Reviews {
			if seen[r.Id] {
				t.Errorf("review %d on two pages", r.Id)
			}
			seen[r.Id] = true
		}
		if list.Msg.HasMore != (page < 3) {
			t.Errorf("page %d hasMore %v", page, list.Msg.HasMore)
		}
	}
	if len(seen) != 6 {
		t.Errorf("pages covered %d of 6 reviews", len(seen))
	}
	if _, err := w.client.ListPropertyReviews(ctx, connect.NewRequest(&reviewv1.ListPropertyReviewsRequest{PropertyId: 1, Tab: "pets"})); connect.CodeOf(err) != connect.CodeInvalidArgument {
		t.Errorf("unknown tab: %v", err)
	}
}
