package verifyqueue_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/rentproof/rentproof/gen/db"
	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/verification/v1/verificationv1connect"
	"github.com/rentproof/rentproof/internal/document"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/verifyqueue"
)

// A tiny PDF: what the server recognises is its signature.
const pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

// world is a server (documents up to 1 MiB) with the clients of the queue's services; olga owns
// the properties it lists.
type world struct {
	*testworld.World
	admin        adminv1connect.AdminServiceClient
	documents    adminv1connect.DocumentServiceClient
	verification verificationv1connect.VerificationServiceClient
}

func newWorld(t *testing.T) *world {
	t.Helper()
	w := testworld.Start(t, testserver.Options{MaxBodyBytes: 1 << 20})
	return &world{
		World:        w,
		admin:        adminv1connect.NewAdminServiceClient(http.DefaultClient, w.URL),
		documents:    adminv1connect.NewDocumentServiceClient(http.DefaultClient, w.URL),
		verification: verificationv1connect.NewVerificationServiceClient(http.DefaultClient, w.URL),
	}
}

type file struct{ name, content string }

// upload posts documents to upload-documents as token.
func (w *world) upload(t *testing.T, token string, propertyID int32, files ...file) (int, map[string]any) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, f := range files {
		part, err := mw.CreateFormFile("documents", f.name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = part.Write([]byte(f.content))
	}
	_ = mw.Close()
	status, _, body := testworld.Send(t, http.MethodPost, w.URL+fmt.Sprintf("/api/properties/%d/upload-documents", propertyID), token, mw.FormDataContentType(), &buf)
	var out map[string]any
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatalf("upload answer %q: %v", body, err)
	}
	return status, out
}

// submit uploads a PDF for the owner's property and sends it; it returns the request and the
// document's URL.
func (w *world) submit(t *testing.T, token string, propertyID int32) (int32, string) {
	t.Helper()
	status, out := w.upload(t, token, propertyID, file{"deed.pdf", pdf})
	if status != http.StatusOK {
		t.Fatalf("upload: %d %v", status, out)
	}
	url := out["files"].([]any)[0].(string)
	body := fmt.Sprintf(`{"documentUrls":[%q],"notes":"Deed attached","documentsProvided":true,"selfVerified":true}`, url)
	status, _, res := testworld.Send(t, http.MethodPost, w.URL+fmt.Sprintf("/api/properties/%d/direct-verification", propertyID), token, "application/json", strings.NewReader(body))
	if status != http.StatusOK {
		t.Fatalf("direct verification: %d %s", status, res)
	}
	var answer struct {
		RequestID        int32 `json:"requestId"`
		PropertyVerified bool  `json:"propertyVerified"`
	}
	if err := json.Unmarshal([]byte(res), &answer); err != nil {
		t.Fatal(err)
	}
	if answer.PropertyVerified || answer.RequestID == 0 {
		t.Fatalf("direct verification answered %s", res)
	}
	return answer.RequestID, url
}

func (w *world) verified(t *testing.T, propertyID int32) string {
	t.Helper()
	var proof *string
	if err := w.Pool.QueryRow(context.Background(), `SELECT verification_proof FROM properties WHERE id = $1`, propertyID).Scan(&proof); err != nil {
		t.Fatal(err)
	}
	if proof == nil {
		return ""
	}
	return *proof
}

// Reading a document: its owner, an administrator and a verifier the owner invited for that
// property may; anyone else is refused, and no document is reachable under /uploads.
func TestDocumentReaders(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	olga := w.Established(t, "olga", "landlord")
	ada := w.Person(t, "ada", "admin")
	vera := w.Established(t, "vera", "tenant")
	tom := w.Established(t, "tom", "tenant")
	lars := w.Established(t, "lars", "landlord")
	home := w.Property(t, "olga", "Olga Home")
	other := w.Property(t, "olga", "Olga Other")
	_, url := w.submit(t, olga, home)

	// olga asks vera about this property, and tom about another one.
	if _, err := w.verification.CreateVerificationRequest(context.Background(), testworld.As(olga,
		&verificationv1.CreateVerificationRequestRequest{PropertyId: home, VerifierUsernames: []string{"vera"}, Message: "Please confirm"})); err != nil {
		t.Fatal(err)
	}
	if _, err := w.verification.CreateVerificationRequest(context.Background(), testworld.As(olga,
		&verificationv1.CreateVerificationRequestRequest{PropertyId: other, VerifierUsernames: []string{"tom"}, Message: "Please confirm"})); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		who, token string
		status     int
	}{
		{"owner", olga, 200}, {"admin", ada, 200}, {"invited verifier", vera, 200},
		{"verifier of another property", tom, 403}, {"another landlord", lars, 403}, {"signed out", "", 401},
	} {
		status, h, body := testworld.Send(t, http.MethodGet, w.URL+url, c.token, "", nil)
		if status != c.status {
			t.Errorf("%s: %d %s, want %d", c.who, status, body, c.status)
			continue
		}
		if status == 200 {
			if body != pdf || h.Get("Content-Type") != "application/pdf" || h.Get("X-Content-Type-Options") != "nosniff" ||
				h.Get("Cache-Control") != "private, no-store" || !strings.HasPrefix(h.Get("Content-Disposition"), "attachment") ||
				!strings.Contains(h.Get("Content-Disposition"), "deed.pdf") {
				t.Errorf("%s: headers %v body %q", c.who, h, body)
			}
		}
	}
	token := strings.TrimPrefix(url, "/api/documents/")
	for _, path := range []string{"/uploads/documents/" + token + ".pdf", "/uploads/" + token + ".pdf", "/api/documents/" + strings.Repeat("0", 32)} {
		if status, _, _ := testworld.Send(t, http.MethodGet, w.URL+path, ada, "", nil); status != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, status)
		}
	}
}

// The owner path: only the owner, documents recognised by content, at least one, notes up to
// 500, and sending does not verify; one request waits at a time.
func TestOwnerPathRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	olga := w.Person(t, "olga", "landlord")
	lars := w.Person(t, "lars", "landlord")
	home := w.Property(t, "olga", "Olga Home")

	if status, out := w.upload(t, lars, home, file{"deed.pdf", pdf}); status != 403 || out["message"] != "Only the property's owner can verify it with ownership documents." {
		t.Errorf("stranger's upload: %d %v", status, out)
	}
	if status, out := w.upload(t, "", home, file{"deed.pdf", pdf}); status != 401 {
		t.Errorf("signed-out upload: %d %v", status, out)
	}
	if status, out := w.upload(t, olga, home, file{"deed.pdf", "<html><script>alert(1)</script>"}); status != 400 ||
		out["message"] != "deed.pdf is not a JPEG, PNG or WebP image or a PDF." {
		t.Errorf("html as pdf: %d %v", status, out)
	}
	// An image format public uploads take but documents do not.
	if status, out := w.upload(t, olga, home, file{"deed.gif", "GIF89a" + strings.Repeat("\x00", 40)}); status != 400 ||
		out["message"] != "deed.gif is not a JPEG, PNG or WebP image or a PDF." {
		t.Errorf("gif: %d %v", status, out)
	}
	if status, out := w.upload(t, olga, home); status != 400 || out["message"] != "Please upload property ownership documents to verify your property" {
		t.Errorf("no files: %d %v", status, out)
	}
	many := make([]file, 11)
	for i := range many {
		many[i] = file{fmt.Sprintf("d%d.pdf", i), pdf}
	}
	if status, out := w.upload(t, olga, home, many...); status != 400 {
		t.Errorf("11 files: %d %v", status, out)
	}
	status, out := w.upload(t, olga, home, file{"deed.pdf", pdf}, file{"photo.png", "\x89PNG\r\n\x1a\n" + strings.Repeat("\x00", 40)})
	if status != 200 || len(out["files"].([]any)) != 2 {
		t.Fatalf("upload: %d %v", status, out)
	}
	url := out["files"].([]any)[0].(string)

	ctx := context.Background()
	for _, c := range []struct {
		name, token string
		msg         *adminv1.SubmitDirectVerificationRequest
		want        string
	}{
		{"no documents", olga, &adminv1.SubmitDirectVerificationRequest{PropertyId: home},
			"invalid_argument: Please upload property ownership documents to verify your property"},
		{"notes too long", olga, &adminv1.SubmitDirectVerificationRequest{PropertyId: home, DocumentUrls: []string{url}, Notes: strings.Repeat("n", 501)},
			"invalid_argument: Notes must be less than 500 characters"},
		{"stranger", lars, &adminv1.SubmitDirectVerificationRequest{PropertyId: home, DocumentUrls: []string{url}},
			"permission_denied: Only the property's owner can verify it with ownership documents."},
		{"someone else's document", olga, &adminv1.SubmitDirectVerificationRequest{PropertyId: home, DocumentUrls: []string{"/api/documents/" + strings.Repeat("a", 32)}},
			"invalid_argument: One of the documents was not found among your uploads for this property. Please upload it again."},
	} {
		_, err := w.documents.SubmitDirectVerification(ctx, testworld.As(c.token, c.msg))
		if got := testworld.Failure(err); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	res, err := w.documents.SubmitDirectVerification(ctx, testworld.As(olga, &adminv1.SubmitDirectVerificationRequest{
		PropertyId: home, DocumentUrls: []string{url}, Notes: strings.Repeat("n", 500)}))
	if err != nil || res.Msg.PropertyVerified {
		t.Fatalf("submit: %v %v", res, err)
	}
	if proof := w.verified(t, home); proof != "" {
		t.Errorf("direct verification verified the property: %s", proof)
	}
	// A second request while the first waits; the same document twice.
	_, err = w.documents.SubmitDirectVerification(ctx, testworld.As(olga, &adminv1.SubmitDirectVerificationRequest{PropertyId: home, DocumentUrls: []string{url}}))
	if got := testworld.Failure(err); got != "already_exists: Your documents for this property are already waiting for an administrator's decision." {
		t.Errorf("second request: %s", got)
	}
}

// Everyone but administrators is refused on the admin rpcs.
func TestAdminRPCsRefuseOthers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tenant := w.Person(t, "tom", "tenant")
	landlord := w.Person(t, "olga", "landlord")
	ctx := context.Background()
	for _, c := range []struct{ who, token, want string }{
		{"tenant", tenant, "permission_denied: Only administrators can use the administrators' queue."},
		{"landlord", landlord, "permission_denied: Only administrators can use the administrators' queue."},
		{"signed out", "", "unauthenticated: Please sign in as an administrator."},
	} {
		_, err := w.admin.ListQueue(ctx, testworld.As(c.token, &adminv1.ListQueueRequest{}))
		if got := testworld.Failure(err); got != c.want {
			t.Errorf("%s ListQueue: %s", c.who, got)
		}
		_, err = w.admin.DecideRequest(ctx, testworld.As(c.token, &adminv1.DecideRequestRequest{RequestId: 1, Decision: "approve"}))
		if got := testworld.Failure(err); got != c.want {
			t.Errorf("%s DecideRequest: %s", c.who, got)
		}
		_, err = w.admin.ListDecisions(ctx, testworld.As(c.token, &adminv1.ListDecisionsRequest{}))
		if got := testworld.Failure(err); got != c.want {
			t.Errorf("%s ListDecisions: %s", c.who, got)
		}
	}
}

// An administrator approves one owner's documents (the badge says documents) and rejects
// another's with a message the owner reads; every decision is kept with who, when and what.
func TestDecisionsAreRecorded(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	olga := w.Person(t, "olga", "landlord")
	ada := w.Person(t, "ada", "admin")
	home := w.Property(t, "olga", "Olga Home")
	flat := w.Property(t, "olga", "Olga Flat")
	approveID, url := w.submit(t, olga, home)
	rejectID, _ := w.submit(t, olga, flat)
	ctx := context.Background()

	queue, err := w.admin.ListQueue(ctx, testworld.As(ada, &adminv1.ListQueueRequest{}))
	if err != nil || len(queue.Msg.Items) != 2 {
		t.Fatalf("queue: %v %v", queue, err)
	}
	first := queue.Msg.Items[0]
	if first.Kind != "documents" || first.RequestId != approveID || first.Message != "Deed attached" || first.OwnerUsername != "olga" ||
		len(first.Documents) != 1 || first.Documents[0].Url != url || first.Documents[0].FileName != "deed.pdf" {
		t.Errorf("first item: %v", first)
	}

	_, err = w.admin.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: rejectID, Decision: "reject"}))
	if got := testworld.Failure(err); !strings.HasPrefix(got, "invalid_argument: Please say why") {
		t.Errorf("reject without a message: %s", got)
	}
	res, err := w.admin.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: approveID, Decision: "approve", Message: "Deed matches the land registry."}))
	if err != nil || !res.Msg.PropertyVerified || res.Msg.Decision.AdminUsername != "ada" {
		t.Fatalf("approve: %v %v", res, err)
	}
	if proof := w.verified(t, home); proof != "documents" {
		t.Errorf("proof %q, want documents", proof)
	}
	if _, err := w.admin.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: rejectID, Decision: "reject", Message: "The deed names someone else."})); err != nil {
		t.Fatal(err)
	}
	if proof := w.verified(t, flat); proof != "" {
		t.Errorf("rejected property verified: %s", proof)
	}
	created, err := w.verification.ListCreatedVerificationRequests(ctx, testworld.As(olga, &verificationv1.ListCreatedVerificationRequestsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int32]string{}
	for _, r := range created.Msg.Requests {
		seen[r.Id] = r.Status + " / " + r.ResponseMessage + fmt.Sprintf(" / %v", r.DocumentsVerified)
	}
	if seen[approveID] != "approved / Deed matches the land registry. / true" || seen[rejectID] != "rejected / The deed names someone else. / false" {
		t.Errorf("the owner reads %v", seen)
	}
	if _, err := w.admin.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: approveID, Decision: "reject", Message: "Changed my mind"})); testworld.Failure(err) != "failed_precondition: This request has already been decided." {
		t.Errorf("second decision: %s", testworld.Failure(err))
	}
	// A withdrawal is a decision too.
	if _, err := w.verification.WithdrawVerification(ctx, testworld.As(ada, &verificationv1.WithdrawVerificationRequest{PropertyId: home, Reason: "Sold"})); err != nil {
		t.Fatal(err)
	}
	// The review service's moderation decisions are copied into the log.
	review := w.ID(t, `INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		SELECT $1, id, 4, 'Fine place', 'A fine place to live for a year.', 'general' FROM users WHERE username = 'ada' RETURNING id`, flat)
	w.Exec(t, `INSERT INTO review_moderation_decisions (review_id, admin_id, decision, note)
		SELECT $1, id, 'remove', 'Spam' FROM users WHERE username = 'ada'`, review)
	if d, err := w.admin.ListDecisions(ctx, testworld.As(ada, &adminv1.ListDecisionsRequest{ReviewId: review})); err != nil ||
		len(d.Msg.Decisions) != 1 || d.Msg.Decisions[0].Decision != "remove" || d.Msg.Decisions[0].Message != "Spam" || d.Msg.Decisions[0].AdminUsername != "ada" {
		t.Errorf("review decisions: %v %v", d, err)
	}
	w.Exec(t, `DELETE FROM admin_decisions WHERE review_id IS NOT NULL`)
	list, err := w.admin.ListDecisions(ctx, testworld.As(ada, &adminv1.ListDecisionsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range list.Msg.Decisions {
		if d.AdminUsername != "ada" || d.CreatedAt == nil {
			t.Errorf("decision without who or when: %v", d)
		}
		got = append(got, fmt.Sprintf("%s %d %d %s", d.Decision, d.RequestId, d.PropertyId, d.Message))
	}
	want := []string{
		fmt.Sprintf("withdraw 0 %d Sold", home),
		fmt.Sprintf("reject %d %d The deed names someone else.", rejectID, flat),
		fmt.Sprintf("approve %d %d Deed matches the land registry.", approveID, home),
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("decisions\n got %v\nwant %v", got, want)
	}
	if queue, _ := w.admin.ListQueue(ctx, testworld.As(ada, &adminv1.ListQueueRequest{})); len(queue.Msg.Items) != 0 {
		t.Errorf("queue after deciding: %v", queue.Msg.Items)
	}
}

// Two administrators deciding one request at once: one decision, one refusal.
func TestParallelDecisionsDecideOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	olga := w.Person(t, "olga", "landlord")
	admins := []string{w.Person(t, "ada", "admin"), w.Person(t, "alan", "admin")}
	ctx := context.Background()
	for round := range 5 {
		home := w.Property(t, "olga", fmt.Sprintf("Home %d", round))
		id, _ := w.submit(t, olga, home)
		var wg sync.WaitGroup
		results := make([]string, len(admins))
		for i, token := range admins {
			wg.Go(func() {
				decision, msg := "approve", "Looks right"
				if i == 1 {
					decision, msg = "reject", "Looks wrong"
				}
				_, err := w.admin.DecideRequest(ctx, testworld.As(token, &adminv1.DecideRequestRequest{RequestId: id, Decision: decision, Message: msg}))
				results[i] = testworld.Failure(err)
			})
		}
		wg.Wait()
		oks := 0
		for _, r := range results {
			if r == "ok" {
				oks++
			} else if r != "failed_precondition: This request has already been decided." {
				t.Errorf("round %d: %s", round, r)
			}
		}
		n := w.ID(t, `SELECT count(*)::int FROM admin_decisions WHERE request_id = $1`, id)
		if oks != 1 || n != 1 {
			t.Errorf("round %d: %d successes, %d decisions recorded (%v)", round, oks, n, results)
		}
		approved := results[0] == "ok"
		if proof := w.verified(t, home); (proof == "documents") != approved {
			t.Errorf("round %d: proof %q after %v", round, proof, results)
		}
	}
}

// refunds is a Refunder that owes the refund in the decision's transaction, as the payment
// service does, and remembers the requests it was asked about.
type refunds struct {
	mu    sync.Mutex
	calls []int32
	fail  error
}

func (r *refunds) OweRefund(ctx context.Context, tx *db.Queries, id int32) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, id)
	if r.fail != nil {
		return r.fail
	}
	_, err := tx.OwePaidCheckRefund(ctx, db.OwePaidCheckRefundParams{RequestID: id, AmountCents: 1999})
	return err
}

// A paid check is approved with proof paid_check; rejecting one owes its refund in the same
// transaction, and without a refunder (or when owing the refund fails) it is refused and stays in
// the queue. A held approval
// approved by an administrator verifies with proof confirmed.
func TestPaidChecksAndHeldApprovals(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.Person(t, "olga", "landlord")
	w.Established(t, "vera", "tenant")
	adaID := w.ID(t, `INSERT INTO users (username, password_hash, email, first_name, last_name, role) VALUES ('ada', 'x', 'ada@example.com', 'Ada', 'A', 'admin') RETURNING id`)
	ctx := identity.WithSession(context.Background(), identity.Session{ID: 1, User: identity.User{ID: adaID, Username: "ada", Role: "admin"}})
	paid := func(title string) (int32, int32) {
		p := w.Property(t, "olga", title)
		id := w.ID(t, `INSERT INTO verification_requests (property_id, requested_by_id, status, payment_intent_id, payment_status)
			SELECT $1, landlord_id, 'paid', 'pi_' || $1::int, 'succeeded' FROM properties WHERE id = $1::int RETURNING id`, p)
		return p, id
	}

	p1, r1 := paid("Paid One")
	none := verifyqueue.NewService(w.Pool, nil)
	if _, err := none.Decide(ctx, r1, verifyqueue.Reject, "Not the owner"); testworld.Failure(err) != "Refunds are not available on this server, so a paid check cannot be rejected: approve it or try again once payments are configured." {
		t.Errorf("reject without a refunder: %v", err)
	}
	items, _, err := none.Queue(ctx, 1, 10)
	if err != nil || len(items) != 1 || items[0].Kind != verifyqueue.KindPaidCheck || items[0].PaymentIntentID != fmt.Sprintf("pi_%d", p1) {
		t.Errorf("queue: %v %v", items, err)
	}
	failing := &refunds{fail: errors.New("stripe is down")}
	if _, err := verifyqueue.NewService(w.Pool, failing).Decide(ctx, r1, verifyqueue.Reject, "Not the owner"); err == nil {
		t.Error("rejected although the refund failed")
	}
	if st := w.ID(t, `SELECT count(*)::int FROM verification_requests WHERE id = $1 AND status = 'paid'`, r1); st != 1 {
		t.Error("a failed refund changed the request")
	}
	r := &refunds{}
	svc := verifyqueue.NewService(w.Pool, r)
	d, err := svc.Decide(ctx, r1, verifyqueue.Reject, "Not the owner")
	if err != nil || !d.Refunded || fmt.Sprint(r.calls) != fmt.Sprint([]int32{r1}) {
		t.Errorf("reject: %v %v, refunds %v", d, err, r.calls)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM paid_check_refunds WHERE request_id = $1 AND refunded_at IS NULL`, r1); n != 1 {
		t.Errorf("the rejection left %d refunds owed, want 1", n)
	}
	if _, err := svc.Decide(ctx, r1, verifyqueue.Reject, "Again"); testworld.Failure(err) != "This request has already been decided." || len(r.calls) != 1 {
		t.Errorf("second reject: %v, refunds %v", err, r.calls)
	}

	p2, r2 := paid("Paid Two")
	if d, err := svc.Decide(ctx, r2, verifyqueue.Approve, ""); err != nil || !d.PropertyVerified || d.Refunded {
		t.Errorf("approve paid: %v %v", d, err)
	}
	if proof := w.verified(t, p2); proof != "paid_check" {
		t.Errorf("paid check proof %q", proof)
	}

	// A held approval of a request from the property page: its sender (tom) earns the token when
	// the administrator's approval verifies the property.
	w.Person(t, "tom", "tenant")
	p3 := w.Property(t, "olga", "Held")
	r3 := w.ID(t, `INSERT INTO verification_requests (property_id, requested_by_id, requested_to_id, status, status_reason)
		SELECT $1, t.id, v.id, 'held', 'Approved. Waiting for an administrator' FROM users t, users v WHERE t.username = 'tom' AND v.username = 'vera' RETURNING id`, p3)
	if d, err := svc.Decide(ctx, r3, verifyqueue.Approve, "Vera lives next door"); err != nil || !d.PropertyVerified {
		t.Errorf("approve held: %v %v", d, err)
	}
	if proof := w.verified(t, p3); proof != "confirmed" {
		t.Errorf("held approval proof %q", proof)
	}
	if tokens := w.ID(t, `SELECT tokens FROM users WHERE username = 'tom'`); tokens != 11 {
		t.Errorf("the requester has %d tokens, want 11", tokens)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM (SELECT u.id FROM users u LEFT JOIN token_transactions t ON t.user_id = u.id WHERE u.username <> 'ada'
		GROUP BY u.id HAVING u.tokens <> coalesce(sum(t.amount), 0)) m`); n != 0 {
		t.Errorf("a balance differs from its ledger")
	}
	if _, err := svc.Decide(ctx, 999999, verifyqueue.Approve, ""); testworld.Failure(err) != "Verification request not found." {
		t.Errorf("missing request: %v", err)
	}
}

// The declared retention (document.RetentionDays, 90) after the decision a document's file goes,
// not an hour before; the row, the request and the decision stay. Documents never sent go a day
// after their upload.
func TestDocumentsDeletedAfterRetention(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	olga := w.Person(t, "olga", "landlord")
	ada := w.Person(t, "ada", "admin")
	home := w.Property(t, "olga", "Olga Home")
	flat := w.Property(t, "olga", "Olga Flat")
	id, url := w.submit(t, olga, home)
	_, unsent := w.upload(t, olga, flat, file{"old.pdf", pdf})
	unsentURL := unsent["files"].([]any)[0].(string)
	ctx := context.Background()
	if _, err := w.admin.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: id, Decision: "approve"})); err != nil {
		t.Fatal(err)
	}
	if n, err := w.Documents.RemoveExpired(ctx); err != nil || n != 0 {
		t.Fatalf("nothing due yet: %d %v", n, err)
	}
	w.Exec(t, `UPDATE verification_requests SET responded_at = now() - make_interval(days => $2) + interval '1 hour' WHERE id = $1`, id, document.RetentionDays)
	if n, err := w.Documents.RemoveExpired(ctx); err != nil || n != 0 {
		t.Fatalf("an hour before the retention ends: %d %v", n, err)
	}
	w.Exec(t, `UPDATE verification_requests SET responded_at = now() - make_interval(days => $2) - interval '1 hour' WHERE id = $1`, id, document.RetentionDays)
	w.Exec(t, `UPDATE ownership_documents SET created_at = now() - interval '25 hours' WHERE request_id IS NULL`)
	if n, err := w.Documents.RemoveExpired(ctx); err != nil || n != 2 {
		t.Fatalf("removed %d %v, want 2", n, err)
	}
	if status, _, body := testworld.Send(t, http.MethodGet, w.URL+url, olga, "", nil); status != 404 || !strings.Contains(body, fmt.Sprintf("deleted %d days after", document.RetentionDays)) {
		t.Errorf("deleted document: %d %s", status, body)
	}
	if status, _, _ := testworld.Send(t, http.MethodGet, w.URL+unsentURL, olga, "", nil); status != 404 {
		t.Errorf("unsent document: %d", status)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM ownership_documents WHERE request_id = $1 AND deleted_at IS NOT NULL`, id); n != 1 {
		t.Errorf("the decided document's row: %d", n)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM admin_decisions WHERE request_id = $1`, id); n != 1 {
		t.Errorf("decision rows: %d", n)
	}
}

// An owner sending twice at once makes one request; another owner's document cannot be sent.
func TestOwnerAttacks(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	olga := w.Person(t, "olga", "landlord")
	lars := w.Person(t, "lars", "landlord")
	home := w.Property(t, "olga", "Olga Home")
	larsHome := w.ID(t, `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT 'Lars Home', '2 Park Lane', 'Leeds', 'house', 800, id, 'lars-home' FROM users WHERE username = 'lars' RETURNING id`)
	ctx := context.Background()

	_, out := w.upload(t, lars, larsHome, file{"lars.pdf", pdf})
	larsURL := out["files"].([]any)[0].(string)
	for _, c := range []struct {
		name     string
		property int32
	}{{"on the owner's own property", home}, {"on its own property", larsHome}} {
		_, err := w.documents.SubmitDirectVerification(ctx, testworld.As(olga, &adminv1.SubmitDirectVerificationRequest{PropertyId: c.property, DocumentUrls: []string{larsURL}}))
		if err == nil {
			t.Errorf("olga sent lars's document %s", c.name)
		}
	}
	// olga cannot read lars's document either.
	if status, _, _ := testworld.Send(t, http.MethodGet, w.URL+larsURL, olga, "", nil); status != http.StatusForbidden {
		t.Errorf("olga reads lars's document: %d", status)
	}

	const n = 8
	urls := make([]string, n)
	for i := range urls {
		_, out := w.upload(t, olga, home, file{fmt.Sprintf("d%d.pdf", i), pdf})
		urls[i] = out["files"].([]any)[0].(string)
	}
	var wg sync.WaitGroup
	results := make([]string, n)
	for i := range n {
		wg.Go(func() {
			_, err := w.documents.SubmitDirectVerification(ctx, testworld.As(olga, &adminv1.SubmitDirectVerificationRequest{PropertyId: home, DocumentUrls: []string{urls[i]}}))
			results[i] = testworld.Failure(err)
		})
	}
	wg.Wait()
	oks := 0
	for _, r := range results {
		if r == "ok" {
			oks++
		} else if r != "already_exists: Your documents for this property are already waiting for an administrator's decision." {
			t.Errorf("parallel submit: %s", r)
		}
	}
	requests := w.ID(t, `SELECT count(*)::int FROM verification_requests WHERE property_id = $1`, home)
	attached := w.ID(t, `SELECT count(*)::int FROM ownership_documents WHERE property_id = $1 AND request_id IS NOT NULL`, home)
	if oks != 1 || requests != 1 || attached != 1 {
		t.Errorf("%d sent, %d requests, %d documents attached (%v)", oks, requests, attached, results)
	}
}
