package verification_test

import (
	"context"
	"fmt"
	"testing"

	"connectrpc.com/connect"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	tokenv1 "github.com/rentproof/rentproof/gen/rentproof/token/v1"
	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/verification"
)

// A landlord asks two verifiers; one approves: the property is verified with its proof
// everywhere it is read, the verifier earns a token with a ledger row, the other request closes
// without a reward, and the activities are recorded.
func TestOwnerPathApproval(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	owner := w.Established(t, "olga", "landlord")
	flat := w.Property(t, "olga", "Garden flat")
	vera := w.Established(t, "vera", "tenant")
	wes := w.Established(t, "wes", "agent")

	reqs := w.ask(t, owner, flat, "vera", "wes")
	if len(reqs) != 2 {
		t.Fatalf("requests: %v", reqs)
	}
	r := reqs[1] // vera's: newest first
	if r.RequestedTo.GetUsername() != "vera" || r.RequestedBy.GetUsername() != "olga" || r.OwnerUsername != "olga" ||
		r.PropertyTitle != "Garden flat" || r.Status != "pending" || r.Message != "Please confirm" || r.IncentiveAmount != "1.00" ||
		r.ExpiresAt.AsTime().Sub(r.CreatedAt.AsTime()) != verification.Lifetime || r.RespondedAt != nil {
		t.Errorf("the new request: %v", r)
	}
	if p := w.GetProperty(t, flat); p.Verified || p.VerificationProof != "" {
		t.Fatalf("verified before any answer: %v", p)
	}

	res, err := w.verification.AnswerVerificationRequest(ctx, testworld.As(vera, &verificationv1.AnswerVerificationRequestRequest{
		Id: r.Id, Status: "approved", ResponseMessage: "  I lived next door  ",
	}))
	if err != nil {
		t.Fatal(err)
	}
	a := res.Msg
	if !a.PropertyVerified || a.TokensEarned != 1 || a.Request.Status != "approved" || a.Request.ResponseMessage != "I lived next door" ||
		a.Request.RespondedAt == nil || a.Request.StatusReason != "" {
		t.Errorf("answer: %v", a)
	}

	// The proof, from every read of a property.
	p := w.GetProperty(t, flat)
	if !p.Verified || p.VerificationProof != "confirmed" || p.VerificationConfirmations != 1 {
		t.Errorf("get: verified %v, proof %q, confirmations %d", p.Verified, p.VerificationProof, p.VerificationConfirmations)
	}
	batch, err := w.properties.BatchGetProperties(ctx, connect.NewRequest(&propertyv1.BatchGetPropertiesRequest{Ids: []int32{flat}}))
	if err != nil || batch.Msg.Properties[flat].GetVerificationProof() != "confirmed" || batch.Msg.Properties[flat].GetVerificationConfirmations() != 1 {
		t.Errorf("batch: %v %v", batch, err)
	}
	found, err := w.properties.SearchProperties(ctx, connect.NewRequest(&propertyv1.SearchPropertiesRequest{City: "Leeds", VerifiedOnly: true}))
	if err != nil || len(found.Msg.Properties) != 1 || found.Msg.Properties[0].VerificationProof != "confirmed" {
		t.Errorf("search: %v %v", found, err)
	}

	// The reward, in the balance and the ledger, newest first.
	if got := w.Balance(t, vera); got != 11 {
		t.Errorf("vera's balance %d, want 11", got)
	}
	tx, err := w.tokens.ListTransactions(ctx, testworld.As(vera, &tokenv1.ListTransactionsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if l := tx.Msg; l.Total != 2 || len(l.Transactions) != 2 || l.HasMore ||
		l.Transactions[0].Amount != 1 || l.Transactions[0].TransactionType != "verification_reward" ||
		l.Transactions[0].RelatedEntityType != "verification_request" || l.Transactions[0].RelatedEntityId != r.Id ||
		l.Transactions[0].Description != "Reward for answering the verification request for Garden flat" ||
		l.Transactions[1].TransactionType != "initial_allocation" || l.Transactions[1].Amount != 10 {
		t.Errorf("vera's ledger: %v", l)
	}
	// The owner judged nothing and earned nothing; wes's request closed unanswered.
	if got := w.Balance(t, owner); got != 10 {
		t.Errorf("owner's balance %d, want 10", got)
	}
	received, err := w.verification.ListReceivedVerificationRequests(ctx, testworld.As(wes, &verificationv1.ListReceivedVerificationRequestsRequest{}))
	if err != nil || len(received.Msg.Requests) != 1 || received.Msg.Requests[0].Status != "closed" ||
		received.Msg.Requests[0].StatusReason != verification.ClosedReason {
		t.Errorf("wes's request: %v %v", received, err)
	}
	if _, err := w.answer(wes, received.Msg.Requests[0].Id, "approved"); err == nil {
		t.Error("a closed request was answered")
	}
	if got := w.Balance(t, wes); got != 10 {
		t.Errorf("wes's balance %d, want 10", got)
	}
	// The owner's sent list shows both, titles included.
	created, err := w.verification.ListCreatedVerificationRequests(ctx, testworld.As(owner, &verificationv1.ListCreatedVerificationRequestsRequest{}))
	if err != nil || len(created.Msg.Requests) != 2 || created.Msg.Requests[0].Status != "closed" || created.Msg.Requests[1].Status != "approved" ||
		created.Msg.Requests[1].PropertyTitle != "Garden flat" {
		t.Errorf("owner's sent requests: %v %v", created, err)
	}

	// The audit trail and the activities.
	var proof string
	var confirmations, grantedFrom, grantedBy int32
	if err := w.Pool.QueryRow(ctx, `SELECT proof, confirmations, request_id, granted_by FROM property_verifications
		WHERE property_id = $1 AND withdrawn_at IS NULL`, flat).Scan(&proof, &confirmations, &grantedFrom, &grantedBy); err != nil {
		t.Fatal(err)
	}
	if proof != "confirmed" || confirmations != 1 || grantedFrom != r.Id || grantedBy != w.UserID(t, "vera") {
		t.Errorf("audit row: %s %d from %d by %d", proof, confirmations, grantedFrom, grantedBy)
	}
	activities := w.ID(t, `SELECT count(*) FROM user_activities WHERE
		(user_id = $1 AND activity_type = 'verification_completed' AND entity_type = 'verification' AND entity_id = $2)
		OR (user_id = $3 AND activity_type = 'verification_requested')`, w.UserID(t, "vera"), r.Id, w.UserID(t, "olga"))
	if activities != 3 {
		t.Errorf("%d activities, want vera's verification_completed and olga's two verification_requested", activities)
	}

	// A verified property takes no new requests.
	_, err = w.verification.CreateVerificationRequest(ctx, testworld.As(owner, &verificationv1.CreateVerificationRequestRequest{
		PropertyId: flat, VerifierUsernames: []string{"xavier"},
	}))
	if got, want := testworld.Failure(err), "failed_precondition: This property is already verified."; got != want {
		t.Errorf("after verification: %s", got)
	}
}

// The property page's path: an established tenant asks a landlord, who approves; the approval
// verifies nothing until the owner accepts it, and then the requester earns a token. A rejection
// earns the verifier a token and verifies nothing. A fresh account cannot ask at all.
func TestPropertyPagePath(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	owner := w.Established(t, "olga", "landlord")
	flat := w.Property(t, "olga", "Garden flat")
	loft := w.Property(t, "olga", "City loft")
	tenant := w.Established(t, "tina", "tenant")
	larry := w.Established(t, "larry", "landlord")
	lena := w.Established(t, "lena", "landlord")

	fresh := w.Person(t, "fred", "tenant")
	_, err := w.verification.CreateVerificationRequest(ctx, testworld.As(fresh, &verificationv1.CreateVerificationRequestRequest{
		PropertyId: flat, RequestedToId: w.UserID(t, "larry"),
	}))
	if got, want := testworld.Failure(err), "failed_precondition: You cannot ask for this property to be verified yet: only accounts open for at least 7 days with a published review can."; got != want {
		t.Errorf("a fresh account asked: %s", got)
	}

	send := func(property int32, to string) *verificationv1.VerificationRequest {
		t.Helper()
		res, err := w.verification.CreateVerificationRequest(ctx, testworld.As(tenant, &verificationv1.CreateVerificationRequestRequest{
			PropertyId: property, RequestedToId: w.UserID(t, to), Notes: "The listing matches what I saw",
		}))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Msg.Requests) != 1 || res.Msg.Requests[0].Message != "The listing matches what I saw" {
			t.Fatalf("request: %v", res.Msg)
		}
		return res.Msg.Requests[0]
	}
	rejected := send(loft, "lena")
	if a, err := w.answer(lena, rejected.Id, "rejected"); err != nil || a.PropertyVerified || a.TokensEarned != 1 || a.Request.Status != "rejected" {
		t.Fatalf("reject: %v %v", a, err)
	}
	if p := w.GetProperty(t, loft); p.Verified {
		t.Error("a rejection verified the loft")
	}
	if got := w.Balance(t, tenant); got != 10 {
		t.Errorf("the requester earned %d for a rejection", got-10)
	}

	approved := send(flat, "larry")
	a, err := w.answer(larry, approved.Id, "approved")
	if err != nil || a.PropertyVerified || a.TokensEarned != 1 || a.Request.Status != "confirmed" || a.Request.StatusReason != verification.ConfirmedReason {
		t.Fatalf("approve: %v %v", a, err)
	}
	if w.GetProperty(t, flat).Verified || w.Balance(t, tenant) != 10 {
		t.Fatal("a confirmation the owner did not ask for verified the flat, or paid its requester")
	}
	// The owner sees it, with the confirmer and their message, and accepts it.
	list, err := w.verification.ListConfirmationsToAccept(ctx, testworld.As(owner, &verificationv1.ListConfirmationsToAcceptRequest{}))
	if err != nil || len(list.Msg.Requests) != 1 || list.Msg.Requests[0].RequestedTo.Username != "larry" || list.Msg.Requests[0].Id != approved.Id {
		t.Fatalf("the owner's confirmations: %v %v", list, err)
	}
	for _, who := range []string{tenant, larry} {
		if _, err := w.verification.DecideConfirmation(ctx, testworld.As(who, &verificationv1.DecideConfirmationRequest{Id: approved.Id, Accept: true})); testworld.Failure(err) !=
			"permission_denied: Only the property's owner can accept or decline its confirmations." {
			t.Errorf("someone else accepted it: %s", testworld.Failure(err))
		}
	}
	d, err := w.verification.DecideConfirmation(ctx, testworld.As(owner, &verificationv1.DecideConfirmationRequest{Id: approved.Id, Accept: true}))
	if err != nil || !d.Msg.PropertyVerified || d.Msg.Request.Status != "approved" {
		t.Fatalf("accept: %v %v", d, err)
	}
	if p := w.GetProperty(t, flat); !p.Verified || p.VerificationProof != "confirmed" {
		t.Errorf("accepted, the flat reads %v / %q", p.Verified, p.VerificationProof)
	}
	if _, err := w.verification.DecideConfirmation(ctx, testworld.As(owner, &verificationv1.DecideConfirmationRequest{Id: approved.Id, Accept: false})); testworld.Failure(err) !=
		"failed_precondition: This request is not a confirmation waiting for the owner." {
		t.Errorf("decided twice: %s", testworld.Failure(err))
	}
	for token, want := range map[string]int32{tenant: 11, larry: 11, lena: 11} {
		if got := w.Balance(t, token); got != want {
			t.Errorf("%s: balance %d, want %d", token, got, want)
		}
	}
	tx, err := w.tokens.ListTransactions(ctx, testworld.As(tenant, &tokenv1.ListTransactionsRequest{PageSize: 1}))
	if err != nil || tx.Msg.Total != 2 || !tx.Msg.HasMore || tx.Msg.Transactions[0].Description != "Reward: Garden flat was verified through your request" {
		t.Errorf("the requester's ledger: %v %v", tx, err)
	}
	if bad := w.LedgerMismatches(t); len(bad) > 0 {
		t.Errorf("balances that are not the sum of their ledger: %v", bad)
	}
}

// An administrator withdraws a badge: the property reads unverified, the audit row stays with
// who, when and why, and the property can be confirmed again (by people not asked before).
func TestWithdrawVerification(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	owner := w.Established(t, "olga", "landlord")
	flat := w.Property(t, "olga", "Garden flat")
	vera := w.Established(t, "vera", "tenant")
	w.Established(t, "wes", "tenant")
	admin := w.Person(t, "root", "admin")
	r := w.ask(t, owner, flat, "vera")[0]
	if _, err := w.answer(vera, r.Id, "approved"); err != nil {
		t.Fatal(err)
	}
	withdraw := func(token string, property int32, reason string) string {
		_, err := w.verification.WithdrawVerification(ctx, testworld.As(token, &verificationv1.WithdrawVerificationRequest{PropertyId: property, Reason: reason}))
		return testworld.Failure(err)
	}
	for _, c := range []struct{ name, token, reason, want string }{
		{"signed out", "", "Fake", "unauthenticated: Please sign in as an administrator."},
		{"the owner", owner, "Fake", "permission_denied: Only administrators can withdraw a verification."},
		{"the verifier", vera, "Fake", "permission_denied: Only administrators can withdraw a verification."},
		{"no reason", admin, "   ", "invalid_argument: Please give the reason for withdrawing the verification"},
		{"a long reason", admin, long(501), "invalid_argument: Reason must be at most 500 characters"},
		{"withdrawn", admin, "The photos are of another building", "ok"},
		{"withdrawn twice", admin, "Again", "failed_precondition: This property is not verified."},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := withdraw(c.token, flat, c.reason); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	if got := withdraw(admin, 9999, "Gone"); got != "not_found: Property Not Found" {
		t.Errorf("missing property: %s", got)
	}
	if p := w.GetProperty(t, flat); p.Verified || p.VerificationProof != "" || p.VerificationConfirmations != 0 {
		t.Errorf("after withdrawal: %v", p)
	}
	var reason string
	var by int32
	var withdrawn bool
	if err := w.Pool.QueryRow(ctx, `SELECT withdraw_reason, withdrawn_by, withdrawn_at IS NOT NULL FROM property_verifications
		WHERE property_id = $1`, flat).Scan(&reason, &by, &withdrawn); err != nil {
		t.Fatal(err)
	}
	if reason != "The photos are of another building" || by != w.UserID(t, "root") || !withdrawn {
		t.Errorf("audit row: %q by %d, withdrawn %v", reason, by, withdrawn)
	}
	// Vera answered once already; wes may confirm it again.
	_, err := w.verification.CreateVerificationRequest(ctx, testworld.As(owner, &verificationv1.CreateVerificationRequestRequest{PropertyId: flat, VerifierUsernames: []string{"vera"}}))
	if got := testworld.Failure(err); got != "already_exists: vera has already answered a request to verify this property." {
		t.Errorf("asking vera again: %s", got)
	}
	again := w.ask(t, owner, flat, "wes")[0]
	if a, err := w.answer("token-wes", again.Id, "approved"); err != nil || !a.PropertyVerified {
		t.Errorf("confirmed again: %v %v", a, err)
	}
	if n := w.ID(t, `SELECT count(*) FROM property_verifications WHERE property_id = $1`, flat); n != 2 {
		t.Errorf("%d audit rows, want the withdrawn one and the new one", n)
	}
}

// Lists page newest first and say whether more follow.
func TestRequestListsPage(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	owner := w.Established(t, "olga", "landlord")
	vera := w.Established(t, "vera", "tenant")
	for i := range 5 {
		w.ask(t, owner, w.Property(t, "olga", fmt.Sprintf("Flat %d", i)), "vera")
	}
	page1, err := w.verification.ListReceivedVerificationRequests(ctx, testworld.As(vera, &verificationv1.ListReceivedVerificationRequestsRequest{PageSize: 3}))
	if err != nil {
		t.Fatal(err)
	}
	page2, err := w.verification.ListReceivedVerificationRequests(ctx, testworld.As(vera, &verificationv1.ListReceivedVerificationRequestsRequest{Page: 2, PageSize: 3}))
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, r := range append(page1.Msg.Requests, page2.Msg.Requests...) {
		titles = append(titles, r.PropertyTitle)
	}
	if fmt.Sprint(titles) != "[Flat 4 Flat 3 Flat 2 Flat 1 Flat 0]" || !page1.Msg.HasMore || page2.Msg.HasMore {
		t.Errorf("received: %v (more %v, %v)", titles, page1.Msg.HasMore, page2.Msg.HasMore)
	}
	_, err = w.verification.ListCreatedVerificationRequests(ctx, testworld.As("", &verificationv1.ListCreatedVerificationRequestsRequest{}))
	if got := testworld.Failure(err); got != "unauthenticated: Please sign in to see your verification requests." {
		t.Errorf("signed out: %s", got)
	}
	_, err = w.verification.ListReceivedVerificationRequests(ctx, testworld.As(vera, &verificationv1.ListReceivedVerificationRequestsRequest{PageSize: 101}))
	if got := testworld.Failure(err); got != "invalid_argument: Page size must be between 1 and 100" {
		t.Errorf("page size 101: %s", got)
	}
}
