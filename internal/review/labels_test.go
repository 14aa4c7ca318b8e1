package review_test

// Issue 27: a review's label follows the verified tenancy behind it, in every list, with its proof;
// the property's review page filters on it; a landlord reviews each verified tenancy once; and the
// blind reveal keeps a landlord's and a tenant's reviews of one tenancy hidden from everyone but
// their authors until both are posted or 14 days have passed. Tenancies are arranged in SQL here
// (TenancyService decides them; its own tests cover how).

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/review"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/vocab"
)

// tenancy stores username's tenancy at property, Mar 2023 – Jan 2025, in status (approved ones
// proven by proof and verified two days ago), and returns its id.
func (w *world) tenancy(t *testing.T, username string, property int32, status, proof string) int32 {
	t.Helper()
	stage, decided := "", "2 days"
	if status == "pending" {
		stage, proof, decided = "landlord", "", ""
	}
	return w.ID(t, `INSERT INTO tenant_verifications (tenant_id, property_id, from_month, to_month, status, stage, proof,
			verification_date, decided_at)
		SELECT id, $2, '2023-03-01', '2025-01-01', $3, nullif($4, ''), nullif($5, ''),
			now() - nullif($6, '')::interval, now() - nullif($6, '')::interval
		FROM users WHERE username = $1 RETURNING id`, username, property, status, stage, proof, decided)
}

// verifyProperty marks property 1 verified with proof.
func (w *world) verifyProperty(t *testing.T, proof string) {
	t.Helper()
	w.Exec(t, `UPDATE properties SET verified = true, verification_proof = $1 WHERE id = 1`, proof)
}

// page lists property 1's reviews as token sees them (""; a visitor): "title:label" each.
func (w *world) page(t *testing.T, token string, req *reviewv1.ListPropertyReviewsRequest) []*reviewv1.Review {
	t.Helper()
	req.PropertyId = 1
	res, err := w.client.ListPropertyReviews(context.Background(), testworld.As(token, req))
	if err != nil {
		t.Fatal(err)
	}
	return res.Msg.Reviews
}

// titles lists reviews as "title" or "title (label)".
func titles(list []*reviewv1.Review) string {
	out := []string{}
	for _, r := range list {
		if r.VerifiedLabel != "" {
			out = append(out, r.Title+" ("+r.VerifiedLabel+")")
		} else {
			out = append(out, r.Title)
		}
	}
	return strings.Join(out, ", ")
}

// summary is property 1's verified count in its rating summary and on the property.
func (w *world) verifiedCounts(t *testing.T) string {
	t.Helper()
	res, err := w.client.GetRatingSummary(context.Background(), connect.NewRequest(&reviewv1.GetRatingSummaryRequest{PropertyId: 1}))
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("summary %d, property %d", res.Msg.VerifiedCount, w.GetProperty(t, 1).VerifiedReviewCount)
}

// A tenant who has just joined writes about the flat their verified tenancy was at: the review is
// labelled at once, with its proof, in every list, and counts in the stars at once. When an
// administrator revokes the tenancy the label goes (and, the author not being established, the
// review leaves the stars); a tenancy verified after a review was written labels it then.
func TestLabelFollowsTheProof(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	tina := w.Person(t, "tina", "tenant") // joined today: not established
	tenancy := w.tenancy(t, "tina", 1, "approved", "documents")
	w.create(t, w.established(t, "ursula"), draft("general")) // unverified, counts

	d := draft("tenant_to_property")
	d.Rating, d.Title = 2, "Damp bedroom"
	created := w.create(t, tina, d)
	proof := func(r *reviewv1.Review) string {
		if r.Proof == nil {
			return "none"
		}
		return fmt.Sprintf("%s %s–%s %s", r.Proof.Proof, r.Proof.FromMonth, r.Proof.ToMonth, r.Proof.VerifiedAt.AsTime().Format(time.DateOnly))
	}
	wantProof := "documents 2023-03–2025-01 " + time.Now().Add(-48*time.Hour).UTC().Format(time.DateOnly)
	if !created.Verified || created.VerifiedLabel != "Verified Tenant" || proof(created) != wantProof || created.NewMember {
		t.Fatalf("created: verified %v %q proof %s new member %v; want Verified Tenant, %s, counted",
			created.Verified, created.VerifiedLabel, proof(created), created.NewMember, wantProof)
	}
	if got := w.stars(t, 1); got != "3 over 2 [0 1 0 1 0]" {
		t.Errorf("a verified newcomer's review is not in the stars at once: %s", got)
	}
	if got := titles(w.page(t, "", &reviewv1.ListPropertyReviewsRequest{})); got != "Damp bedroom (Verified Tenant), Quiet and bright" {
		t.Errorf("public list: %s", got)
	}
	if got := w.page(t, "", &reviewv1.ListPropertyReviewsRequest{VerifiedOnly: true}); titles(got) != "Damp bedroom (Verified Tenant)" || proof(got[0]) != wantProof {
		t.Errorf("verified only: %s", titles(got))
	}
	if got := titles(w.page(t, "", &reviewv1.ListPropertyReviewsRequest{VerifiedOnly: true, Tab: "neighborhood"})); got != "" {
		t.Errorf("verified only, neighbourhood tab: %s", got)
	}
	recent, err := w.client.ListRecentReviews(ctx, connect.NewRequest(&reviewv1.ListRecentReviewsRequest{Limit: 20}))
	if err != nil {
		t.Fatal(err)
	}
	if i := slices.IndexFunc(recent.Msg.Reviews, func(r *reviewv1.Review) bool { return r.Id == created.Id }); i < 0 || proof(recent.Msg.Reviews[i]) != wantProof {
		t.Errorf("recent reviews: the label's proof is missing")
	}
	mine, err := w.client.ListMyReviews(ctx, testworld.As(tina, &reviewv1.ListMyReviewsRequest{}))
	if err != nil || titles(mine.Msg.Reviews) != "Damp bedroom (Verified Tenant)" {
		t.Errorf("my reviews: %v %v", mine, err)
	}
	if got := w.verifiedCounts(t); got != "summary 1, property 1" {
		t.Errorf("verified counts: %s", got)
	}
	// REST: the same list and filter, label and proof included.
	_, _, body := testworld.Send(t, http.MethodGet, w.URL+"/api/properties/1/reviews?verifiedOnly=true", "", "", nil)
	var rest []struct {
		Title, VerifiedLabel string
		Proof                struct{ Proof, FromMonth string }
	}
	if err := json.Unmarshal([]byte(body), &rest); err != nil || len(rest) != 1 || rest[0].VerifiedLabel != "Verified Tenant" || rest[0].Proof.FromMonth != "2023-03" {
		t.Errorf("REST verifiedOnly: %s (%v)", body, err)
	}

	// An administrator revokes the tenancy: the label goes everywhere, and so does the review's
	// place in the stars (its author is not established).
	w.Exec(t, `UPDATE tenant_verifications SET status = 'revoked', decided_at = now() WHERE id = $1`, tenancy)
	list := w.page(t, "", &reviewv1.ListPropertyReviewsRequest{})
	if titles(list) != "Damp bedroom, Quiet and bright" || list[0].Verified || list[0].Proof != nil || !list[0].NewMember {
		t.Errorf("after the revocation: %s, verified %v, proof %s, new member %v", titles(list), list[0].Verified, proof(list[0]), list[0].NewMember)
	}
	if got := titles(w.page(t, "", &reviewv1.ListPropertyReviewsRequest{VerifiedOnly: true})); got != "" {
		t.Errorf("verified only after the revocation: %s", got)
	}
	if got := w.stars(t, 1); got != "4 over 1 [0 0 0 1 0]" {
		t.Errorf("stars after the revocation: %s", got)
	}
	if got := w.verifiedCounts(t); got != "summary 0, property 0" {
		t.Errorf("verified counts after the revocation: %s", got)
	}

	// A review written before its author's tenancy was verified is labelled when it is.
	w.Person(t, "nora", "tenant")
	nd := draft("tenant_to_neighborhood")
	nd.Title = "Quiet street"
	written := w.create(t, "token-nora", nd)
	pending := w.tenancy(t, "nora", 1, "pending", "")
	if written.Verified {
		t.Fatal("labelled without a verified tenancy")
	}
	w.Exec(t, `UPDATE tenant_verifications SET status = 'approved', stage = NULL, proof = 'landlord', decided_at = now() WHERE id = $1`, pending)
	if got := titles(w.page(t, "", &reviewv1.ListPropertyReviewsRequest{VerifiedOnly: true})); got != "Quiet street (Verified Resident)" {
		t.Errorf("after the later verification: %s", got)
	}
	if got := w.ID(t, `SELECT count(*) FROM review_label_changes WHERE review_id IN ($1, $2)`, created.Id, written.Id); got != 3 {
		t.Errorf("label changes kept: %d, want 3 (labelled, unlabelled, labelled)", got)
	}
}

// The labels are SPEC's, by type; an agent's review is never verified.
func TestVerifiedLabelWords(t *testing.T) {
	t.Parallel()
	for typ, want := range map[string]string{
		"tenant_to_property": "Verified Tenant", "landlord_to_tenant": "Verified Landlord", "agent_to_property": "Verified Agent",
		"tenant_to_landlord": "Verified Tenant", "tenant_to_neighborhood": "Verified Resident", "general": "Verified Reviewer", "other": "Verified Reviewer",
	} {
		if got := review.VerifiedLabel(typ); got != want {
			t.Errorf("%s: %q, want %q", typ, got, want)
		}
	}
	w := newWorld(t)
	w.Person(t, "agnes", "agent")
	w.tenancy(t, "agnes", 1, "approved", "documents")
	if got := w.create(t, "token-agnes", draft("agent_to_property")); got.Verified || got.VerifiedLabel != "" {
		t.Errorf("an agent's review was labelled: %v %q", got.Verified, got.VerifiedLabel)
	}
}

// A landlord reviews each verified tenancy at their verified property once; every other way of
// naming a tenancy is refused with its reason.
func TestLandlordReviewsPerTenancy(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	owner := w.Person(t, "owner", "landlord")
	w.Person(t, "tess", "tenant")
	w.Person(t, "tom", "tenant")
	w.Person(t, "lenny", "landlord")
	tess := w.tenancy(t, "tess", 1, "approved", "landlord")
	tom := w.tenancy(t, "tom", 1, "approved", "documents")
	elsewhere := w.tenancy(t, "tom", w.Property(t, "owner", "Canal flat"), "approved", "documents")
	w.Person(t, "pat", "tenant")
	waiting := w.tenancy(t, "pat", 1, "pending", "")
	about := func(tenancy int32) *reviewv1.CreateReviewRequest {
		d := draft("landlord_to_tenant")
		d.TenancyId = tenancy
		return d
	}
	refused := func(name, token string, d *reviewv1.CreateReviewRequest, code connect.Code, msg string) {
		t.Helper()
		_, err := w.client.CreateReview(ctx, testworld.As(token, d))
		if connect.CodeOf(err) != code || message(err) != msg {
			t.Errorf("%s: %v, want %v %q", name, err, code, msg)
		}
	}
	refused("unverified property", owner, about(tess), connect.CodeFailedPrecondition, "Your property must be verified before you can write a verified review of a tenant")
	w.verifyProperty(t, "demo")
	refused("demo verification", owner, about(tess), connect.CodeFailedPrecondition, "Your property must be verified before you can write a verified review of a tenant")
	w.verifyProperty(t, "documents")
	tenantDraft := draft("tenant_to_property")
	tenantDraft.TenancyId = tess
	refused("a tenant's review naming a tenancy", "token-tess", tenantDraft, connect.CodeInvalidArgument, "Only a landlord's review of a tenant names a tenancy")
	refused("another landlord", "token-lenny", about(tess), connect.CodePermissionDenied, "Only the property's owner can write a landlord review of its tenants")
	refused("a tenancy elsewhere", owner, about(elsewhere), connect.CodePermissionDenied, "This tenancy is not at this property: you can review only the tenants of this property")
	refused("a pending tenancy", owner, about(waiting), connect.CodeFailedPrecondition, "You can review a tenant once their tenancy at your property is verified")
	refused("no such tenancy", owner, about(999999), connect.CodeNotFound, "Tenancy not found")

	// Five reviews of Tess's tenancy sent at once: one is written.
	var wg sync.WaitGroup
	results := make(chan error, 5)
	for range 5 {
		wg.Go(func() {
			_, err := w.client.CreateReview(ctx, testworld.As(owner, about(tess)))
			results <- err
			if err != nil && message(err) != "You have already reviewed this tenancy" {
				t.Errorf("parallel review: %v", err)
			}
		})
	}
	wg.Wait()
	close(results)
	written := 0
	for err := range results {
		if err == nil {
			written++
		}
	}
	if written != 1 {
		t.Fatalf("%d reviews of one tenancy written, want 1", written)
	}
	refused("the same tenancy again", owner, about(tess), connect.CodeAlreadyExists, "You have already reviewed this tenancy")
	ofTom := w.create(t, owner, about(tom))
	if !ofTom.Verified || ofTom.VerifiedLabel != "Verified Landlord" || ofTom.TenancyId != tom ||
		ofTom.Tenant.GetFirstName() != "Tom" || ofTom.Tenant.GetLastName() != "T" {
		t.Errorf("review of Tom's tenancy: %v %q tenancy %d tenant %v", ofTom.Verified, ofTom.VerifiedLabel, ofTom.TenancyId, ofTom.Tenant)
	}
	// The unlinked landlord review keeps its one place.
	unlinked := w.create(t, owner, draft("landlord_to_tenant"))
	if unlinked.Verified || unlinked.TenancyId != 0 || unlinked.Tenant != nil {
		t.Errorf("unlinked review: verified %v tenancy %d tenant %v", unlinked.Verified, unlinked.TenancyId, unlinked.Tenant)
	}
	refused("a second unlinked review", owner, draft("landlord_to_tenant"), connect.CodeAlreadyExists, "You have already written a review of this type for this property")

	res, err := w.client.ListMyReviewsOfProperty(ctx, testworld.As(owner, &reviewv1.ListMyReviewsOfPropertyRequest{PropertyId: 1}))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range res.Msg.Reviews {
		got = append(got, fmt.Sprintf("%s/%d/%s", r.ReviewType, r.TenancyId, r.VerifiedLabel))
	}
	want := fmt.Sprintf("[landlord_to_tenant/%d/Verified Landlord landlord_to_tenant/%d/Verified Landlord landlord_to_tenant/0/]", tess, tom)
	if fmt.Sprint(got) != want {
		t.Errorf("my reviews of the property: %v, want %s", got, want)
	}
}

// The blind reveal: a landlord's review of a verified tenancy and that tenant's review of the
// landlord are shown to nobody but their authors (not the public, the other party, the owner, nor
// over REST, nor in the counts) until both are posted or 14 days have passed.
func TestBlindReveal(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	owner := w.Person(t, "owner", "landlord")
	tess := w.Person(t, "tess", "tenant")
	tom := w.Person(t, "tom", "tenant")
	stranger := w.established(t, "stranger")
	tessTenancy := w.tenancy(t, "tess", 1, "approved", "landlord")
	w.tenancy(t, "tom", 1, "approved", "documents")
	w.verifyProperty(t, "documents")

	ld := draft("landlord_to_tenant")
	ld.Title, ld.TenancyId = "Tidy tenant", tessTenancy
	landlords := w.create(t, owner, ld)
	hidden := landlords.HiddenUntil.AsTime()
	// The trigger's window is the contract's (rules.proto's reveal_days), which the pages quote.
	window := time.Duration(vocab.Published.GetTenancy().GetRevealDays()) * 24 * time.Hour
	if d := time.Until(hidden); d < window-time.Minute || d > window {
		t.Fatalf("the landlord's review is hidden until %v, want %v from now", hidden, window)
	}
	td := draft("tenant_to_landlord")
	td.Title = "Slow repairs"
	toms := w.create(t, tom, td) // Tom writes first about his own tenancy
	if toms.HiddenUntil == nil || !toms.Verified {
		t.Fatalf("Tom's verified review of the landlord is not hidden: %v", toms)
	}

	seen := func(token string) string {
		t.Helper()
		return titles(w.page(t, token, &reviewv1.ListPropertyReviewsRequest{}))
	}
	for who, token := range map[string]string{"the public": "", "tess, the other party": tess, "a member": stranger} {
		if got := seen(token); got != "" {
			t.Errorf("%s sees %s", who, got)
		}
	}
	if got := seen(owner); got != "Tidy tenant (Verified Landlord)" {
		t.Errorf("the owner, author of one and the other party of the other, sees %q", got)
	}
	if got := seen(tom); got != "Slow repairs (Verified Tenant)" {
		t.Errorf("Tom sees %q", got)
	}
	if _, _, body := testworld.Send(t, http.MethodGet, w.URL+"/api/properties/1/reviews", "", "", nil); strings.TrimSpace(body) != "[]" {
		t.Errorf("REST shows: %s", body)
	}
	if _, _, body := testworld.Send(t, http.MethodGet, w.URL+"/api/properties/1/reviews", tess, "", nil); strings.TrimSpace(body) != "[]" {
		t.Errorf("REST shows Tess: %s", body)
	}
	recent, err := w.client.ListRecentReviews(ctx, connect.NewRequest(&reviewv1.ListRecentReviewsRequest{Limit: 20}))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recent.Msg.Reviews {
		if r.PropertyId == 1 {
			t.Errorf("recent reviews show the hidden %q", r.Title)
		}
	}
	summary, err := w.client.GetRatingSummary(ctx, connect.NewRequest(&reviewv1.GetRatingSummaryRequest{PropertyId: 1}))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range summary.Msg.Types {
		if c.Count != 0 {
			t.Errorf("tab count of %s: %d", c.ReviewType, c.Count)
		}
	}
	if got := w.verifiedCounts(t); got != "summary 0, property 0" {
		t.Errorf("verified counts while hidden: %s", got)
	}
	// Nobody acts on a review they cannot see: the owner cannot answer Tom's, Tess cannot vote on
	// or report the landlord's.
	if _, err := w.client.RespondToReview(ctx, testworld.As(owner, &reviewv1.RespondToReviewRequest{ReviewId: toms.Id, Content: "We fixed the boiler in a day."})); connect.CodeOf(err) != connect.CodeNotFound {
		t.Errorf("the owner answered a hidden review: %v", err)
	}
	if _, err := w.client.MarkHelpful(ctx, testworld.As(tess, &reviewv1.MarkHelpfulRequest{ReviewId: landlords.Id})); connect.CodeOf(err) != connect.CodeNotFound {
		t.Errorf("Tess voted on a hidden review: %v", err)
	}
	if _, err := w.client.ReportReview(ctx, testworld.As(tess, &reviewv1.ReportReviewRequest{ReviewId: landlords.Id, Reason: "spam"})); connect.CodeOf(err) != connect.CodeNotFound {
		t.Errorf("Tess reported a hidden review: %v", err)
	}
	mine, err := w.client.ListMyReviews(ctx, testworld.As(owner, &reviewv1.ListMyReviewsRequest{}))
	if err != nil || len(mine.Msg.Reviews) != 1 || mine.Msg.Reviews[0].HiddenUntil == nil {
		t.Errorf("the owner's own list: %v %v", mine, err)
	}

	// Tess posts hers: both reviews of her tenancy are shown to everyone at once; Tom's stays hidden.
	td.Title = "Fair landlord"
	if got := w.create(t, tess, td); got.HiddenUntil != nil {
		t.Errorf("the second review of the pair is hidden until %v", got.HiddenUntil.AsTime())
	}
	if got := seen(""); got != "Fair landlord (Verified Tenant), Tidy tenant (Verified Landlord)" {
		t.Errorf("after both were posted, the public sees %q", got)
	}
	if got := w.page(t, owner, &reviewv1.ListPropertyReviewsRequest{}); len(got) != 2 || got[1].HiddenUntil != nil {
		t.Errorf("after both were posted, the owner sees %s", titles(got))
	}
	if got := w.verifiedCounts(t); got != "summary 2, property 2" {
		t.Errorf("verified counts after the pair: %s", got)
	}

	// Tom's window passes: every read shows it at once, the housekeeping clears it and the
	// stored count takes it in.
	w.Exec(t, `UPDATE reviews SET reveal_at = now() - interval '1 minute' WHERE id = $1`, toms.Id)
	if got := seen(""); got != "Fair landlord (Verified Tenant), Slow repairs (Verified Tenant), Tidy tenant (Verified Landlord)" {
		t.Errorf("after 14 days, the public sees %q", got)
	}
	if got := w.verifiedCounts(t); got != "summary 3, property 2" {
		t.Errorf("verified counts before the housekeeping: %s", got)
	}
	n, err := review.NewService(w.Pool, nil).RevealDue(ctx)
	if err != nil || n != 1 {
		t.Fatalf("housekeeping revealed %d (%v), want 1", n, err)
	}
	if got := w.verifiedCounts(t); got != "summary 3, property 3" {
		t.Errorf("verified counts after the housekeeping: %s", got)
	}
	if _, err := w.client.RespondToReview(ctx, testworld.As(owner, &reviewv1.RespondToReviewRequest{ReviewId: toms.Id, Content: "We fixed the boiler in a day."})); err != nil {
		t.Errorf("the owner cannot answer a revealed review: %v", err)
	}
	if n, err := review.NewService(w.Pool, nil).RevealDue(ctx); err != nil || n != 0 {
		t.Errorf("a second housekeeping revealed %d (%v)", n, err)
	}
}

// The reviewers' highlights and the verified-review count are stored on the property and read
// with it wherever properties are listed, the search included.
func TestReviewerHighlightsAndVerifiedCountOnSearch(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	write := func(who string, rating int32, categories ...string) {
		t.Helper()
		d := draft("tenant_to_property")
		d.Rating, d.Categories = rating, categories
		w.create(t, w.established(t, who), d)
	}
	search := func() *propertyv1.Property {
		t.Helper()
		res, err := propertyv1connect.NewPropertyServiceClient(http.DefaultClient, w.URL).
			SearchProperties(ctx, connect.NewRequest(&propertyv1.SearchPropertiesRequest{City: "Leeds", PageSize: 50}))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range res.Msg.Properties {
			if p.Id == 1 {
				return p
			}
		}
		t.Fatal("property 1 not found")
		return nil
	}
	write("ann", 5, "Location", "Management")
	write("ben", 4, "Location")
	if got := search().ReviewerHighlights; len(got) != 0 {
		t.Errorf("two praises make a highlight: %v", got)
	}
	write("cat", 5, "Location", "Management")
	write("dan", 2, "Location") // a low rating praises nothing
	if got := search().ReviewerHighlights; fmt.Sprint(got) != "[Great location]" {
		t.Errorf("three of four praise the location: %v", got)
	}
	w.Person(t, "vic", "tenant")
	w.tenancy(t, "vic", 1, "approved", "documents")
	d := draft("tenant_to_property")
	d.Rating, d.Categories = 2, []string{"Noise"}
	w.create(t, "token-vic", d)
	write("eve", 3, "Management")
	got := search()
	if fmt.Sprint(got.ReviewerHighlights) != "[]" || got.VerifiedReviewCount != 1 {
		t.Errorf("three praises of six: highlights %v, verified %d; want none and 1", got.ReviewerHighlights, got.VerifiedReviewCount)
	}
	if p := w.GetProperty(t, 1); p.VerifiedReviewCount != 1 {
		t.Errorf("GetProperty's verified count: %d", p.VerifiedReviewCount)
	}
}

// The database's window for labelling a review (tenancy_covers, used by the triggers) is the
// contract's: from the tenancy's first month to review_years_after years after its last month
// ended, which the pages quote.
func TestReviewWindowIsTheContracts(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	years := vocab.Published.GetTenancy().GetReviewYearsAfter()
	for _, c := range []struct {
		at   string
		want bool
	}{
		{"2023-02-28 23:59:59+00", false}, // before it began
		{"2023-03-01 00:00:00+00", true},
		{fmt.Sprintf("%d-01-31 23:59:59+00", 2025+years), true}, // the last day of the window
		{fmt.Sprintf("%d-02-01 00:00:00+00", 2025+years), false},
	} {
		var got bool
		if err := pool.QueryRow(context.Background(), `SELECT tenancy_covers('2023-03-01', '2025-01-01', $1::timestamptz)`, c.at).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("a review written at %s of a tenancy Mar 2023 – Jan 2025: covered %v, want %v", c.at, got, c.want)
		}
	}
	var open bool
	if err := pool.QueryRow(context.Background(), `SELECT tenancy_covers('2023-03-01', NULL, now())`).Scan(&open); err != nil || !open {
		t.Errorf("a tenancy still going covers a review written today: %v, %v", open, err)
	}
}

// A tenancy proves a stay at one property and in one window: its holder's reviews of another
// property, or written more than the contract's years after the stay ended, carry no label, and
// no review type but a landlord's may name a tenancy.
func TestLabelOnlyWhereAndWhenTheStayWas(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tina := w.Person(t, "tina", "tenant")
	w.tenancy(t, "tina", 1, "approved", "documents")
	other := w.ID(t, `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT 'Next door', '3 Park Lane', 'Leeds', 'apartment', 950, id, 'next-door' FROM users WHERE username = 'owner'
		RETURNING id`)

	d := draft("general")
	d.PropertyId, d.Title = other, "Never lived here"
	if r := w.create(t, tina, d); r.Verified || r.VerifiedLabel != "" || r.Proof != nil {
		t.Errorf("a review of a property the author never lived at is labelled %q", r.VerifiedLabel)
	}

	named := draft("tenant_to_property")
	named.TenancyId = w.ID(t, `SELECT id FROM tenant_verifications WHERE property_id = 1`)
	if _, err := w.client.CreateReview(context.Background(), testworld.As(tina, named)); connect.CodeOf(err) != connect.CodeInvalidArgument {
		t.Errorf("a tenant naming a tenancy on their review: %v, want invalid_argument", err)
	}

	// A stay that ended long ago: Jan 2010 – Jan 2012, more than the window before today.
	w.Person(t, "olive", "tenant")
	w.Exec(t, `INSERT INTO tenant_verifications (tenant_id, property_id, from_month, to_month, status, proof, verification_date, decided_at)
		SELECT id, 1, '2010-01-01', '2012-01-01', 'approved', 'documents', now(), now() FROM users WHERE username = 'olive'`)
	late := draft("tenant_to_property")
	late.Title = "Looking back"
	if r := w.create(t, "token-olive", late); r.Verified {
		t.Errorf("a review written %d years after the stay ended is labelled", vocab.Published.GetTenancy().GetReviewYearsAfter())
	}
}
