package verification_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/verification"
	"github.com/rentproof/rentproof/internal/verifyqueue"
)

// The second attack on the live product (issue 25), replayed over the public API. Networks come
// through one trusted proxy (X-Forwarded-For); the sign-in history that links two accounts is
// written as the sign-in code writes it (sign_ins), as held_test.go does.

// signedIn records that username signed in from network.
func (w *world) signedIn(t *testing.T, username, network string) {
	t.Helper()
	w.Exec(t, `INSERT INTO sign_ins (user_id, network) SELECT id, $2 FROM users WHERE username = $1`, username, network)
}

// xp is a user's XP.
func (w *world) xp(t *testing.T, username string) int32 {
	t.Helper()
	return w.ID(t, `SELECT coalesce((SELECT x.xp FROM user_xp x JOIN users u ON u.id = x.user_id WHERE u.username = $1), 0)`, username)
}

func (w *world) admin() adminv1connect.AdminServiceClient {
	return adminv1connect.NewAdminServiceClient(http.DefaultClient, w.URL)
}

// pageRequest sends the property page's request (a non-owner asks one landlord) from ip.
func (w *world) pageRequest(token string, propertyID, to int32, ip string) (*verificationv1.VerificationRequest, error) {
	res, err := w.verification.CreateVerificationRequest(context.Background(), testworld.From(testworld.As(token, &verificationv1.CreateVerificationRequestRequest{
		PropertyId: propertyID, RequestedToId: to, Notes: "I saw it last week",
	}), ip, ""))
	if err != nil {
		return nil, err
	}
	return res.Msg.Requests[0], nil
}

// answerFrom answers request id as token from ip.
func (w *world) answerFrom(t *testing.T, token string, id int32, status, ip string) *verificationv1.AnswerVerificationRequestResponse {
	t.Helper()
	res, err := w.verification.AnswerVerificationRequest(context.Background(), testworld.From(testworld.As(token,
		&verificationv1.AnswerVerificationRequestRequest{Id: id, Status: status}), ip, ""))
	if err != nil {
		t.Fatalf("answer %d: %v", id, err)
	}
	return res.Msg
}

// Item 2: a tenant registered seconds earlier asked an established account on another network
// to confirm a stranger's property through the property page, the account approved, and the
// listing was verified though its owner never asked. Now a fresh account cannot ask; an
// established one's confirmation waits for the owner, who may decline it; an approval from an
// account linked to the requester is held; the requester is paid only when the listing is
// verified through the request and the confirmer is not linked to them.
func TestTwoColludingAccountsCannotVerifyAStrangersListing(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, testserver.Options{TrustedProxies: 1})
	ctx := context.Background()
	owner := w.Established(t, "olga", "landlord")
	w.signedIn(t, "olga", "203.0.113.1")
	mallory := w.Person(t, "mallory", "tenant")
	accomplice := w.Established(t, "acco", "landlord")
	w.signedIn(t, "acco", "198.51.100.2")
	acco := w.UserID(t, "acco")
	flat, loft, barn := w.Property(t, "olga", "Garden flat"), w.Property(t, "olga", "City loft"), w.Property(t, "olga", "Old barn")

	// The attack as it was found: refused at once.
	if _, err := w.pageRequest(mallory, flat, acco, "192.0.2.9"); testworld.Failure(err) !=
		"failed_precondition: You cannot ask for this property to be verified yet: only accounts open for at least 7 days with a published review can." {
		t.Fatalf("a fresh account asked: %s", testworld.Failure(err))
	}
	// Established a week later, on its own network: the confirmation verifies nothing by itself.
	w.Exec(t, `UPDATE users SET created_at = now() - interval '8 days' WHERE username = 'mallory'`)
	w.Exec(t, `INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		SELECT $1, id, 4, 'Fine place', 'A fine place to live for a year.', 'general' FROM users WHERE username = 'mallory'`, barn)
	w.signedIn(t, "mallory", "192.0.2.9")
	r, err := w.pageRequest(mallory, flat, acco, "192.0.2.9")
	if err != nil {
		t.Fatal(err)
	}
	a := w.answerFrom(t, accomplice, r.Id, "approved", "198.51.100.2")
	if a.Request.Status != "confirmed" || a.PropertyVerified || w.GetProperty(t, flat).Verified {
		t.Fatalf("the confirmation verified the flat: %v", a)
	}
	// The owner declines it: still unverified, the requester unpaid.
	list, err := w.verification.ListConfirmationsToAccept(ctx, testworld.As(owner, &verificationv1.ListConfirmationsToAcceptRequest{}))
	if err != nil || len(list.Msg.Requests) != 1 || list.Msg.Requests[0].RequestedTo.Username != "acco" {
		t.Fatalf("the owner's confirmations: %v %v", list, err)
	}
	d, err := w.verification.DecideConfirmation(ctx, testworld.As(owner, &verificationv1.DecideConfirmationRequest{Id: r.Id}))
	if err != nil || d.Msg.Request.Status != "declined" || d.Msg.Request.StatusReason != verification.DeclinedReason || d.Msg.PropertyVerified {
		t.Fatalf("decline: %v %v", d, err)
	}
	if w.GetProperty(t, flat).Verified || w.Balance(t, mallory) != 10 {
		t.Error("a declined confirmation verified the flat or paid its requester")
	}

	// Linked to the confirmer (one network in the last 90 days): the approval is held, and an
	// administrator's approval verifies the listing but pays the requester nothing.
	w.signedIn(t, "mallory", "198.51.100.2")
	r2, err := w.pageRequest(mallory, loft, acco, "192.0.2.9")
	if err != nil {
		t.Fatal(err)
	}
	a = w.answerFrom(t, accomplice, r2.Id, "approved", "198.51.100.2")
	if a.Request.Status != "held" || a.TokensEarned != 0 || w.GetProperty(t, loft).Verified {
		t.Fatalf("an approval linked to the requester: %v", a)
	}
	ada := w.Person(t, "ada", "admin")
	before := w.Balance(t, accomplice)
	if _, err := w.admin().DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: r2.Id, Decision: "approve"})); err != nil {
		t.Fatal(err)
	}
	if !w.GetProperty(t, loft).Verified || w.Balance(t, mallory) != 10 || w.Balance(t, accomplice) != before+1 {
		t.Errorf("the administrator's approval: verified %v, requester %d (want 10), confirmer %d (want %d)",
			w.GetProperty(t, loft).Verified, w.Balance(t, mallory), w.Balance(t, accomplice), before+1)
	}

	// Not linked: an administrator may decide a confirmation too, and then the requester earns 1.
	w.Established(t, "nina", "tenant")
	nina := "token-nina"
	r3, err := w.pageRequest(nina, barn, acco, "192.0.2.50")
	if err != nil {
		t.Fatal(err)
	}
	w.answerFrom(t, accomplice, r3.Id, "approved", "198.51.100.2")
	queue, err := w.admin().ListQueue(ctx, testworld.As(ada, &adminv1.ListQueueRequest{}))
	if err != nil || len(queue.Msg.Items) != 1 || queue.Msg.Items[0].Kind != verifyqueue.KindConfirmation || queue.Msg.Items[0].RequestId != r3.Id {
		t.Fatalf("the queue: %v %v", queue, err)
	}
	if _, err := w.admin().DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: r3.Id, Decision: "approve"})); err != nil {
		t.Fatal(err)
	}
	if !w.GetProperty(t, barn).Verified || w.Balance(t, nina) != 11 {
		t.Errorf("approved by an administrator: verified %v, requester %d", w.GetProperty(t, barn).Verified, w.Balance(t, nina))
	}
	if bad := w.LedgerMismatches(t); len(bad) > 0 {
		t.Errorf("balances that are not the sum of their ledger: %v", bad)
	}
}

// Item 3: a fresh account sent six requests about other owners' listings to one established
// account, which rejected them all and earned 60 XP and 6 tokens. Now fresh accounts cannot ask,
// answers to an account the verifier is linked to earn nothing, and at most 10 answers a day earn
// (raced in parallel); a held approval earns nothing until an administrator approves it.
func TestAnsweringRequestsEarnsNoUncappedRewards(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, testserver.Options{TrustedProxies: 1})
	owner := w.Established(t, "olga", "landlord")
	w.signedIn(t, "olga", "203.0.113.1")
	farmer := w.Established(t, "farmer", "landlord")
	w.signedIn(t, "farmer", "198.51.100.7")
	farmerID := w.UserID(t, "farmer")
	var listings []int32
	for i := range 14 {
		listings = append(listings, w.Property(t, "olga", fmt.Sprintf("Flat %d", i)))
	}

	// The attack as found: a fresh sender.
	fresh := w.Person(t, "fresh", "tenant")
	if _, err := w.pageRequest(fresh, listings[0], farmerID, "192.0.2.1"); testworld.Failure(err) == "ok" {
		t.Fatal("a fresh account sent a request")
	}
	// An established sender on the farmer's own network: six rejections earn nothing.
	w.Established(t, "sock", "tenant")
	w.signedIn(t, "sock", "198.51.100.7")
	var sent []int32
	for _, p := range listings[:6] {
		r, err := w.pageRequest("token-sock", p, farmerID, "198.51.100.7")
		if err != nil {
			t.Fatal(err)
		}
		sent = append(sent, r.Id)
	}
	for _, id := range sent {
		if a := w.answerFrom(t, farmer, id, "rejected", "198.51.100.7"); a.TokensEarned != 0 {
			t.Errorf("a rejection of a linked sender's request earned %d", a.TokensEarned)
		}
	}
	if w.Balance(t, farmer) != 10 || w.xp(t, "farmer") != 0 {
		t.Fatalf("the farmer has %d tokens and %d XP, want 10 and 0", w.Balance(t, farmer), w.xp(t, "farmer"))
	}

	// The owner asks about her 14 listings (less the six answered): eight answers, plus six more
	// from another independent sender, all at once: ten earn, whichever they are.
	owned := w.ask(t, owner, listings[6], "farmer")
	for _, p := range listings[7:] {
		owned = append(owned, w.ask(t, owner, p, "farmer")...)
	}
	w.Established(t, "nina", "tenant")
	w.signedIn(t, "nina", "192.0.2.60")
	for _, p := range listings[:6] { // the farmer already answered sock about these: ask about others
		other := w.ID(t, `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
			SELECT 'Other ' || $1::int, '3 Park Lane', 'Leeds', 'apartment', 800, id, 'other-' || $1::int FROM users WHERE username = 'olga' RETURNING id`, p)
		r, err := w.pageRequest("token-nina", other, farmerID, "192.0.2.60")
		if err != nil {
			t.Fatal(err)
		}
		owned = append(owned, r)
	}
	if len(owned) != 14 {
		t.Fatalf("%d requests", len(owned))
	}
	earned := make([]int32, len(owned))
	var wg sync.WaitGroup
	for i, r := range owned {
		status := "rejected"
		if i%2 == 0 {
			status = "approved"
		}
		wg.Go(func() { earned[i] = w.answerFrom(t, farmer, r.Id, status, "198.51.100.7").TokensEarned })
	}
	wg.Wait()
	total := int32(0)
	for _, e := range earned {
		total += e
	}
	if total != 10 || w.Balance(t, farmer) != 20 || w.xp(t, "farmer") != 100 {
		t.Errorf("14 independent answers at once earned %d tokens (balance %d) and %d XP, want 10, 20 and 100",
			total, w.Balance(t, farmer), w.xp(t, "farmer"))
	}
	if bad := w.LedgerMismatches(t); len(bad) > 0 {
		t.Errorf("balances that are not the sum of their ledger: %v", bad)
	}
}

// Item 3's administrators' mark: a request found arranged loses what it paid — the verifier's
// token and XP, the requester's token — and the badge it granted; a balance spent since goes to
// zero and no further, and the ledger row says what was written off. Once only, answered requests
// only, administrators only.
func TestMarkingARequestArrangedTakesItsRewardsBack(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	owner := w.Established(t, "olga", "landlord")
	vera := w.Established(t, "vera", "landlord")
	tina := w.Established(t, "tina", "tenant")
	ada := w.Person(t, "ada", "admin")
	flat, loft := w.Property(t, "olga", "Garden flat"), w.Property(t, "olga", "City loft")

	// Tina asks Vera about the flat; Vera confirms; Olga accepts: Vera and Tina each earn 1.
	r, err := w.pageRequest(tina, flat, w.UserID(t, "vera"), "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	xpBefore := w.xp(t, "vera")
	if a := w.answerFrom(t, vera, r.Id, "approved", "127.0.0.1"); a.TokensEarned != 1 || w.xp(t, "vera") != xpBefore+10 {
		t.Fatalf("vera's answer earned %d tokens, %d XP", a.TokensEarned, w.xp(t, "vera")-xpBefore)
	}
	if _, err := w.verification.DecideConfirmation(ctx, testworld.As(owner, &verificationv1.DecideConfirmationRequest{Id: r.Id, Accept: true})); err != nil {
		t.Fatal(err)
	}
	// Vera spends her balance to nothing (a debit as the ledger writes one).
	w.Exec(t, `WITH d AS (INSERT INTO token_transactions (user_id, amount, transaction_type, related_entity_type, description)
		SELECT id, -tokens, 'other', 'other', 'Spent' FROM users WHERE username = 'vera' RETURNING user_id, amount)
		UPDATE users u SET tokens = u.tokens + d.amount FROM d WHERE u.id = d.user_id`)
	unanswered := w.ask(t, owner, loft, "vera")[0]
	// While the flat was verified, Olga vouched for Theo's tenancy.
	w.Established(t, "theo", "tenant")
	theos := w.ID(t, `INSERT INTO tenant_verifications (tenant_id, property_id, from_month, status, proof, verified_by_id, verification_date, decided_at)
		VALUES ($1, $2, '2023-01-01', 'approved', 'landlord', $3, now(), now()) RETURNING id`, w.UserID(t, "theo"), flat, w.UserID(t, "olga"))

	for _, c := range []struct {
		name, token string
		id          int32
		want        string
	}{
		{"not an administrator", owner, r.Id, "permission_denied: Only administrators can use the administrators' queue."},
		{"no reason", ada, r.Id, "invalid_argument: Please say why the request was arranged: it is kept with the decision"},
		{"unanswered", ada, unanswered.Id, "failed_precondition: Only a request its addressee answered can be marked arranged."},
	} {
		msg := "Vera and Tina are the same person"
		if c.name == "no reason" {
			msg = ""
		}
		_, err := w.admin().MarkRequestArranged(ctx, testworld.As(c.token, &adminv1.MarkRequestArrangedRequest{RequestId: c.id, Message: msg}))
		if got := testworld.Failure(err); got != c.want {
			t.Errorf("%s: %s", c.name, got)
		}
	}
	res, err := w.admin().MarkRequestArranged(ctx, testworld.As(ada, &adminv1.MarkRequestArrangedRequest{RequestId: r.Id, Message: "Vera and Tina are the same person"}))
	if err != nil {
		t.Fatal(err)
	}
	if res.Msg.TokensTakenBack != 1 || !res.Msg.VerificationWithdrawn || res.Msg.Decision.Decision != "arranged" {
		t.Errorf("arranged: %v", res.Msg)
	}
	if w.Balance(t, vera) != 0 || w.Balance(t, tina) != 10 || w.xp(t, "vera") != xpBefore {
		t.Errorf("after: vera %d tokens %d XP, tina %d tokens", w.Balance(t, vera), w.xp(t, "vera"), w.Balance(t, tina))
	}
	if p := w.GetProperty(t, flat); p.Verified {
		t.Error("the badge the arranged request granted is still in force")
	}
	if n := w.ID(t, `SELECT count(*)::int FROM tenant_verifications WHERE id = $1 AND status = 'revoked'`, theos); n != 1 {
		t.Error("the tenancy Olga vouched for while the arranged badge was in force is still verified")
	}
	var owed, taken int32
	if err := w.Pool.QueryRow(ctx, `SELECT (metadata->>'owed')::int, (metadata->>'taken')::int FROM token_transactions t
		JOIN users u ON u.id = t.user_id WHERE u.username = 'vera' AND metadata ? 'reversal'`).Scan(&owed, &taken); err != nil || owed != 1 || taken != 0 {
		t.Errorf("vera's reversal row: owed %d, taken %d, %v", owed, taken, err)
	}
	if _, err := w.admin().MarkRequestArranged(ctx, testworld.As(ada, &adminv1.MarkRequestArrangedRequest{RequestId: r.Id, Message: "Again"})); testworld.Failure(err) !=
		"failed_precondition: This request is already marked arranged." {
		t.Errorf("marked twice: %s", testworld.Failure(err))
	}
	list, err := w.admin().ListAnsweredRequests(ctx, testworld.As(ada, &adminv1.ListAnsweredRequestsRequest{Username: "Tina"}))
	if err != nil || len(list.Msg.Requests) != 1 || list.Msg.Requests[0].ArrangedAt == nil || list.Msg.Requests[0].TokensPaid != 1 {
		t.Errorf("answered requests: %v %v", list, err) // Tina's token taken back, Vera's written off: net 1
	}
	if bad := w.LedgerMismatches(t); len(bad) > 0 {
		t.Errorf("balances that are not the sum of their ledger: %v", bad)
	}
}

// Item 1 for requests to people: the owner asked Vera, then moved the listing; Vera's approval,
// a confirmation waiting for the owner and an approval held for an administrator are all refused
// afterwards, and each request says why it closed.
func TestProofForTheOldAddressVerifiesNothingAfterAMove(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, testserver.Options{TrustedProxies: 1})
	ctx := context.Background()
	owner := w.Established(t, "olga", "landlord")
	w.signedIn(t, "olga", "203.0.113.1")
	vera := w.Established(t, "vera", "tenant")
	tina := w.Established(t, "tina", "tenant")
	wes := w.Established(t, "wes", "tenant")
	w.signedIn(t, "wes", "203.0.113.1") // on the owner's network: his approval is held
	ada := w.Person(t, "ada", "admin")
	home := w.Kenwood(t, "olga", "Kenwood flat", "kenwood")

	pending := w.ask(t, owner, home, "vera")[0]
	held := w.ask(t, owner, home, "wes")[0]
	if a := w.answerFrom(t, wes, held.Id, "approved", "203.0.113.1"); a.Request.Status != "held" {
		t.Fatalf("wes's approval: %v", a)
	}
	_, err := w.pageRequest(tina, home, w.UserID(t, "olga"), "192.0.2.5")
	if testworld.Failure(err) != "invalid_argument: olga owns this property and cannot confirm it. Please choose someone else." {
		t.Fatalf("asking the owner: %s", testworld.Failure(err))
	}
	w.Established(t, "larry", "landlord")
	page, err := w.pageRequest(tina, home, w.UserID(t, "larry"), "192.0.2.5")
	if err != nil {
		t.Fatal(err)
	}
	w.answerFrom(t, "token-larry", page.Id, "approved", "192.0.2.6")

	if moved := w.Move(t, owner, home, "Kenwood flat"); moved == nil || moved.VerificationRemoved {
		t.Fatalf("move: %v", moved)
	}
	closed := "failed_precondition: This request was closed: " + "t" + verification.MovedReason[1:]
	if _, err := w.answer(vera, pending.Id, "approved"); testworld.Failure(err) != closed {
		t.Errorf("vera's approval after the move: %s", testworld.Failure(err))
	}
	if _, err := w.verification.DecideConfirmation(ctx, testworld.As(owner, &verificationv1.DecideConfirmationRequest{Id: page.Id, Accept: true})); testworld.Failure(err) != closed {
		t.Errorf("accepting the confirmation after the move: %s", testworld.Failure(err))
	}
	if _, err := w.admin().DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: held.Id, Decision: "approve"})); testworld.Failure(err) != closed {
		t.Errorf("approving the held approval after the move: %s", testworld.Failure(err))
	}
	if w.GetProperty(t, home).Verified {
		t.Fatal("the listing is verified at its new address")
	}
	received, err := w.verification.ListReceivedVerificationRequests(ctx, testworld.As(vera, &verificationv1.ListReceivedVerificationRequestsRequest{}))
	if err != nil || len(received.Msg.Requests) != 1 || received.Msg.Requests[0].Status != "closed" ||
		received.Msg.Requests[0].StatusReason != verification.MovedReason || received.Msg.Requests[0].Address != "1407 Kenwood Avenue, Springfield, 62704, United States" {
		t.Errorf("what vera reads: %v %v", received, err)
	}
	// Asked again, Vera confirms the new address.
	again := w.ask(t, owner, home, "vera")[0]
	if again.Address != "500 Somewhere Else Blvd, Springfield, 62704, United States" {
		t.Errorf("the new request is about %q", again.Address)
	}
	if a, err := w.answer(vera, again.Id, "approved"); err != nil || !a.PropertyVerified {
		t.Errorf("confirming the new address: %v %v", a, err)
	}
}

// Item 1, raced: on many listings at once, the owner moves the listing while an administrator
// approves its held approval, or while the owner's own acceptance of a confirmation is on its
// way (another tab). Every decision takes the property's lock, so it sees the move — and is
// refused — or the move sees it and withdraws the badge: no listing ends verified.
func TestMovingRacingHeldApprovalsAndConfirmations(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, testserver.Options{TrustedProxies: 1})
	ctx := context.Background()
	owner := w.Established(t, "olga", "landlord")
	w.signedIn(t, "olga", "203.0.113.1")
	wes := w.Established(t, "wes", "landlord")
	w.signedIn(t, "wes", "203.0.113.1") // linked to the owner: his approvals are held
	larry := w.Established(t, "larry", "landlord")
	tina := w.Established(t, "tina", "tenant")
	ada := w.Person(t, "ada", "admin")
	const n = 8
	type target struct {
		home, request int32
		held          bool
	}
	var targets []target
	for i := range 2 * n {
		home := w.Kenwood(t, "olga", fmt.Sprintf("Flat %d", i), fmt.Sprintf("flat-%d", i))
		if i < n {
			r := w.ask(t, owner, home, "wes")[0]
			if a := w.answerFrom(t, wes, r.Id, "approved", "203.0.113.1"); a.Request.Status != "held" {
				t.Fatalf("not held: %v", a.Request)
			}
			targets = append(targets, target{home, r.Id, true})
			continue
		}
		r, err := w.pageRequest(tina, home, w.UserID(t, "larry"), "192.0.2.5")
		if err != nil {
			t.Fatal(err)
		}
		if a := w.answerFrom(t, larry, r.Id, "approved", "192.0.2.6"); a.Request.Status != "confirmed" {
			t.Fatalf("not confirmed: %v", a.Request)
		}
		targets = append(targets, target{home, r.Id, false})
	}
	closed := "failed_precondition: This request was closed: t" + verification.MovedReason[1:]
	decided, removed := make([]bool, len(targets)), make([]bool, len(targets))
	var wg sync.WaitGroup
	for i, tg := range targets {
		wg.Go(func() {
			var err error
			if tg.held {
				_, err = w.admin().DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: tg.request, Decision: "approve"}))
			} else {
				_, err = w.verification.DecideConfirmation(ctx, testworld.As(owner, &verificationv1.DecideConfirmationRequest{Id: tg.request, Accept: true}))
			}
			decided[i] = err == nil
			if err != nil && testworld.Failure(err) != closed {
				t.Errorf("decide %d: %s", tg.request, testworld.Failure(err))
			}
		})
		wg.Go(func() {
			removed[i] = w.Move(t, owner, tg.home, "Moved flat").GetVerificationRemoved()
		})
	}
	wg.Wait()
	for i, tg := range targets {
		if p := w.GetProperty(t, tg.home); p.Verified || decided[i] != removed[i] {
			t.Errorf("listing %d (held %v): verified %v, decided %v, the move withdrew %v", tg.home, tg.held, p.Verified, decided[i], removed[i])
		}
	}
	if bad := w.LedgerMismatches(t); len(bad) > 0 {
		t.Errorf("balances that are not the sum of their ledger: %v", bad)
	}
}

// Two owners who verify each other's listings (linked, so each approval is held) are approved
// by administrators at the same moment, many times over: each decision awards the owner and pays
// the verifier, so the two decisions of a pair meet the same two people in opposite orders. The
// people on a decision are locked at once in id order (gamification.LockPeople), so every
// decision succeeds instead of one of a pair dying in a deadlock.
func TestCrossedApprovalsNeverDeadlock(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, testserver.Options{TrustedProxies: 1})
	ctx := context.Background()
	xena := w.Established(t, "xena", "landlord")
	yuri := w.Established(t, "yuri", "landlord")
	w.signedIn(t, "xena", "203.0.113.9")
	w.signedIn(t, "yuri", "203.0.113.9")
	ada := w.Person(t, "ada", "admin")
	const pairs = 12
	var held []int32
	for i := range pairs {
		for _, c := range []struct{ owner, ownerToken, verifier, verifierToken string }{
			{"xena", xena, "yuri", yuri}, {"yuri", yuri, "xena", xena},
		} {
			home := w.ID(t, `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
				SELECT $1 || ' flat ' || $2::int, $2::int || ' Park Lane', 'Leeds', 'apartment', 900, id, $1 || '-flat-' || $2::int
				FROM users WHERE username = $1 RETURNING id`, c.owner, i)
			r := w.ask(t, c.ownerToken, home, c.verifier)[0]
			if a := w.answerFrom(t, c.verifierToken, r.Id, "approved", "203.0.113.9"); a.Request.Status != "held" {
				t.Fatalf("not held: %v", a.Request)
			}
			held = append(held, r.Id)
		}
	}
	errs := make([]error, len(held))
	var wg sync.WaitGroup
	for i, id := range held {
		wg.Go(func() {
			_, errs[i] = w.admin().DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: id, Decision: "approve"}))
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("approve %d: %v", held[i], err)
		}
	}
	if bad := w.LedgerMismatches(t); len(bad) > 0 {
		t.Errorf("balances that are not the sum of their ledger: %v", bad)
	}
}
