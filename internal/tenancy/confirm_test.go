package tenancy_test

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	tenancyv1 "github.com/rentproof/rentproof/gen/rentproof/tenancy/v1"
	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/internal/tenancy"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// Who may confirm a claim, and what a confirmation needs: the property's owner only (never the
// tenant, never a stranger), a property verified with a real proof (an unverified or demo-verified
// listing's owner vouches for nobody), an established tenant; the owner can never reject a claim
// (administrators decide).
func TestWhoMayConfirm(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	owner := w.Established(t, "olga", "landlord")
	tina := w.Established(t, "tina", "tenant")
	fresh := w.Person(t, "fresh", "tenant")
	stranger := w.Established(t, "stranger", "landlord")
	verified := w.verified(t, "Verified flat", "confirmed")
	demo := w.verified(t, "Demo flat", "demo")
	plain := w.verified(t, "Plain flat", "")

	onVerified := w.claim(t, tina, verified)
	for _, c := range []struct {
		name, token string
		id          int32
		want        string
	}{
		{"signed out", "", onVerified.Id, "unauthenticated: Please sign in to confirm a tenancy."},
		{"the tenant", tina, onVerified.Id, "permission_denied: You cannot confirm your own claim: the property's owner confirms it, or an administrator checks your documents."},
		{"a stranger", stranger, onVerified.Id, "permission_denied: Only the property's owner can confirm or answer a tenancy claim."},
		{"no such claim", owner, 99999, "not_found: Tenancy claim not found."},
		{"a demo-verified listing's owner", owner, w.claim(t, tina, demo).Id,
			"failed_precondition: Your property is not verified (or only by demo data), so your confirmation cannot verify anyone's tenancy: the tenant can send documents for an administrator to check instead."},
		{"an unverified listing's owner", owner, w.claim(t, tina, plain).Id,
			"failed_precondition: Your property is not verified (or only by demo data), so your confirmation cannot verify anyone's tenancy: the tenant can send documents for an administrator to check instead."},
		{"a tenant not established", owner, w.claim(t, fresh, verified).Id,
			"failed_precondition: The tenant's account is not established yet (a week old with a published review), so your confirmation cannot verify it: they can send documents for an administrator to check instead."},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := w.confirm(c.token, c.id)
			if got := testworld.Failure(err); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
	if n := w.ID(t, `SELECT count(*)::int FROM tenant_verifications WHERE status <> 'pending' OR hold_reason IS NOT NULL`); n != 0 {
		t.Fatalf("%d claims changed by refused confirmations", n)
	}

	t.Run("the owner cannot reject", func(t *testing.T) {
		_, err := w.decide(owner, onVerified.Id, false, "Never lived here")
		if got := testworld.Failure(err); got != "permission_denied: Only administrators can decide tenancy claims." {
			t.Errorf("the owner decides: %s", got)
		}
		_, err = w.admin.RevokeTenancy(context.Background(), testworld.As(owner, &adminv1.RevokeTenancyRequest{Id: onVerified.Id, Reason: "No"}))
		if got := testworld.Failure(err); got != "permission_denied: Only administrators can revoke a tenancy." {
			t.Errorf("the owner revokes: %s", got)
		}
	})

	t.Run("confirmed, it is verified and earns its tenant XP once", func(t *testing.T) {
		got, err := w.confirm(owner, onVerified.Id)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != "approved" || got.Proof != "landlord" || got.Stage != "" || got.DecidedAt == nil || len(got.Documents) != 0 {
			t.Errorf("confirmed: %+v", got)
		}
		if _, err := w.confirm(owner, onVerified.Id); testworld.Failure(err) != "failed_precondition: This claim has already been decided." {
			t.Errorf("confirmed again: %s", testworld.Failure(err))
		}
		if got := w.xp(t, "tina"); got != "1 rows, 15 XP" {
			t.Errorf("tina's XP: %s", got)
		}
		if got := strings.Join(w.events(t, onVerified.Id), "; "); got != "pending/landlord/ by tina: Claimed; approved//landlord by olga: Confirmed by the property's owner" {
			t.Errorf("events: %s", got)
		}
		// Withdrawn, the XP goes; the tenant cannot confirm or claim past it.
		if _, err := w.tenancy.WithdrawTenancy(context.Background(), testworld.As(tina, &tenancyv1.WithdrawTenancyRequest{Id: onVerified.Id})); err != nil {
			t.Fatal(err)
		}
		if got := w.xp(t, "tina"); got != "2 rows, 0 XP" {
			t.Errorf("tina's XP after withdrawing: %s", got)
		}
		_, err = w.tenancy.WithdrawTenancy(context.Background(), testworld.As(owner, &tenancyv1.WithdrawTenancyRequest{Id: onVerified.Id}))
		if got := testworld.Failure(err); got != "permission_denied: Only the member who made this claim can withdraw it." {
			t.Errorf("the owner withdraws: %s", got)
		}
	})
}

// An owner confirming many tenancies: beyond MaxConfirmations in 30 days every confirmation waits
// for an administrator, even when they all arrive at once (counted under the owner's lock).
func TestOwnerConfirmingManyIsHeld(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	owner := w.Established(t, "olga", "landlord")
	const n = 8
	ids := make([]int32, n)
	for i := range ids {
		name := fmt.Sprintf("tenant%d", i)
		token := w.Established(t, name, "tenant")
		ids[i] = w.claim(t, token, w.verified(t, "Flat "+name, "confirmed")).Id
	}
	var wg sync.WaitGroup
	results := make([]string, n)
	for i, id := range ids {
		wg.Go(func() {
			got, err := w.confirm(owner, id)
			if err != nil {
				results[i] = testworld.Failure(err)
				return
			}
			results[i] = got.Status + "/" + got.Stage + ": " + got.HoldReason
		})
	}
	wg.Wait()
	sort.Strings(results)
	want := make([]string, 0, n)
	for range tenancy.MaxConfirmations {
		want = append(want, "approved/: ")
	}
	for range n - tenancy.MaxConfirmations {
		want = append(want, "pending/administrator: "+tenancy.HeldBusy)
	}
	sort.Strings(want)
	if strings.Join(results, "\n") != strings.Join(want, "\n") {
		t.Errorf("confirmations:\n%s\nwant:\n%s", strings.Join(results, "\n"), strings.Join(want, "\n"))
	}
	// Confirmations older than the window no longer count.
	w.Exec(t, fmt.Sprintf(`UPDATE tenant_verifications SET verification_date = now() - interval '%d days'`, tenancy.ConfirmationWindowDays+1))
	last := w.claim(t, w.Established(t, "late", "tenant"), w.verified(t, "Late flat", "confirmed"))
	if got, err := w.confirm(owner, last.Id); err != nil || got.Status != "approved" {
		t.Errorf("a confirmation after the window: %v %v", got, err)
	}
	// A held confirmation an administrator approves is verified by the landlord's proof.
	admin := w.Person(t, "ada", "admin")
	queue, err := w.admin.ListTenancyQueue(context.Background(), testworld.As(admin, &adminv1.ListTenancyQueueRequest{}))
	if err != nil || len(queue.Msg.Tenancies) != n-tenancy.MaxConfirmations {
		t.Fatalf("queue: %v %v", queue, err)
	}
	held := queue.Msg.Tenancies[0]
	if held.OwnerUsername != "olga" || !strings.HasPrefix(held.TenantUsername, "tenant") || held.HoldReason != tenancy.HeldBusy {
		t.Errorf("held in the queue: %+v", held)
	}
	got, err := w.decide(admin, held.Id, true, "")
	if err != nil || got.Status != "approved" || got.Proof != "landlord" {
		t.Errorf("held confirmation approved: %v %v", got, err)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM admin_decisions WHERE tenancy_id = $1 AND decision = 'approve'`, held.Id); n != 1 {
		t.Errorf("%d decisions recorded", n)
	}
}

// An owner confirming a sock puppet: a tenant account that signed in from the owner's network, or
// the owner confirming from the tenant's, waits for an administrator.
func TestConfirmingALinkedAccountIsHeld(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{TrustedProxies: 1})
	owner := w.Established(t, "olga", "landlord")
	puppet := w.Established(t, "puppet", "tenant")
	honest := w.Established(t, "honest", "tenant")
	w.Exec(t, `INSERT INTO sign_ins (user_id, network) VALUES ($1, '203.0.113.7')`, w.UserID(t, "puppet"))
	flat := w.verified(t, "Olga's flat", "confirmed")

	confirmFrom := func(id int32, ip string) *tenancyv1.Tenancy {
		t.Helper()
		res, err := w.tenancy.ConfirmTenancy(context.Background(), testworld.From(testworld.As(owner, &tenancyv1.ConfirmTenancyRequest{Id: id}), ip, ""))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg.Tenancy
	}
	if got := confirmFrom(w.claim(t, puppet, flat).Id, "203.0.113.7"); got.Status != "pending" || got.Stage != "administrator" || got.HoldReason != tenancy.HeldLinked {
		t.Errorf("the puppet's claim: %+v", got)
	}
	if got := confirmFrom(w.claim(t, honest, flat).Id, "198.51.100.4"); got.Status != "approved" {
		t.Errorf("an unlinked tenant's claim: %+v", got)
	}
	if got := w.xp(t, "puppet"); got != "0 rows, 0 XP" {
		t.Errorf("the held puppet earned: %s", got)
	}
}

// Fifty confirmations of one claim at once decide it once: one verification, one event, one award.
func TestParallelConfirmationsDecideOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	owner := w.Established(t, "olga", "landlord")
	tina := w.Established(t, "tina", "tenant")
	id := w.claim(t, tina, w.verified(t, "Olga's flat", "confirmed")).Id
	var wg sync.WaitGroup
	var mu sync.Mutex
	outcomes := map[string]int{}
	for range 50 {
		wg.Go(func() {
			got, err := w.confirm(owner, id)
			outcome := testworld.Failure(err)
			if err == nil {
				outcome = got.Status
			}
			mu.Lock()
			outcomes[outcome]++
			mu.Unlock()
		})
	}
	wg.Wait()
	if outcomes["approved"] != 1 || outcomes["failed_precondition: This claim has already been decided."] != 49 {
		t.Errorf("outcomes: %v", outcomes)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM tenancy_events WHERE tenancy_id = $1 AND status = 'approved'`, id); n != 1 {
		t.Errorf("%d approvals recorded", n)
	}
	if got := w.xp(t, "tina"); got != "1 rows, 15 XP" {
		t.Errorf("tina's XP: %s", got)
	}
}

// Two administrators deciding one claim twenty times at once, some approving and some rejecting:
// one decision takes it, once (one decision kept, one closing event, the XP at most once), and
// every other is told it was decided.
func TestParallelDecisionsDecideOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	w.Person(t, "olga", "landlord")
	tina := w.Person(t, "tina", "tenant")
	admins := []string{w.Person(t, "ada", "admin"), w.Person(t, "bob", "admin")}
	id := w.claim(t, tina, w.verified(t, "Olga's flat", "")).Id
	if status, _ := w.upload(t, tina, id, "lease", map[string][]byte{"lease.pdf": pdf("lease")}); status != http.StatusOK {
		t.Fatalf("upload: %d", status)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	taken := map[string]int{}
	refused := 0
	for i := range 20 {
		wg.Go(func() {
			got, err := w.decide(admins[i%2], id, i%3 != 0, "Checked the lease")
			mu.Lock()
			defer mu.Unlock()
			switch f := testworld.Failure(err); f {
			case "ok":
				taken[got.Status]++
			case "failed_precondition: This claim has already been decided.":
				refused++
			default:
				t.Errorf("a parallel decision: %s", f)
			}
		})
	}
	wg.Wait()
	if len(taken) != 1 || refused != 19 {
		t.Fatalf("taken %v, refused %d", taken, refused)
	}
	decisions := w.ID(t, `SELECT count(*)::int FROM admin_decisions WHERE tenancy_id = $1`, id)
	closings := w.ID(t, `SELECT count(*)::int FROM tenancy_events WHERE tenancy_id = $1 AND status <> 'pending'`, id)
	if decisions != 1 || closings != 1 {
		t.Errorf("%d decisions kept, %d closing events", decisions, closings)
	}
	if got, want := w.xp(t, "tina"), map[bool]string{true: "1 rows, 15 XP", false: "0 rows, 0 XP"}[taken["approved"] == 1]; got != want {
		t.Errorf("tina's XP: %s, want %s", got, want)
	}
}

// "I can't confirm this" sends the claim to the documents path with the owner's message; it never
// rejects it, and only the owner may say it.
func TestCannotConfirm(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	owner := w.Established(t, "olga", "landlord")
	tina := w.Person(t, "tina", "tenant")
	id := w.claim(t, tina, w.verified(t, "Olga's flat", "confirmed")).Id
	cannot := func(token, message string) (*tenancyv1.Tenancy, error) { return w.cannotConfirm(token, id, message) }
	for _, c := range []struct{ name, token, message, want string }{
		{"the tenant", tina, "I was never here", "permission_denied: Only the property's owner can confirm or answer a tenancy claim."},
		{"no message", owner, "  ", "invalid_argument: Please say why you cannot confirm this claim: the administrators and the tenant read it"},
		{"a long message", owner, strings.Repeat("x", 501), "invalid_argument: Message must be at most 500 characters"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := cannot(c.token, c.message); testworld.Failure(err) != c.want {
				t.Errorf("got %q, want %q", testworld.Failure(err), c.want)
			}
		})
	}
	got, err := cannot(owner, "I bought the flat in 2024 and never met this tenant.")
	if err != nil || got.Status != "pending" || got.Stage != "documents" || got.OwnerMessage != "I bought the flat in 2024 and never met this tenant." {
		t.Fatalf("can't confirm: %+v %v", got, err)
	}
	if c := w.get(t, tina, id); c.OwnerMessage != got.OwnerMessage {
		t.Errorf("the tenant reads %q", c.OwnerMessage)
	}
	if got := w.events(t, id); len(got) != 2 || got[1] != "pending/documents/ by olga: The owner could not confirm it" {
		t.Errorf("events: %v", got)
	}
}

// An owner called "I can't confirm this" again and again on one claim, past the dashboard (which
// offers it once, while the claim waits for the owner): each call rewrote the message the tenant
// and the administrators read — after the tenant had answered it with documents, too — and sent
// the tenant one more notification, without end. The owner answers a claim once, even when the
// answers arrive at once.
func TestOwnerAnswersAClaimOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	owner := w.Established(t, "olga", "landlord")
	tina := w.Person(t, "tina", "tenant")
	id := w.claim(t, tina, w.verified(t, "Olga's flat", "confirmed")).Id
	cannot := func(message string) error {
		_, err := w.cannotConfirm(owner, id, message)
		return err
	}

	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() { errs[i] = cannot(fmt.Sprintf("Answer %d: I never met this tenant.", i)) })
	}
	wg.Wait()
	answered := 0
	for _, err := range errs {
		switch testworld.Failure(err) {
		case "ok":
			answered++
		case "failed_precondition: You have already said you cannot confirm this claim.":
		default:
			t.Errorf("a parallel answer: %s", testworld.Failure(err))
		}
	}
	if answered != 1 {
		t.Fatalf("%d of 8 parallel answers were taken, want 1", answered)
	}
	first := w.get(t, tina, id).OwnerMessage

	// Once the tenant sent documents, the owner cannot rewrite what the administrators read.
	if status, stage := w.upload(t, tina, id, "lease", map[string][]byte{"lease.pdf": pdf("lease")}); status != 200 || stage != "administrator" {
		t.Fatalf("upload: %d %s", status, stage)
	}
	if err := cannot("Actually, this tenant owes me rent."); testworld.Failure(err) != "failed_precondition: You have already said you cannot confirm this claim." {
		t.Errorf("a later answer: %s", testworld.Failure(err))
	}
	if got := w.get(t, tina, id).OwnerMessage; got != first {
		t.Errorf("the owner's message became %q, was %q", got, first)
	}
	if got := testworld.Kinds(w.tenancyNotices(t, "tina")); len(got) != 1 {
		t.Errorf("the tenant was told %d times: %v", len(got), got)
	}
	if got := w.events(t, id); len(got) != 3 {
		t.Errorf("events: %v", got)
	}
}

// A tenant withdrew the verified tenancy their landlord had reviewed, and the landlord's review
// of them lost its verified label: the tenant, told the review exists (landlord_review_id) before
// the blind reveal shows it, could strip the label from a bad review of themselves without
// anything proven wrong. Once the owner has reviewed it, the tenancy stays verified unless an
// administrator revokes it, and the owner's review keeps its label.
func TestTenantCannotUnverifyTheLandlordsReview(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	owner := w.Established(t, "olga", "landlord")
	tina := w.Established(t, "tina", "tenant")
	admin := w.Person(t, "ada", "admin")
	id := w.claim(t, tina, w.verified(t, "Olga's flat", "confirmed")).Id
	if _, err := w.confirm(owner, id); err != nil {
		t.Fatal(err)
	}
	res, err := w.reviews.CreateReview(ctx, testworld.As(owner, &reviewv1.CreateReviewRequest{
		PropertyId: w.get(t, tina, id).PropertyId, Rating: 1, Title: "Left owing rent",
		Content: "Three months of rent unpaid when the tenancy ended.", ReviewType: "landlord_to_tenant", Language: "en", TenancyId: id,
	}))
	if err != nil {
		t.Fatal(err)
	}
	landlords := res.Msg.Review.Id
	if got := w.get(t, tina, id).LandlordReviewId; got != landlords {
		t.Fatalf("the tenant is told of review %d, want %d", got, landlords)
	}
	_, err = w.tenancy.WithdrawTenancy(ctx, testworld.As(tina, &tenancyv1.WithdrawTenancyRequest{Id: id}))
	if got := testworld.Failure(err); got != "failed_precondition: The owner has reviewed this tenancy, so it stays verified. If it is wrong, an administrator can revoke it." {
		t.Errorf("the tenant withdraws the reviewed tenancy: %s", got)
	}
	if got := w.label(t, landlords); got != "verified true counted true changes [true]" {
		t.Errorf("the landlord's review: %s", got)
	}
	// An administrator still can.
	if _, err := w.admin.RevokeTenancy(ctx, testworld.As(admin, &adminv1.RevokeTenancyRequest{Id: id, Reason: "The lease was forged"})); err != nil {
		t.Fatal(err)
	}
	if got := w.label(t, landlords); got != "verified false counted true changes [true false]" {
		t.Errorf("the landlord's review after the revocation: %s", got)
	}
}

// A withdrawn verification takes back what the owner's confirmations proved: the tenancy the owner
// confirmed is revoked (its review's label and XP with it), a claim waiting for the owner or
// holding the owner's confirmation waits for documents instead, and a claim whose documents wait
// for an administrator stays as it is. Every tenant concerned is told, and a claim filed again goes
// to documents.
func TestWithdrawnVerificationTakesTheOwnersConfirmationsBack(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{TrustedProxies: 1})
	ctx := context.Background()
	owner := w.Established(t, "olga", "landlord")
	admin := w.Person(t, "ada", "admin")
	tina, puppet, paul, dora := w.Established(t, "tina", "tenant"), w.Established(t, "puppet", "tenant"),
		w.Established(t, "paul", "tenant"), w.Established(t, "dora", "tenant")
	w.Exec(t, `INSERT INTO sign_ins (user_id, network) VALUES ($1, '203.0.113.7')`, w.UserID(t, "puppet"))
	flat := w.verified(t, "Olga's flat", "confirmed")

	confirmed := w.claim(t, tina, flat)
	if got, err := w.confirm(owner, confirmed.Id); err != nil || got.Status != "approved" {
		t.Fatalf("tina's claim: %+v %v", got, err)
	}
	review := w.review(t, tina, flat, 5)
	held := w.claim(t, puppet, flat)
	if _, err := w.tenancy.ConfirmTenancy(ctx, testworld.From(testworld.As(owner, &tenancyv1.ConfirmTenancyRequest{Id: held.Id}), "203.0.113.7", "")); err != nil {
		t.Fatal(err)
	}
	waiting := w.claim(t, paul, flat)
	documented := w.claim(t, dora, flat)
	if status, stage := w.upload(t, dora, documented.Id, "lease", map[string][]byte{"lease.pdf": pdf("dora")}); status != http.StatusOK || stage != "administrator" {
		t.Fatalf("dora's documents: %d %s", status, stage)
	}
	if got := w.label(t, review); got != "verified true counted true changes [true]" {
		t.Fatalf("tina's review before: %s", got)
	}

	if _, err := w.verifications.WithdrawVerification(ctx, testworld.As(admin,
		&verificationv1.WithdrawVerificationRequest{PropertyId: flat, Reason: "The confirmations were bought"})); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, token string
		id          int32
		want        string
	}{
		{"tina's confirmed tenancy", tina, confirmed.Id, "revoked  "},
		{"the puppet's held confirmation", puppet, held.Id, "pending documents "},
		{"paul's claim waiting for the owner", paul, waiting.Id, "pending documents "},
		{"dora's documents", dora, documented.Id, "pending administrator "},
	} {
		got := w.get(t, c.token, c.id)
		if s := got.Status + " " + got.Stage + " " + got.HoldReason; s != c.want {
			t.Errorf("%s: %q, want %q", c.name, s, c.want)
		}
	}
	if got := w.label(t, review); got != "verified false counted true changes [true false]" {
		t.Errorf("tina's review after: %s", got)
	}
	if got := w.xp(t, "tina"); got != "2 rows, 0 XP" {
		t.Errorf("tina's XP: %s", got)
	}
	for user, want := range map[string]string{
		"tina":   "tenancy_revoked: The verification of your tenancy at Olga's flat was revoked",
		"puppet": "tenancy_documents: The owner of Olga's flat can no longer confirm your tenancy",
		"paul":   "tenancy_documents: The owner of Olga's flat can no longer confirm your tenancy",
	} {
		notes := w.Notifications(t, user)
		if len(notes) == 0 || notes[len(notes)-1].Kind+": "+notes[len(notes)-1].Title != want {
			t.Errorf("%s was told %+v, want %q last", user, notes, want)
		}
	}
	for _, n := range w.Notifications(t, "dora") {
		if n.Kind == "tenancy_documents" || n.Kind == "tenancy_revoked" {
			t.Errorf("dora was told: %+v", n)
		}
	}
	if again := w.claim(t, tina, flat); again.Stage != "documents" {
		t.Errorf("tina's claim filed again: %+v", again)
	}
}
